// The API reference (/api/docs) and the OpenAPI document it shows: every operation tagged by area and summarised.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { registerAccessControl, registerWithAccess } from './access.ts';
import { API_AREAS } from './api-operations.ts';
import type { AppContext } from './context.ts';
import { apiDocsEnabled } from './api-docs.ts';
import { readEnv } from './env.ts';

type Operation = { tags?: string[]; summary?: string };
type OpenApiDocument = { tags?: { name: string }[]; paths: Record<string, Record<string, Operation>> };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** 'GET /api/x/:id' for every operation of the document (its `{id}` path parameters back in Fastify's form). */
function operationsOf(doc: OpenApiDocument): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [path, item] of Object.entries(doc.paths)) {
    const url = path.replace(/\{\*\}/g, '*').replace(/\{([^}]+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(item)) {
      if (METHODS.has(method)) out.set(`${method.toUpperCase()} ${url}`, operation);
    }
  }
  return out;
}

describe('the API reference at /api/docs', () => {
  let dev: TestApp;
  beforeAll(async () => {
    dev = await createTestApp({ crm: 'none' });
  });
  afterAll(async () => {
    await dev.close();
  });

  it('answers outside production, with its scripts and styles served from the package (no CDN, nothing inline)', async () => {
    const page = await dev.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body;
    const sources = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source).toMatch(/^\/api\/docs\/static\//);
    // Every script has a src: the CSP's script-src 'self' (helmet) allows them all.
    expect([...html.matchAll(/<script\b([^>]*)>/g)].every((m) => /\bsrc=/.test(m[1] ?? ''))).toBe(true);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    for (const source of sources) {
      const asset = await dev.app.inject({ method: 'GET', url: source });
      expect(asset.statusCode, source).toBe(200);
    }
    const document = await dev.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    expect(document.json<OpenApiDocument>().paths).toEqual(dev.app.swagger().paths);
  });

  it('tags every operation of the OpenAPI document with its area and gives each a summary', async () => {
    const doc = (await dev.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
    const areaTags = API_AREAS.map((a) => a.tag);
    expect(doc.tags?.map((t) => t.name)).toEqual(areaTags);
    const operations = operationsOf(doc);
    expect(operations.size).toBeGreaterThan(200);
    const untagged = [...operations].filter(([, op]) => !op.tags?.length).map(([key]) => key);
    expect(untagged, 'operations without a tag: add them to platform/api-operations.ts').toEqual([]);
    const unsummarised = [...operations].filter(([, op]) => !op.summary).map(([key]) => key);
    expect(unsummarised, 'operations without a summary: add them to platform/api-operations.ts').toEqual([]);
    for (const [key, op] of operations) expect(areaTags, key).toEqual(expect.arrayContaining(op.tags ?? []));
    // Every area has operations, and no entry of the catalogue names a route that does not exist.
    for (const tag of areaTags)
      expect(
        [...operations.values()].some((op) => op.tags?.includes(tag)),
        tag,
      ).toBe(true);
    const listed = API_AREAS.flatMap((a) => Object.values(a.modules).flatMap((ops) => Object.keys(ops)));
    expect(new Set(listed).size, 'an operation listed twice').toBe(listed.length);
    expect(listed.filter((key) => !operations.has(key))).toEqual([]);
  });
});

describe('the API reference in production', () => {
  it('is 404 without API_DOCS, and served with API_DOCS=on', async () => {
    const hidden = await createTestApp({ crm: 'none', env: { NODE_ENV: 'production' } });
    try {
      expect((await hidden.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await hidden.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(404);
      expect((await hidden.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
      expect(
        (await hidden.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' })).statusCode,
      ).toBe(404);
    } finally {
      await hidden.close();
    }
    const shown = await createTestApp({ crm: 'none', env: { NODE_ENV: 'production', API_DOCS: 'on' } });
    try {
      expect((await shown.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
    } finally {
      await shown.close();
    }
  }, 120_000);

  it('follows API_DOCS, else is on outside production only', () => {
    const env = (source: Record<string, string>) => readEnv({ NODE_ENV: 'test', ...source });
    expect(apiDocsEnabled(env({}))).toBe(true);
    expect(apiDocsEnabled(env({ API_DOCS: 'off' }))).toBe(false);
    expect(apiDocsEnabled(env({ NODE_ENV: 'production' }))).toBe(false);
    expect(apiDocsEnabled(env({ NODE_ENV: 'production', API_DOCS: 'on' }))).toBe(true);
  });
});

describe('access of routes registered by another package', () => {
  const ctx = {} as AppContext;

  it('a route without config.access still stops the server at boot', async () => {
    const app = Fastify();
    registerAccessControl(app, ctx);
    expect(() => app.get('/x', async () => 'x')).toThrow(/declares no access/);
    await app.close();
  });

  it('registerWithAccess gives its routes the access, as if each had declared it', async () => {
    const app = Fastify();
    registerAccessControl(app, ctx);
    const accessOf = new Map<string, unknown>();
    app.addHook('onRoute', (route) => void accessOf.set(route.url, route.config?.access));
    await registerWithAccess(app, 'public', async (scope) => {
      await scope.register(async (inner) => {
        inner.get('/third-party', async () => 'x');
        inner.get('/own', { config: { access: 'session' } }, async () => 'x');
      });
    });
    await app.ready();
    expect(accessOf.get('/third-party')).toBe('public');
    expect(accessOf.get('/own')).toBe('session');
    await app.close();
  });
});
