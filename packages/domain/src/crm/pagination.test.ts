import { describe, expect, it } from 'vitest';
import {
  MAX_PAGINATION_TOKEN_LENGTH,
  base64UrlDecodeAscii,
  base64UrlEncodeAscii,
  canonicalJson,
  decodePaginationToken,
  encodePaginationToken,
  fnv1a32,
  hasPageAfter,
  maxPage,
  pageWindow,
  totalPages,
} from './pagination.ts';

const q = fnv1a32('query A');

describe('base64url', () => {
  it('round-trips ASCII of every length, without padding or + /', () => {
    for (const s of ['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar', '{"k":"~~~???>>>"}']) {
      const e = base64UrlEncodeAscii(s);
      expect(e).not.toMatch(/[=+/]/);
      expect(base64UrlDecodeAscii(e)).toBe(s);
    }
    expect(base64UrlEncodeAscii('foobar')).toBe('Zm9vYmFy');
    expect(base64UrlEncodeAscii('>>>???')).toBe('Pj4-Pz8_');
  });

  it('refuses non-alphabet characters, impossible lengths, stray bits and non-ASCII bytes', () => {
    expect(base64UrlDecodeAscii('Zm9v+mFy')).toBeNull();
    expect(base64UrlDecodeAscii('Zm9vY')).toBeNull();
    expect(base64UrlDecodeAscii('Zg==')).toBeNull();
    expect(base64UrlDecodeAscii('Zh')).toBeNull(); // 'f' is 'Zg'; 'Zh' has stray low bits
    expect(base64UrlDecodeAscii('_w')).toBeNull(); // 0xff
    expect(() => base64UrlEncodeAscii('é')).toThrow(RangeError);
  });
});

