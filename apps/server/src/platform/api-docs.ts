import type { FastifyInstance, RouteOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Env } from './env.ts';
import { registerWithAccess } from './access.ts';
import { API_AREAS } from './api-operations.ts';

/** Where the API reference is served (Swagger UI, its assets from the package: no CDN, nothing inline). */
const API_DOCS_PATH = '/api/docs';
const OPENAPI_PATH = '/api/openapi.json';

/** The reference is on outside production; in production only with API_DOCS=on. */
export function apiDocsEnabled(env: Env): boolean {
  return env.API_DOCS ? env.API_DOCS === 'on' : env.NODE_ENV !== 'production';
}

type Described = { tag: string; summary: string };

const OPERATIONS: ReadonlyMap<string, Described> = new Map(
  API_AREAS.flatMap((area) =>
    Object.values(area.modules).flatMap((operations) =>
      Object.entries(operations).map(([operation, summary]) => [operation, { tag: area.tag, summary }] as const),
    ),
  ),
);

/** The area's tag and the summary of api-operations.ts, put on a route whose schema does not declare its own. */
function describeOperation(route: RouteOptions): void {
  if (route.schema?.hide) return;
  const methods = [route.method].flat().filter((m) => m !== 'HEAD');
  const described = methods.map((m) => OPERATIONS.get(`${m} ${route.url}`)).find((d) => d !== undefined);
  if (!described) return;
  const schema = route.schema ?? {};
  route.schema = {
    ...schema,
    tags: schema.tags ?? [described.tag],
    summary: schema.summary ?? described.summary,
  };
}

/**
 * The OpenAPI document generated from the routes' zod schemas (GET /api/openapi.json, every operation tagged by
 * its area and summarised), and the API reference over it at /api/docs when `apiDocsEnabled`. To be registered
 * before the modules: the tags and summaries are added as their routes are.
 */
export async function registerApiDocs(app: FastifyInstance, env: Env): Promise<void> {
  app.addHook('onRoute', describeOperation);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Granary API', version: String(env.WEB_VERSION_LATEST) },
      tags: API_AREAS.map((area) => ({ name: area.tag, description: area.description })),
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  app.get(OPENAPI_PATH, { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  if (!apiDocsEnabled(env)) return;
  // Swagger UI's routes (the page, its initializer script, its files through @fastify/static) declare no access.
  await registerWithAccess(app, 'public', async (scope) => {
    await scope.register(fastifySwaggerUi, {
      routePrefix: API_DOCS_PATH,
      theme: { title: 'Granary API' },
      uiConfig: {
        docExpansion: 'none',
        filter: true,
        displayRequestDuration: true,
        // Writes need the page's CSRF token and an If-Match: only reads are tried out from here.
        supportedSubmitMethods: ['get'],
      },
    });
  });
}
