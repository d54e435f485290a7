import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openContext } from '../support/browser.ts';

// Issue 13, "Done means": the built app's pages, as each demo account lands on them with the demo data, are walked
// for the formats the issue did away with. Any of these in a page's text fails the spec: a time with seconds or on a
// 24-hour clock ('22:18:34'), an ISO instant ('2026-11-26T22:18'), an ISO day on an en-US page, a price with three
// or more decimals without its dollar sign ('4.3500'; an average is '$4.1883', decision 034), a basis or change in
// signed dollars ('-0.48', '+0.0075') where the trade writes cents, a status code ('basis_set'), and the other
// locale's spelling (en-US canceled / fulfillment, en-CA cancelled / fulfilment).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Locale = 'en-US' | 'en-CA';

const OLD_FORMATS: [string, RegExp][] = [
  ['time with seconds', /\b\d{1,2}:\d{2}:\d{2}\b/g],
  ['24-hour time', /\b(1[3-9]|2[0-3]):[0-5]\d\b/g],
  ['ISO instant', /\b\d{4}-\d{2}-\d{2}T\d{2}:/g],
  ['price without its notation', /(?<![\d$.,])\d+\.\d{3,}(?![\d%])/g],
  ['basis or change in dollars', /(?<![\w$.,])[-+−]0\.\d{2,}(?![\d%])/g],
  ['status code', /\b[a-z]+_[a-z]+(?:_[a-z]+)*\b/g],
  ['NaN or undefined', /\bNaN\b|\bundefined\b/g],
];
const WRONG_SPELLING: Record<Locale, RegExp> = {
  'en-US': /\bcancell(?:ed|ing)\b|\bfulfilment\b/gi,
  'en-CA': /\bcancel(?:ed|ing)\b|\bfulfillment\b/gi,
};

/** The old formats in a text, each with what it is. */
function oldFormatsIn(text: string, locale: Locale): string[] {
  const found: string[] = [];
  const rules: [string, RegExp][] = [...OLD_FORMATS, ['spelling of the other locale', WRONG_SPELLING[locale]]];
  if (locale === 'en-US') rules.push(['ISO day on an en-US page', /\b20\d{2}-[01]\d-[0-3]\d\b/g]);
  for (const [what, re] of rules) for (const m of text.matchAll(re)) found.push(`${what}: ${m[0]}`);
  return [...new Set(found)];
}

/** The page's text, one text node a line, once its first heading shows and no spinner is left. */
async function pageText(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await page.locator('h1').first().waitFor();
  await expect
    .poll(() => page.locator('[role="progressbar"]:not([aria-valuenow])').count(), { timeout: 15_000 })
    .toBe(0);
  return page.evaluate(() => {
    // Text a person reads: not the page data a script carries inline (the public page's JSON).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) =>
        node.parentElement?.closest('script, style, noscript') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
    });
    const parts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.textContent ?? '');
    return parts.join('\n');
  });
}

/** Walks the paths as the account and returns each page's old formats (none expected). */
async function walk(as: string | undefined, paths: [string, Locale][]): Promise<Record<string, string[]>> {
  const context = await openContext(browser, as ? { as } : {});
  const page = await context.newPage();
  const found: Record<string, string[]> = {};
  try {
    for (const [path, locale] of paths) found[path] = oldFormatsIn(await pageText(page, path), locale);
  } finally {
    await context.close();
  }
  return found;
}

const clean = (found: Record<string, string[]>) => Object.fromEntries(Object.keys(found).map((path) => [path, []]));

describe('the old formats are gone from the built app', () => {
  it('reads the walker’s examples as the spec means them', () => {
    const now = '-45 Z\n+¾\n$4.33½\n$4.1883/bu\n0.00 bu\n11/26/2026 10:18 PM\nCanceled\n15.5%\nunch';
    expect(oldFormatsIn(now, 'en-US')).toEqual([]);
    expect(oldFormatsIn('2026-11-26 10:18 p.m.\nCancelled', 'en-CA')).toEqual([]);
    for (const old of ['11/26/2026 22:18:34', '4.3500', '-0.48', '+0.0075', 'A-200108 · basis_set', '2026-11-26']) {
      expect(oldFormatsIn(old, 'en-US'), old).not.toEqual([]);
    }
    expect(oldFormatsIn('Cancelled', 'en-US')).not.toEqual([]);
    expect(oldFormatsIn('Canceled', 'en-CA')).not.toEqual([]);
  });

  it('the buyer’s CRM pages, in en-US and en-CA', async () => {
    const found = await walk('buyer', [
      ['/crm/dashboard', 'en-US'],
      ['/crm/bids', 'en-US'],
      ['/crm/contracts', 'en-US'],
      ['/crm/offers', 'en-US'],
      ['/crm/settlements', 'en-US'],
      ['/en-ca/crm/offers', 'en-CA'],
    ]);
    expect(found).toEqual(clean(found));
  });

  it('the farmer’s My Sales Lite and the public market page', async () => {
    const farmer = await walk('farmer', [
      ['/my-sales-lite', 'en-US'],
      ['/my-sales-lite/settlements', 'en-US'],
      ['/en-ca/my-sales-lite', 'en-CA'],
    ]);
    expect(farmer).toEqual(clean(farmer));
    const market = await walk(undefined, [['/market', 'en-US']]);
    expect(market).toEqual(clean(market));
  });
});
