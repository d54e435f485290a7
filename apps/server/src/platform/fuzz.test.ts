// API fuzz test (issue 11): every route the app serves, taken from its own OpenAPI description (generated from the
// routes' zod schemas, so a new route is fuzzed without editing this file), gets requests built from its schema and
// then mutated — NUL bytes, lone surrogates, huge and empty strings, wrong types, bad enum values, negative and
// enormous numbers, numeric strings that are not numbers, missing required and extra fields, arrays where objects
// are expected — some as the signed-in super admin, some anonymous. No answer may be a 5xx: every failure is
// collected and reported together (route, method, payload, status, body), with the seed that replays the run.
//
// Replay: FUZZ_SEED=<seed> npx vitest run --project server apps/server/src/platform/fuzz.test.ts
// One route only: add FUZZ_ROUTE='POST /api/some/{path}' (the same requests as in the full run; the data they meet
// may differ, since the routes before it in the full run changed some). FUZZ_VERBOSE=1 lists, for the routes that
// never answered 2xx, the admin's schema-valid requests and their answers (to see how deep the fuzzing gets).

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, cookiesFrom, type TestApp } from '../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../seed/demo.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_111);
const ONLY_ROUTE = process.env.FUZZ_ROUTE ?? null;
/** Requests per route: as the super admin, then anonymous. ~237 routes × 18 ≈ 4,300 requests. */
const ADMIN_RUNS = 14;
const ANON_RUNS = 4;
/** A request that has not answered by then is reported as a hang. */
const ANSWER_TIMEOUT_MS = 15_000;

/**
 * Left out, with why:
 * - GET /api/events, GET /api/public/events: server-sent event streams that stay open until the client leaves;
 *   an injected request would wait forever. Their query parameters are covered by events.test.ts.
 * - GET /api/openapi.json is hidden from the description it serves (schema.hide) and takes no input.
 * POST /api/uploads takes the file as a raw body (PDF/PNG/JPEG): its body is a fixed small PDF, never mutated
 * (JSON mutations make no sense for it), but its query string is fuzzed like every other route's.
 */
const SKIPPED = new Set(['GET /api/events', 'GET /api/public/events']);
const RAW_BODY_ROUTES = new Map([
  ['POST /api/uploads', { contentType: 'application/pdf', body: '%PDF-1.4\n%fuzz\n%%EOF\n' }],
]);

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};
type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema: Schema }> };
};
type Route = {
  key: string;
  method: string;
  path: string;
  params: Schema;
  query: Schema;
  body: Schema | null;
  bodyRequired: boolean;
};

/** A value already percent-encoded for a URL (so that '%00', an encoded lone surrogate or a bad escape reach the server as such). */
type Raw = { raw: string };
const raw = (s: string): Raw => ({ raw: s });
const isRaw = (v: unknown): v is Raw =>
  typeof v === 'object' && v !== null && 'raw' in v && Object.keys(v).length === 1;

const HUGE = 'x'.repeat(100_000);

/** Hostile JSON values: any of them may replace any field of a body. */
const HOSTILE_JSON: unknown[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  HUGE,
  'abc',
  '1e999',
  'NaN',
  'Infinity',
  '-1',
  '0x1F',
  '1,5',
  '9'.repeat(400),
  '-0.00000000000000000000001',
  '2026-02-30',
  '0000-00-00',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  'not-an-enum-value',
  -1,
  0,
  1.5,
  -1e308,
  1e308,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e21,
  true,
  false,
  null,
  [],
  [null],
  ['\u0000'],
  {},
  { a: 1 },
  [{}],
];

/** Hostile URL values (path segments and query values), already encoded. */
const HOSTILE_URL: Raw[] = [
  '',
  '%00',
  'a%00b',
  '%ED%A0%80', // a lone surrogate as (invalid) UTF-8
  '%FF',
  '%',
  '%E0%A4%A',
  HUGE,
  'abc',
  '1e999',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1.5',
  '99999999999999999999999',
  '-99999999999999999999999',
  '9'.repeat(400),
  'true',
  'null',
  '%5B%5D',
  '%7B%7D',
  '2026-02-30',
  'not-an-enum-value',
  '..%2F..%2Fetc%2Fpasswd',
].map(raw);