describe('pagination tokens', () => {
  it('round-trips the cursor for the same query and page', () => {
    for (const value of ['2026-05-15', '5000.25', 42, true, null, 'Gagné & Fils "Ltd"', '日本']) {
      const token = encodePaginationToken({ fingerprint: q, page: 3, cursor: { value, id: 987654321 } });
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodePaginationToken(token, { fingerprint: q, page: 3 })).toEqual({
        ok: true,
        cursor: { value, id: 987654321 },
        page: 3,
      });
    }
  });

  it('refuses a token of another query or for another page', () => {
    const token = encodePaginationToken({ fingerprint: q, page: 3, cursor: { value: 'x', id: 1 } });
    expect(decodePaginationToken(token, { fingerprint: fnv1a32('query B'), page: 3 })).toEqual({
      ok: false,
      reason: 'query-mismatch',
    });
    expect(decodePaginationToken(token, { fingerprint: q, page: 4 })).toEqual({ ok: false, reason: 'page-mismatch' });
  });

  it('refuses tampered, truncated and forged tokens', () => {
    const token = encodePaginationToken({ fingerprint: q, page: 2, cursor: { value: '2026-05-15', id: 10 } });
    const expected = { fingerprint: q, page: 2 };
    const bad = (t: string) => decodePaginationToken(t, expected).ok;
    expect(bad(token.slice(0, -3))).toBe(false);
    expect(bad(`${token}=`)).toBe(false);
    expect(bad('')).toBe(false);
    expect(bad('not a token')).toBe(false);
    expect(bad('A'.repeat(MAX_PAGINATION_TOKEN_LENGTH + 1))).toBe(false);
    const forge = (payload: unknown) => base64UrlEncodeAscii(JSON.stringify(payload));
    const good = { v: 1, q, p: 2, k: 'x', i: 1 };
    expect(bad(forge(good))).toBe(true);
    expect(bad(forge({ ...good, v: 2 }))).toBe(false);
    expect(bad(forge({ ...good, i: -1 }))).toBe(false);
    expect(bad(forge({ ...good, i: 1.5 }))).toBe(false);
    expect(bad(forge({ ...good, p: 1 }))).toBe(false);
    expect(bad(forge({ ...good, k: { $gt: '' } }))).toBe(false);
    expect(bad(forge({ ...good, k: 'x'.repeat(401) }))).toBe(false);
    expect(bad(forge({ ...good, extra: 1 }))).toBe(false);
    expect(bad(forge([good]))).toBe(false);
    expect(bad(base64UrlEncodeAscii('{"v":1,'))).toBe(false);
    expect(decodePaginationToken(null, expected)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('signed tokens', () => {
  // A stand-in for the server's HMAC: any deterministic keyed function of the payload.
  const sign = (payload: string) => `${fnv1a32(`secret|${payload}`)}${fnv1a32(`${payload}|secret`)}`;
  const expected = { fingerprint: q, page: 2 };

  it('round-trips with the signer', () => {
    const token = encodePaginationToken({ fingerprint: q, page: 2, cursor: { value: '2026-05-15', id: 10 } }, sign);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[0-9a-f]{16}$/);
    expect(decodePaginationToken(token, expected, sign)).toEqual({
      ok: true,
      cursor: { value: '2026-05-15', id: 10 },
      page: 2,
    });
  });

  it('refuses every single-character edit, an unsigned token and a re-signed forgery', () => {
    const token = encodePaginationToken({ fingerprint: q, page: 2, cursor: { value: '2026-05-15', id: 10 } }, sign);
    for (let i = 0; i < token.length; i++) {
      for (const ch of ['A', 'z', '0', '-']) {
        if (token[i] === ch) continue;
        const edited = token.slice(0, i) + ch + token.slice(i + 1);
        expect(decodePaginationToken(edited, expected, sign).ok, edited).toBe(false);
      }
    }
    const unsigned = encodePaginationToken({ fingerprint: q, page: 2, cursor: { value: '2026-05-15', id: 10 } });
    expect(decodePaginationToken(unsigned, expected, sign)).toEqual({ ok: false, reason: 'bad-signature' });
    const forged = `${base64UrlEncodeAscii(JSON.stringify({ v: 1, q, p: 2, k: 'x', i: 1 }))}.${'0'.repeat(16)}`;
    expect(decodePaginationToken(forged, expected, sign)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses a signer that returns something unsafe', () => {
    expect(() =>
      encodePaginationToken({ fingerprint: q, page: 2, cursor: { value: 1, id: 1 } }, () => 'a.b'),
    ).toThrow();
  });
});

describe('fingerprints', () => {
  it('ignores key order and undefined, not values', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: null, c: 'x' }], u: undefined })).toBe(
      '{"a":[2,{"c":"x","d":null}],"b":1}',
    );
    expect(fnv1a32(canonicalJson({ a: 1, b: 2 }))).toBe(fnv1a32(canonicalJson({ b: 2, a: 1 })));
    expect(fnv1a32('a')).not.toBe(fnv1a32('b'));
    expect(fnv1a32('')).toBe('811c9dc5');
  });
});

describe('the 10,000-row window', () => {
  it('bounds offsets, limits and pages', () => {
    expect(pageWindow(1, 100)).toEqual({ offset: 0, limit: 100 });
    expect(pageWindow(100, 100)).toEqual({ offset: 9900, limit: 100 });
    expect(pageWindow(101, 100)).toEqual({ offset: 10000, limit: 0 });
    expect(pageWindow(125, 80)).toEqual({ offset: 9920, limit: 80 });
    expect(pageWindow(126, 80)).toEqual({ offset: 10000, limit: 0 });
    expect(pageWindow(334, 30)).toEqual({ offset: 9990, limit: 10 });
    expect(maxPage(100)).toBe(100);
    expect(maxPage(80)).toBe(125);
    expect(totalPages(0, 25)).toBe(1);
    expect(totalPages(26, 25)).toBe(2);
    expect(totalPages(50_000, 100)).toBe(100);
    expect(hasPageAfter(1, 100, 101)).toBe(true);
    expect(hasPageAfter(2, 100, 200)).toBe(false);
    expect(hasPageAfter(100, 100, 50_000)).toBe(false);
  });
});
