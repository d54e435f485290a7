import { describe, expect, it } from 'vitest';
import { crmAreaMessages } from './areas/crm';
import { devAreaMessages } from './areas/dev';
import { mySalesLiteAreaMessages } from './areas/my-sales-lite';
import { profitCenterAreaMessages } from './areas/profit-center';
import { storeAreaMessages } from './areas/store';
import { messages } from './messages';
import { spellCatalogue } from './spelling';

// Issue 13, "Done means": the whole message catalogue the app ships (the entry's and every area's, spelled for each
// locale as AppProviders hands it to react-intl) is walked for the formats the issue did away with. A message may
// not format a date, a time or money itself (those go through useDates / usePriceFormat, decisions 034 and 035),
// write a clock pattern, give a basis example in dollars outside the dollars notation's own hints, or spell a word
// as the other locale does. The e2e walk of the built pages (e2e/specs/notation.spec.ts) checks what they show.

const catalogue: Readonly<Record<string, string>> = {
  ...messages,
  ...crmAreaMessages,
  ...mySalesLiteAreaMessages,
  ...storeAreaMessages,
  ...profitCenterAreaMessages,
  ...devAreaMessages,
};

/** The hints of the basis notation in dollars (the partner's choice on /crm/administrator): dollars are right there. */
const DOLLAR_BASIS_HINTS = new Set(['crm.bids.basis.invalidDollars', 'crm.bids.dialog.basisHelp']);

const OLD_FORMATS: [string, RegExp][] = [
  ['an ICU date or time argument', /\{\s*\w+\s*,\s*(?:date|time)\b/],
  ['an ICU currency or fixed-decimals number', /\{\s*\w+\s*,\s*number\s*,\s*::\s*(?:currency|\.0)/],
  ['a clock or calendar pattern', /\bHH:mm|\bhh:mm|:ss\b|\bYYYY\b|\bMM\/DD\b|\bDD\/MM\b/],
  ['a basis or change example in dollars', /(?<![\w$.,])[-+−]0\.\d{2,}(?![\d%])/],
  ['a status code', /\b(?:basis_set|futures_set|price_set|hta_set|partial_cancel|basis_roll|futures_roll)\b/],
];

const OTHER_SPELLING = {
  'en-US': /\bcancell(?:ed|ing)\b|\bfulfil(?:ment|s)?\b/i,
  'en-CA': /\bcancel(?:ed|ing)\b|\bfulfill(?:ment|s)?\b/i,
  'en-AU': /\bcancel(?:ed|ing)\b|\bfulfill(?:ment|s)?\b/i,
} as const;

/** The old formats in one message's text (its argument names and select keys are codes and stay out). */
function oldFormatsIn(id: string, text: string): string[] {
  const found: string[] = [];
  for (const [what, re] of OLD_FORMATS) {
    if (what.startsWith('a basis') && DOLLAR_BASIS_HINTS.has(id)) continue;
    const m = re.exec(text);
    if (m) found.push(`${id}: ${what} (${m[0]})`);
  }
  return found;
}

describe('the message catalogue carries none of the old formats', () => {
  it('recognises the old formats it looks for', () => {
    expect(oldFormatsIn('x', 'Updated {at, time, short}')).not.toEqual([]);
    expect(oldFormatsIn('x', 'On {day, date, medium}')).not.toEqual([]);
    expect(oldFormatsIn('x', 'Total {amount, number, ::currency/USD}')).not.toEqual([]);
    expect(oldFormatsIn('x', 'Enter a basis between -5.00 and 5.00, e.g. -0.35')).not.toEqual([]);
    expect(oldFormatsIn('x', 'As of MM/DD/YYYY HH:mm:ss')).not.toEqual([]);
    expect(oldFormatsIn('x', '{code, select, basis_set {A-200108 · basis_set} other {}}')).not.toEqual([]);
    expect(
      oldFormatsIn('x', 'Basis set to {basis} on {quantity} · {count, number} offers · e.g. -45 or 4.33½'),
    ).toEqual([]);
  });

  it('formats no date, time or money itself, writes no clock pattern and no dollar basis example', () => {
    const found = Object.entries(catalogue).flatMap(([id, text]) => oldFormatsIn(id, text));
    expect(found).toEqual([]);
  });

  it.each(['en-US', 'en-CA', 'en-AU'] as const)('%s: spells every word as the locale does', (locale) => {
    const spelled = spellCatalogue(catalogue, locale);
    // Only the text: ICU argument names and select keys ('{status, select, canceled {…}}') are codes.
    const words = (text: string) =>
      text.replace(/\{\s*\w+\s*,\s*(?:select|plural)\s*,/g, '{').replace(/\w+\s*\{/g, '{');
    const wrong = Object.entries(spelled).filter(([, text]) => OTHER_SPELLING[locale].test(words(text)));
    expect(wrong.map(([id, text]) => `${id}: ${text}`)).toEqual([]);
  });
});