/** Known-good values to try for strings of a pattern (when they match it), so that valid requests reach real rows. */
const GOOD_STRINGS = [
  '1',
  '2',
  '3',
  '5',
  '10',
  '2026',
  '2026-06-15',
  '2026-06',
  'demo',
  'corn',
  'ZCZ26',
  'ZC',
  '12:30',
  '4.25',
  '-0.35',
  '100',
];

function typesOf(s: Schema): string[] {
  const t = s.type;
  return t === undefined ? [] : Array.isArray(t) ? t : [t];
}

/** The options of a union, or the schema itself. */
function branches(s: Schema): Schema[] {
  if (s.anyOf) return s.anyOf;
  if (s.oneOf) return s.oneOf;
  return [s];
}

/** A property's schema, looking through unions and intersections. */
function propertySchema(s: Schema | undefined, key: string): Schema | undefined {
  if (!s) return undefined;
  if (s.properties?.[key]) return s.properties[key];
  for (const b of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) {
    const found = propertySchema(b, key);
    if (found) return found;
  }
  return undefined;
}

function stringArb(s: Schema): fc.Arbitrary<string> {
  const max = Math.min(s.maxLength ?? 24, 24);
  const min = Math.min(s.minLength ?? 0, max);
  if (s.pattern) {
    let re: RegExp;
    try {
      re = new RegExp(s.pattern);
    } catch {
      return fc.string({ minLength: min, maxLength: max });
    }
    const good = GOOD_STRINGS.filter((g) => re.test(g) && g.length >= min && g.length <= (s.maxLength ?? Infinity));
    const matching = fc.stringMatching(re).filter((v) => v.length >= min && v.length <= (s.maxLength ?? Infinity));
    return good.length
      ? fc.oneof({ arbitrary: fc.constantFrom(...good), weight: 2 }, { arbitrary: matching, weight: 1 })
      : matching;
  }
  if (s.format === 'date-time') return fc.constantFrom('2026-06-15T12:00:00Z', '2026-01-01T00:00:00.000Z');
  if (s.format === 'email') return fc.constantFrom('someone@example.test', 'admin@demo.granary.test');
  return fc.string({ minLength: min, maxLength: max });
}

function numberArb(s: Schema, integer: boolean): fc.Arbitrary<number> {
  let min = s.minimum ?? (integer ? 0 : -1000);
  const max = s.maximum ?? (integer ? 10_000 : 10_000);
  if (s.exclusiveMinimum === true) min += integer ? 1 : 0.01;
  else if (typeof s.exclusiveMinimum === 'number') min = s.exclusiveMinimum + (integer ? 1 : 0.01);
  const lo = Math.max(min, integer ? -1000 : -1e6);
  const hi = Math.min(max, integer ? 10_000 : 1e6);
  if (lo > hi) return fc.constant(min);
  if (integer) {
    // Small ids find seeded rows; the rest of the range finds the others.
    const small = Math.min(hi, Math.max(lo, 40));
    return fc.oneof(
      { arbitrary: fc.integer({ min: lo, max: small }), weight: 3 },
      { arbitrary: fc.integer({ min: lo, max: hi }), weight: 1 },
    );
  }
  return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

/**
 * Values seen in the admin's GET answers, by property name ('marketId', 'slug', 'guid', …): a path parameter or
 * field of the same name gets them often, so that valid requests find real rows instead of stopping at a 404.
 */
const harvested = new Map<string, (string | number)[]>();

function harvest(value: unknown, key: string | null = null, depth = 0): void {
  if (depth > 8) return;
  if (Array.isArray(value)) {
    for (const v of value.slice(0, 20)) harvest(v, key, depth + 1);
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) harvest(v, k, depth + 1);
  } else if (
    key &&
    (typeof value === 'number' || (typeof value === 'string' && value.length > 0 && value.length <= 80))
  ) {
    const seen = harvested.get(key) ?? [];
    if (seen.length < 12 && !seen.includes(value)) seen.push(value);
    harvested.set(key, seen);
  }
}

