// Number-input normalisation of platform.md 5.7, applied when a number field is committed (on blur).

export type NumberInputOptions = {
  /** Below the minimum becomes the minimum. Default unbounded. */
  min?: number;
  /** Above the maximum becomes the maximum. Default unbounded. */
  max?: number;
  /** Trims characters from the end until at most this many digits remain. */
  maxDigits?: number;
  /** '007' → '7', '00.5' → '0.5', '.5' → '0.5'. Default false (leading zeroes allowed, platform.md 9.9). */
  collapseLeadingZeros?: boolean;
};

// A plain decimal ('-12.5', '.5', '12.') or one grouped with thousands commas ('10,000.5').
const NUMERIC_RE = /^-?(?:\d*|\d{1,3}(?:,\d{3})+)(?:\.\d*)?$/;

function countDigits(s: string): number {
  return s.replace(/\D/g, '').length;
}

/**
 * '' stays ''; a lone '-' becomes ''; a trailing '.' is dropped; non-numeric input is left exactly as
 * typed (validation then flags it); maxDigits trims from the end; the value is clamped to [min, max].
 * Beyond the spec: surrounding whitespace is ignored, and thousands commas ('10,000') are accepted and
 * removed, since bushel and dollar amounts are commonly typed that way.
 */
export function normalizeNumberInput(raw: string, opts: NumberInputOptions = {}): string {
  const text = raw.trim();
  // A lone '-' (or a lone '.', or '-.') holds no number yet: the field is empty.
  if (/^-?\.?$/.test(text)) return '';
  if (!NUMERIC_RE.test(text) || !/\d/.test(text)) return raw;

  let s = text.replace(/,/g, '');
  if (opts.maxDigits !== undefined) {
    const limit = Math.max(0, Math.floor(opts.maxDigits));
    while (countDigits(s) > limit) s = s.slice(0, -1);
  }
  if (s.endsWith('.')) s = s.slice(0, -1);
  if (s === '' || s === '-') return '';

  if (opts.collapseLeadingZeros) {
    const negative = s.startsWith('-');
    let body = negative ? s.slice(1) : s;
    body = body.replace(/^0+(?=\d)/, '');
    if (body.startsWith('.')) body = `0${body}`;
    s = negative && /[1-9]/.test(body) ? `-${body}` : body;
  }

  const n = Number(s);
  if (opts.min !== undefined && n < opts.min) return String(opts.min);
  if (opts.max !== undefined && n > opts.max) return String(opts.max);
  return s;
}
