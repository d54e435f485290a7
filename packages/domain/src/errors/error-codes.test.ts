import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES, ERROR_CODES, isErrorCode } from './error-codes.ts';

describe('error codes', () => {
  it('lists each code once, snake_case, and keeps the web’s own codes apart from the server’s', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of [...ERROR_CODES, ...CLIENT_ERROR_CODES]) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    for (const code of CLIENT_ERROR_CODES) expect(isErrorCode(code)).toBe(false);
  });

  it('tells a server code from anything else', () => {
    expect(isErrorCode('cart_conflict')).toBe(true);
    expect(isErrorCode('cart_conflicts')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
    expect(isErrorCode(409)).toBe(false);
  });
});
