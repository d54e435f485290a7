// Validation patterns (grain-marketing.md 5, platform.md 5.1).

/** E-mail: the common RFC 5322-style pattern (quoted or dotted local part; domain or IPv4 literal), case-insensitive. */
export const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-z0-9-]+\.)+[a-z]{2,}))$/i;

/**
 * E-mail on the reset-password form: a local part, '@', and domain labels of 1–63 characters (letters,
 * digits, inner hyphens). This is the HTML living standard's "valid e-mail address" pattern.
 */
export const RESET_EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * Phone: optional '+', a 3-digit area code optionally in parentheses, 3 digits, then 4–6 digits;
 * separators '-', ' ' or '.' between the groups. Parentheses must be balanced.
 */
export const PHONE_PATTERN = /^\+?(?:\(\d{3}\)|\d{3})[-. ]?\d{3}[-. ]?\d{4,6}$/;

/** Exactly 6 digits. */
export const VERIFICATION_CODE_PATTERN = /^\d{6}$/;

/**
 * Numeric-only (platform.md 5.1: non-empty and every word character is a digit): '12345', '12-345',
 * '(555) 123' pass; 'A123', '12_3' and a string with no digit at all ('---') do not. Letters of any
 * script count as word characters here.
 */
export function isNumericOnly(s: string): boolean {
  return s.trim() !== '' && /\d/.test(s) && !/[\p{L}_]/u.test(s);
}

export function isValidEmail(s: string): boolean {
  return EMAIL_PATTERN.test(s.trim());
}

export function isValidPhone(s: string): boolean {
  return PHONE_PATTERN.test(s.trim());
}