/** Harvested values for a property that fit its schema. */
function seenFor(name: string | undefined, s: Schema, type: string | undefined): (string | number)[] {
  if (!name) return [];
  const values = [
    ...(harvested.get(name) ?? []),
    ...(/Id$/.test(name) && name !== 'id' ? (harvested.get('id') ?? []) : []),
  ];
  let pattern: RegExp | null;
  try {
    pattern = s.pattern ? new RegExp(s.pattern) : null;
  } catch {
    pattern = null;
  }
  const out: (string | number)[] = [];
  for (const v of values) {
    if (type === 'string') {
      const text = String(v);
      if (
        (!pattern || pattern.test(text)) &&
        text.length <= (s.maxLength ?? Infinity) &&
        text.length >= (s.minLength ?? 0)
      )
        out.push(text);
    } else if ((type === 'integer' || type === 'number') && typeof v === 'number') {
      if (v >= (s.minimum ?? -Infinity) && v <= (s.maximum ?? Infinity)) out.push(v);
    }
  }
  return [...new Set(out)];
}

/** Values the schema accepts (or nearly: refinements the JSON Schema cannot express are not known here). */
function validArb(s: Schema | undefined, depth = 0, name?: string): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.constant(undefined);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf || s.oneOf) return fc.oneof(...branches(s).map((b) => validArb(b, depth + 1, name)));
  if (s.allOf?.length) {
    return fc
      .tuple(...s.allOf.map((b) => validArb(b, depth + 1)))
      .map((parts) =>
        parts.every((p) => typeof p === 'object' && p !== null && !Array.isArray(p))
          ? Object.assign({}, ...parts)
          : parts[0],
      );
  }
  const types = typesOf(s).filter((t) => t !== 'null');
  const nullable = s.nullable === true || typesOf(s).includes('null');
  const pick = (t: string | undefined): fc.Arbitrary<unknown> => {
    const seen = seenFor(name, s, t);
    if (seen.length)
      return fc.oneof({ arbitrary: fc.constantFrom(...seen), weight: 3 }, { arbitrary: generated(t), weight: 1 });
    return generated(t);
  };
  const generated = (t: string | undefined): fc.Arbitrary<unknown> => {
    switch (t) {
      case 'string':
        return stringArb(s);
      case 'integer':
        return numberArb(s, true);
      case 'number':
        return numberArb(s, false);
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const minLength = s.minItems ?? 0;
        return fc.array(validArb(s.items, depth + 1), {
          minLength,
          maxLength: Math.max(minLength, Math.min(s.maxItems ?? 3, 3)),
        });
      }
      case 'object':
      case undefined: {
        if (!s.properties) return t === 'object' ? fc.constant({}) : fc.constant('x');
        const required = new Set(s.required ?? []);
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, v] of Object.entries(s.properties)) model[k] = validArb(v, depth + 1, k);
        return fc.record(model, { requiredKeys: Object.keys(model).filter((k) => required.has(k)) });
      }
      default:
        return fc.constant(null);
    }
  };
  const base = types.length > 1 ? fc.oneof(...types.map(pick)) : pick(types[0]);
  return nullable ? fc.option(base, { nil: null, freq: 6 }) : base;
}

type Mutation = 'valid' | 'field' | 'missing' | 'extra' | 'replace' | 'arrayForObject';
type Target = 'params' | 'query' | 'body';
type Plan = {
  params: unknown;
  query: unknown;
  body: unknown;
  mutation: Mutation;
  target: number;
  pick: number;
  hostileJson: unknown;
  hostileUrl: Raw;
};

function planArb(route: Route): fc.Arbitrary<Plan> {
  return fc.record({
    params: validArb(route.params),
    query: validArb(route.query),
    body: route.body ? validArb(route.body) : fc.constant(undefined),
    mutation: fc.constantFrom<Mutation>(
      'valid',
      'valid',
      'field',
      'field',
      'field',
      'field',
      'field',
      'field',
      'missing',
      'extra',
      'replace',
      'arrayForObject',
    ),
    target: fc.nat(),
    pick: fc.nat(),
    hostileJson: fc.oneof(
      { arbitrary: fc.constantFrom(...HOSTILE_JSON), weight: 5 },
      { arbitrary: fc.string({ unit: 'binary', maxLength: 12 }), weight: 1 },
    ),
    hostileUrl: fc.oneof(
      { arbitrary: fc.constantFrom(...HOSTILE_URL), weight: 5 },
      { arbitrary: fc.string({ maxLength: 12 }).map((v) => raw(encodeURIComponent(v))), weight: 1 },
    ),
  });
}

