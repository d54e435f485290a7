// Keyset pagination tokens (grain-marketing.md 2: paginationToken; DESIGN.md: keyset pagination).
// A token is the base64url of a small JSON object: the page it leads to, the last row's sort value and
// id, and a fingerprint of the query it was issued for. It is opaque to the web and never trusted: a
// token that does not decode, has the wrong shape, or belongs to another query or page is refused, and
// the server then serves the page by offset (bounded by MAX_TOTAL_ROWS). A token carries no secret and
// grants nothing: the server always applies the user's market and partner scope itself, so an edited
// token can at most move the cursor inside rows the user may see anyway. The server can also sign
// tokens (pass a TokenSigner, e.g. an HMAC-SHA256 with a server secret): the token is then
// 'payload.signature' and any edit is refused.
//
// Pure: no Buffer, no btoa/atob (the package's lib has neither); ASCII base64url written out here.

import { z } from 'zod';
import { MAX_TOTAL_ROWS } from '../lists/limits.ts';
import type { KeysetCursor } from './sorting.ts';

export const PAGINATION_TOKEN_VERSION = 1;
/** Longer tokens are refused before decoding. */
export const MAX_PAGINATION_TOKEN_LENGTH = 1024;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const INDEX = new Map([...ALPHABET].map((ch, i) => [ch, i]));

/** base64url (no padding) of an ASCII string. */
export function base64UrlEncodeAscii(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) throw new RangeError('ASCII only');
    bytes.push(code);
  }
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    if (b !== undefined) out += ALPHABET[(n >> 6) & 63]!;
    if (c !== undefined) out += ALPHABET[n & 63]!;
  }
  return out;
}

/** The ASCII text of a base64url string (no padding); null when it is not canonical base64url of ASCII. */
export function base64UrlDecodeAscii(encoded: string): string | null {
  if (encoded.length % 4 === 1) return null;
  let out = '';
  for (let i = 0; i < encoded.length; i += 4) {
    const chunk = encoded.slice(i, i + 4);
    const vals: number[] = [];
    for (const ch of chunk) {
      const v = INDEX.get(ch);
      if (v === undefined) return null;
      vals.push(v);
    }
    const n = (vals[0]! << 18) | ((vals[1] ?? 0) << 12) | ((vals[2] ?? 0) << 6) | (vals[3] ?? 0);
    const bytes = [(n >> 16) & 255, (n >> 8) & 255, n & 255].slice(0, vals.length - 1);
    for (const b of bytes) {
      if (b > 0x7f) return null;
      out += String.fromCharCode(b);
    }
  }
  // Refuse non-canonical encodings (stray bits in the last character): re-encoding must give the input.
  return base64UrlEncodeAscii(out) === encoded ? out : null;
}

/** JSON with every non-ASCII character escaped (\uXXXX), so the token is ASCII before base64url. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** FNV-1a (32-bit) of a string, as 8 hex digits: a query fingerprint, not a security measure. */
export function fnv1a32(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** Canonical JSON (object keys sorted) for fingerprints. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const tokenSchema = z
  .object({
    v: z.literal(PAGINATION_TOKEN_VERSION),
    /** Fingerprint of the query (filters, view, sort, order, page size). */
    q: z.string().regex(/^[0-9a-f]{8}$/),
    /** The page this token leads to. */
    p: z.number().int().min(2).max(MAX_TOTAL_ROWS),
    /** The last row's sort value. */
    k: z.union([z.string().max(400), z.number().finite(), z.boolean(), z.null()]),
    /** The last row's id. */
    i: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  })
  .strict();

export type PaginationTokenPayload = z.infer<typeof tokenSchema>;

/**
 * Signs the encoded payload: returns a base64url string (e.g. an HMAC of the payload with a server
 * secret). Pure code cannot hold a secret, so the server supplies it.
 */
export type TokenSigner = (payload: string) => string;

const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** Compares two strings in time that depends only on their lengths. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export function encodePaginationToken(
  input: { fingerprint: string; page: number; cursor: KeysetCursor },
  sign?: TokenSigner,
): string {
  const payload = tokenSchema.parse({
    v: PAGINATION_TOKEN_VERSION,
    q: input.fingerprint,
    p: input.page,
    k: input.cursor.value,
    i: input.cursor.id,
  });
  const encoded = base64UrlEncodeAscii(asciiJson(payload));
  if (!sign) return encoded;
  const signature = sign(encoded);
  if (!SIGNATURE_PATTERN.test(signature)) throw new Error('A token signature must be 16–128 base64url characters');
  return `${encoded}.${signature}`;
}

export type DecodedToken =
  | { ok: true; cursor: KeysetCursor; page: number }
  | { ok: false; reason: 'malformed' | 'bad-signature' | 'query-mismatch' | 'page-mismatch' };

/**
 * Decodes a token for a query and page; refuses anything not issued by encodePaginationToken for that
 * same query fingerprint and page (truncated, reshaped, from another list or filter, replayed on
 * another page) and, with a signer, any token whose signature does not match (every edit).
 */
export function decodePaginationToken(
  token: string | null | undefined,
  expected: { fingerprint: string; page: number },
  sign?: TokenSigner,
): DecodedToken {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_PAGINATION_TOKEN_LENGTH)
    return { ok: false, reason: 'malformed' };
  let encoded = token;
  if (sign) {
    const dot = token.indexOf('.');
    if (dot < 0) return { ok: false, reason: 'bad-signature' };
    encoded = token.slice(0, dot);
    if (!sameText(token.slice(dot + 1), sign(encoded))) return { ok: false, reason: 'bad-signature' };
  }
  const json = base64UrlDecodeAscii(encoded);
  if (json === null) return { ok: false, reason: 'malformed' };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = tokenSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  if (parsed.data.q !== expected.fingerprint) return { ok: false, reason: 'query-mismatch' };
  if (parsed.data.p !== expected.page) return { ok: false, reason: 'page-mismatch' };
  return { ok: true, cursor: { value: parsed.data.k, id: parsed.data.i }, page: parsed.data.p };
}

// ---------------------------------------------------------------------------------------------------
// Pages within the 10,000-row window

/** The last page that holds rows among the first MAX_TOTAL_ROWS (e.g. 100 for a page size of 100). */
export function maxPage(pageSize: number): number {
  return Math.max(1, Math.ceil(MAX_TOTAL_ROWS / pageSize));
}

/** Pages for a total (the total counted up to MAX_TOTAL_ROWS); at least 1. */
export function totalPages(totalCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.min(totalCount, MAX_TOTAL_ROWS) / pageSize));
}

/**
 * OFFSET and LIMIT of a page when no cursor applies, never reaching past the 10,000th row:
 * page 100 of 100 → {offset: 9900, limit: 100}; page 101 → limit 0; pageSize 80, page 125 → {9920, 80}.
 */
export function pageWindow(page: number, pageSize: number): { offset: number; limit: number } {
  const offset = Math.min((page - 1) * pageSize, MAX_TOTAL_ROWS);
  return { offset, limit: Math.max(0, Math.min(pageSize, MAX_TOTAL_ROWS - offset)) };
}

/** Whether a page after `page` can exist within the window (else no token is issued). */
export function hasPageAfter(page: number, pageSize: number, totalCount: number): boolean {
  return page * pageSize < Math.min(totalCount, MAX_TOTAL_ROWS);
}
