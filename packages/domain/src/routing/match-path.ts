// A small path matcher for react-router style patterns: static segments, ':param', ':param?'
// (optional), optional static segments 'seg?', and a trailing '*' splat. Matching follows
// react-router's defaults: case-insensitive static segments, a trailing slash ignored, empty segments
// ('//') ignored, params URI-decoded. No dependency on react-router: the server uses it too.

export type PathParams = Record<string, string>;

type Segment =
  | { kind: 'static'; value: string; lower: string; optional: boolean }
  | { kind: 'param'; name: string; optional: boolean }
  | { kind: 'splat' };

const STATIC_SCORE = 10;
const PARAM_SCORE = 3;
const SPLAT_SCORE = -2;

const patternCache = new Map<string, readonly Segment[]>();

function parsePattern(pattern: string): readonly Segment[] {
  const cached = patternCache.get(pattern);
  if (cached) return cached;
  const parts = pattern.split('/').filter((p) => p !== '');
  const segments = parts.map((part, i): Segment => {
    if (part === '*') {
      if (i !== parts.length - 1) throw new Error(`Route pattern ${pattern}: '*' must be the last segment`);
      return { kind: 'splat' };
    }
    const optional = part.endsWith('?');
    const body = optional ? part.slice(0, -1) : part;
    if (body.startsWith(':')) return { kind: 'param', name: body.slice(1), optional };
    return { kind: 'static', value: body, lower: body.toLowerCase(), optional };
  });
  patternCache.set(pattern, segments);
  return segments;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The path segments of a pathname, without query, hash and empty segments. */
export function pathSegments(pathname: string): string[] {
  const end = pathname.search(/[?#]/);
  const path = end === -1 ? pathname : pathname.slice(0, end);
  return path.split('/').filter((p) => p !== '');
}

type Scored = { params: PathParams; score: number };

function matchFrom(segments: readonly Segment[], parts: readonly string[], si: number, pi: number): Scored | null {
  if (si === segments.length) return pi === parts.length ? { params: {}, score: 0 } : null;
  const seg = segments[si]!;
  if (seg.kind === 'splat') {
    return { params: { '*': parts.slice(pi).map(decode).join('/') }, score: SPLAT_SCORE };
  }
  const part = parts[pi];
  if (part !== undefined) {
    const value = decode(part);
    const fits = seg.kind === 'param' || value.toLowerCase() === seg.lower;
    if (fits) {
      const rest = matchFrom(segments, parts, si + 1, pi + 1);
      if (rest) {
        return seg.kind === 'param'
          ? { params: { [seg.name]: value, ...rest.params }, score: rest.score + PARAM_SCORE }
          : { params: rest.params, score: rest.score + STATIC_SCORE };
      }
    }
  }
  // An optional segment may also be absent (tried second, so earlier optionals fill first).
  return seg.optional ? matchFrom(segments, parts, si + 1, pi) : null;
}

/**
 * Matches a pathname against a pattern and scores the match the way react-router ranks routes
 * (static 10, param 3, splat -2 per segment actually matched), so that '/sign-in/sso' outranks
 * '/sign-in/:method?'. Returns null when the path does not match.
 */
export function matchPathScored(pattern: string, pathname: string): Scored | null {
  return matchFrom(parsePattern(pattern), pathSegments(pathname), 0, 0);
}

/** matchPath('/crm/client/:clientId', '/crm/client/42') → {clientId:'42'}; null when it does not match. */
export function matchPath(pattern: string, pathname: string): PathParams | null {
  return matchPathScored(pattern, pathname)?.params ?? null;
}

/**
 * Builds a path from a pattern and params (values URI-encoded; the splat's '/' kept). A missing
 * optional segment is left out; a missing required param throws.
 */
export function buildPath(pattern: string, params: Readonly<Record<string, string | number | undefined>> = {}): string {
  const out: string[] = [];
  for (const seg of parsePattern(pattern)) {
    if (seg.kind === 'static') {
      out.push(seg.value);
    } else if (seg.kind === 'param') {
      const value = params[seg.name];
      if (value === undefined || value === '') {
        if (seg.optional) continue;
        throw new Error(`Missing route parameter ':${seg.name}' for ${pattern}`);
      }
      out.push(encodeURIComponent(String(value)));
    } else {
      const rest = params['*'];
      if (rest !== undefined && rest !== '')
        out.push(
          ...String(rest)
            .split('/')
            .filter((p) => p !== '')
            .map(encodeURIComponent),
        );
    }
  }
  return `/${out.join('/')}`;
}
