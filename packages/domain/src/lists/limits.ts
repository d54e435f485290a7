// CRM list limits (grain-marketing.md 2 'CRM list query parameters', 5, 9).

export const PAGE_SIZES = [5, 10, 20, 25, 50, 80, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_TOTAL_ROWS = 10000;
export const MIN_PAGE = 1;
/** A numeric bound of -500 to 500 (its field is not named by the spec; probably a basis or price adjustment). */
export const NUMERIC_BOUND = { min: -500, max: 500 } as const;

/**
 * A query value as a number, or null when it is missing or not numeric. Query parsers hand over
 * strings, numbers, or arrays for repeated keys (the first value counts). '' and whitespace are missing.
 */
function numericValue(value: unknown): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v === 'number') return Number.isNaN(v) ? null : v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.trim());
    return Number.isNaN(n) ? null : n;
  }
  return null;
}

/**
 * The page size to use: missing or non-numeric → 100; otherwise the largest allowed size not above
 * the value (30 → 25), at least 5 (0, -3 → 5); above 100 → 100.
 */
export function clampPageSize(value: unknown): PageSize {
  const n = numericValue(value);
  if (n === null) return DEFAULT_PAGE_SIZE;
  let size: PageSize = PAGE_SIZES[0];
  for (const allowed of PAGE_SIZES) if (allowed <= n) size = allowed;
  return size;
}

/** The page number to use: an integer ≥ 1 ('3' → 3), anything else (0, -2, 2.5, 'x', missing) → 1. */
export function clampPage(value: unknown): number {
  const n = numericValue(value);
  return n !== null && Number.isSafeInteger(n) && n >= MIN_PAGE ? n : MIN_PAGE;
}