type Slot = { parent: Record<string, unknown> | unknown[]; key: string | number; schema: Schema | undefined };

/** Every place a value sits (or, for an object's optional properties, could sit) inside a value. */
function slotsOf(value: unknown, schema: Schema | undefined, out: Slot[] = []): Slot[] {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push({ parent: value, key: i, schema: schema?.items });
      slotsOf(v, schema?.items, out);
    });
  } else if (typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>;
    const keys = new Set([...Object.keys(obj), ...Object.keys(schema?.properties ?? {})]);
    for (const k of keys) {
      const sub = propertySchema(schema, k);
      out.push({ parent: obj, key: k, schema: sub });
      if (k in obj) slotsOf(obj[k], sub, out);
    }
  }
  return out;
}

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

type Built = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  description: Record<string, unknown>;
};

function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeUrlValue(params[name]));
}

function encodeUrlValue(v: unknown): string {
  if (isRaw(v)) return v.raw;
  if (v === undefined) return '';
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  try {
    return encodeURIComponent(text);
  } catch {
    return text; // a lone surrogate: sent as it is
  }
}

function queryString(query: unknown): string {
  if (query === undefined || query === null) return '';
  if (typeof query !== 'object' || Array.isArray(query)) return `?${encodeUrlValue(query)}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined) continue;
    // An array in a query is the key repeated (?a=1&a=2), as browsers and fastify's parser do it.
    if (Array.isArray(v)) for (const item of v) parts.push(`${encodeURIComponent(k)}=${encodeUrlValue(item)}`);
    else parts.push(`${encodeURIComponent(k)}=${encodeUrlValue(v)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The request a plan describes: the valid parts, with one part mutated as the plan says. */
function build(route: Route, plan: Plan): Built {
  const parts: Record<Target, unknown> = {
    params: clone(plan.params) ?? {},
    query: clone(plan.query),
    body: clone(plan.body),
  };
  const targets: Target[] = [];
  if (Object.keys(route.params.properties ?? {}).length) targets.push('params');
  if (Object.keys(route.query.properties ?? {}).length) targets.push('query');
  if (route.body && !RAW_BODY_ROUTES.has(route.key)) targets.push('body');
  const target = targets.length ? targets[plan.target % targets.length]! : null;
  const schema = target === 'body' ? route.body! : target === 'query' ? route.query : route.params;
  const hostile = target === 'body' ? plan.hostileJson : plan.hostileUrl;
  let mutation: Mutation = target ? plan.mutation : 'valid';

  if (target && mutation !== 'valid') {
    if (target !== 'body' && (parts[target] === undefined || parts[target] === null)) parts[target] = {};
    const slots = slotsOf(parts[target], schema);
    const slot = slots.length ? slots[plan.pick % slots.length]! : null;
    if (mutation === 'field' && slot) {
      if (Array.isArray(slot.parent)) slot.parent[slot.key as number] = hostile;
      else slot.parent[slot.key as string] = hostile;
    } else if (mutation === 'missing' && slot) {
      if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
      else if (target === 'params') slot.parent[slot.key as string] = raw('');
      else delete slot.parent[slot.key as string];
    } else if (mutation === 'extra') {
      const objects = [
        parts[target],
        ...slots.map((s) => (s.parent as Record<string, unknown>)[s.key as never]),
      ].filter(
        (v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !isRaw(v),
      );
      const into = objects.length ? objects[plan.pick % objects.length]! : null;
      if (into) into[`fuzz${plan.pick % 7}`] = hostile;
      else if (target === 'body') parts.body = { fuzz: hostile };
    } else if (mutation === 'arrayForObject') {
      if (target === 'body') parts.body = [parts.body ?? {}];
      else if (slot && !Array.isArray(slot.parent)) slot.parent[slot.key as string] = [raw('1'), raw('2')];
    } else {
      // 'replace', or a slot-less target: the whole part is something else.
      if (target === 'body') parts.body = hostile;
      else if (target === 'query')
        parts.query = { [`${plan.pick % 3 === 0 ? '' : 'q'}`]: hostile, ...(parts.query as object) };
      else mutation = 'valid';
    }
  }

  const params = (parts.params ?? {}) as Record<string, unknown>;
  const url = fillPath(route.path, params) + queryString(parts.query);
  const headers: Record<string, string> = {};
  let payload: string | undefined;
  const rawBody = RAW_BODY_ROUTES.get(route.key);
  if (rawBody) {
    headers['content-type'] = rawBody.contentType;
    payload = rawBody.body;
  } else if (route.body && parts.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(parts.body);
  } else if (route.method !== 'GET' && route.method !== 'DELETE' && route.bodyRequired) {
    // A required body left out: sent as JSON with nothing in it.
    headers['content-type'] = 'application/json';
  }
  return {
    method: route.method,
    url,
    headers,
    payload,
    description: { mutation, target, url: shorten(url), payload: shorten(payload) },
  };
}

function shorten(text: string | undefined): string | undefined {
  if (text === undefined || text.length <= 300) return text;
  return `${text.slice(0, 150)}…(${text.length} chars)…${text.slice(-100)}`;
}

/** Every operation of the app's OpenAPI description, with its path parameters, query and JSON body as JSON Schema. */
function routesOf(spec: { paths: Record<string, Record<string, Operation>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, ops] of Object.entries(spec.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase();
      const params: Schema = { type: 'object', properties: {}, required: [] };
      const query: Schema = { type: 'object', properties: {}, required: [] };
      for (const p of op.parameters ?? []) {
        const into = p.in === 'path' ? params : p.in === 'query' ? query : null;
        if (!into) continue;
        into.properties![p.name] = p.schema;
        if (p.required || p.in === 'path') into.required!.push(p.name);
      }
      // Path parameters the description leaves out (a route without a params schema) are still filled.
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        if (name && !params.properties![name]) {
          params.properties![name] = { type: 'string', pattern: '^\\d{1,6}$' };
          params.required!.push(name);
        }
      }
      const content = op.requestBody?.content ?? {};
      const body = content['application/json']?.schema ?? Object.values(content)[0]?.schema ?? null;
      routes.push({
        key: `${method} ${path}`,
        method,
        path,
        params,
        query,
        body,
        bodyRequired: op.requestBody?.required === true,
      });
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}

/** A stable per-route seed, so that adding a route does not change the requests sent to the others. */
function routeSeed(key: string): number {
  let h = SEED | 0;
  for (let i = 0; i < key.length; i += 1) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

type Caller = { cookie: string; csrf: string };
type Failure = { who: string; route: string; status: number; request: Record<string, unknown>; body: string };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

async function signInAdmin(): Promise<Caller> {
  const cookie = await t.sessionCookie(DEMO_ACCOUNTS.admin);
  const res = await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie } });
  return { cookie, csrf: (res.json() as { csrf: string }).csrf };
}

/** An anonymous visitor: the bootstrap's anonymous cookie and its CSRF token, so that public writes get past CSRF. */
async function anonymous(): Promise<Caller> {
  const res = await t.app.inject({ method: 'GET', url: '/api/bootstrap' });
  const cookies = cookiesFrom(res.headers['set-cookie']);
  return {
    cookie: Object.entries(cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; '),
    csrf: (res.json() as { csrf: string }).csrf,
  };
}

describe('API fuzz', () => {
  it(`no route answers 5xx to schema-derived, mutated requests (seed ${SEED})`, async () => {
    const started = Date.now();
    const allRoutes = routesOf(t.app.swagger() as never).filter((r) => !SKIPPED.has(r.key));
    const routes = allRoutes.filter((r) => !ONLY_ROUTE || r.key === ONLY_ROUTE);
    expect(routes.length).toBeGreaterThan(ONLY_ROUTE ? 0 : 100);
    const failures: Failure[] = [];
    let sent = 0;
    // What there is to find: the admin's GET answers, routes without path parameters first, then the others
    // with parameters filled from what the first pass found.
    const harvester = await signInAdmin();
    for (const pass of [0, 1]) {
      for (const route of allRoutes.filter((r) => r.method === 'GET' && /\{/.test(r.path) === (pass === 1))) {
        const [plan] = fc.sample(planArb(route), { seed: routeSeed(`harvest ${route.key}`), numRuns: 1 });
        const req = build(route, { ...plan!, mutation: 'valid' });
        const res = await t.app.inject({ method: 'GET', url: req.url, headers: { cookie: harvester.cookie } });
        sent += 1;
        if (res.statusCode >= 500)
          failures.push({
            who: 'admin',
            route: route.key,
            status: res.statusCode,
            request: req.description,
            body: shorten(res.body) ?? '',
          });
        if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('application/json'))
          harvest(res.json());
      }
    }
    const statuses = new Map<number, number>();
    const reached = new Set<string>();
    const misses: string[] = [];
    routes: for (const route of routes) {
      const plans = fc.sample(planArb(route), { seed: routeSeed(route.key), numRuns: ADMIN_RUNS + ANON_RUNS });
      // A fresh session per route: a route that signs out or changes the admin must not blind the routes after it.
      const admin = await signInAdmin();
      const anon = await anonymous();
      for (const [i, plan] of plans.entries()) {
        const who = i < ADMIN_RUNS ? 'admin' : 'anonymous';
        const caller = who === 'admin' ? admin : anon;
        const req = build(route, plan);
        const answer = t.app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers: {
            ...req.headers,
            cookie: caller.cookie,
            'x-csrf-token': caller.csrf,
            'x-requested-with': 'XMLHttpRequest',
          },
          ...(req.payload === undefined ? {} : { payload: req.payload }),
        });
        let timer: NodeJS.Timeout | undefined;
        const res = await Promise.race([
          answer,
          new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ANSWER_TIMEOUT_MS))),
        ]);
        clearTimeout(timer);
        sent += 1;
        if (res === null) {
          // A request that never answers holds the (single) database connection, so nothing after it would answer either.
          failures.push({
            who,
            route: route.key,
            status: 0,
            request: req.description,
            body: `no answer within ${ANSWER_TIMEOUT_MS} ms; the run stops here`,
          });
          break routes;
        }
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode < 300) reached.add(route.key);
        if (
          process.env.FUZZ_VERBOSE &&
          who === 'admin' &&
          req.description.mutation === 'valid' &&
          res.statusCode >= 300
        ) {
          misses.push(
            `${route.key} ${res.statusCode} ${String(req.description.url)} ${String(req.description.payload ?? '').slice(0, 200)} → ${res.body.slice(0, 160)}`,
          );
        }
        if (res.statusCode >= 500) {
          failures.push({
            who,
            route: route.key,
            status: res.statusCode,
            request: req.description,
            body: shorten(res.body) ?? '',
          });
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (process.env.FUZZ_VERBOSE)
      console.info(misses.filter((m) => !reached.has(m.split(' ').slice(0, 2).join(' '))).join('\n'));
    const histogram = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.info(
      `API fuzz: ${sent} requests over ${routes.length} routes in ${seconds}s (seed ${SEED}); ${reached.size} routes answered 2xx at least once; ${histogram}`,
    );
    if (failures.length) {
      const byRoute = new Map<string, Failure[]>();
      for (const f of failures) byRoute.set(f.route, [...(byRoute.get(f.route) ?? []), f]);
      const report = [...byRoute.entries()]
        .map(
          ([route, list]) =>
            `${route} (${list.length}):\n${list.map((f) => `  ${f.status} as ${f.who} ${JSON.stringify(f.request)}\n    → ${f.body}`).join('\n')}`,
        )
        .join('\n');
      expect.fail(
        `${failures.length} of ${sent} requests answered 5xx on ${byRoute.size} routes. Replay with FUZZ_SEED=${SEED} ` +
          `(and FUZZ_ROUTE='<METHOD> <path>' for one route):\n${report}`,
      );
    }
  }, 600_000);
});
