import type { SigningTerms } from '@granary/domain';
import { describe, expect, it } from 'vitest';
import { contractPdf, stampSignature } from './contract-pdf.ts';
import { pdfPageLines, pdfText as pageText } from '../../testing/pdf-text.ts';

const TERMS: SigningTerms = {
  partnerName: 'Granary Demo Grain Co.',
  marketName: 'Ames Elevator',
  clientName: 'Fieldman Family Farms',
  displayContractId: 'C-100001',
  contractType: 'flat',
  direction: 'purchase',
  crop: 'Corn',
  cropYear: 2026,
  quantity: '5000',
  quantityUnit: 'bushels',
  deliveryStart: '2026-10-01',
  deliveryEnd: '2026-10-31',
  optionMonth: '2026-12',
  futuresPrice: '4.3350',
  basis: '-0.4500',
  cashPrice: '3.8850',
  currency: 'USD',
  contractDate: '2026-04-02',
};

describe('contract PDF', () => {
  it('writes futures, basis and cash as the trade does: quarter-cent fractions with the unit, basis in cents and month', async () => {
    const text = await pageText(await contractPdf(TERMS, { termsHash: 'h', createdAt: new Date('2026-04-02') }));
    expect(text).toContain('$4.33½/bu');
    expect(text).toContain('-45 Z');
    expect(text).toContain('$3.88½/bu');
    expect(text).not.toMatch(/4\.3350|-0\.45/);
  });

  it('writes days and quantities as the market’s farmers read them, never ISO (issue 13)', async () => {
    const meta = { termsHash: 'h', createdAt: new Date('2026-04-02') };
    const us = await pageText(await contractPdf({ ...TERMS, quantity: '12500' }, meta));
    expect(us).toContain('10/01/2026 to 10/31/2026');
    expect(us).toContain('04/02/2026');
    expect(us).toContain('12,500 bushels');
    expect(us).not.toMatch(/2026-10-01|2026-04-02/);
    const au = await pageText(await contractPdf(TERMS, { ...meta, locale: 'en-AU' }));
    expect(au).toContain('01/10/2026 to 31/10/2026');
    const ca = await pageText(await contractPdf(TERMS, { ...meta, locale: 'en-CA' }));
    expect(ca).toContain('2026-10-01 to 2026-10-31');
  });

  it('takes the partner’s notation when it is passed, and keeps dollars and cents a tonne for canola', async () => {
    const decimal = await pageText(
      await contractPdf(
        TERMS,
        { termsHash: 'h', createdAt: new Date('2026-04-02') },
        { price: 'decimal', basis: 'dollars' },
      ),
    );
    expect(decimal).toContain('$4.3350/bu');
    expect(decimal).toContain('-$0.45 Z');
    const canola = await pageText(
      await contractPdf(
        {
          ...TERMS,
          crop: 'Canola',
          quantityUnit: 'tonnes',
          currency: 'CAD',
          futuresPrice: '651.3',
          basis: '-32.5',
          cashPrice: '618.8',
          optionMonth: '2027-01',
        },
        { termsHash: 'h', createdAt: new Date('2026-04-02') },
      ),
    );
    expect(canola).toContain('$618.80/t');
    expect(canola).toContain('-$32.50 F');
  });

  it('keeps an amendment of many terms clear of the signature block, with the note on whose terms it shows', async () => {
    const changes = Array.from({ length: 14 }, (_, i) => `Term ${i + 1}: 2026-11-30 to 2026-12-15`);
    const pdf = await contractPdf(TERMS, {
      termsHash: 'h'.repeat(64),
      createdAt: new Date('2026-11-27'),
      amendment: {
        displayId: 'C-100001-A2',
        date: '11/27/2026',
        changes: ['Amend', ...changes],
        termsNote: 'Terms as of 11/27/2026, right after this amendment.',
      },
    });
    const text = await pageText(pdf);
    expect(text.replace(/\n/g, ' ')).toContain('Term 13: 2026-11-30 to 2026-12-15; Term 14: 2026-11-30 to 2026-12-15');
    expect(text).toContain('Terms as of 11/27/2026, right after this amendment.');
    // Every line drawn above the signature block (its top at y = 176) but the block's own two labels.
    const pages = await pdfPageLines(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.filter((l) => l.y < 176 + 9)).toHaveLength(2);
  });

  it('writes its standard terms as paragraphs, with no stray mark between them', async () => {
    const text = await pageText(await contractPdf(TERMS, { termsHash: 'h', createdAt: new Date('2026-04-02') }));
    expect(text).not.toContain('?');
    expect(text).toMatch(/\nGrain shall be of merchantable quality/);
  });

  it('runs rows that overflow the page onto a second one, the signature block on the last page', async () => {
    // A partnership's long legal name, a market named in full and an amendment whose five changes each run long: the
    // rows no longer fit above the signature block on the first page.
    const terms = {
      ...TERMS,
      clientName: Array.from({ length: 12 }, (_, i) => `Fieldman Family Farms Partner ${i + 1}`).join(', '),
      marketName: Array.from({ length: 8 }, () => 'Ames Elevator and Grain Terminal, Story County').join(' / '),
    };
    const changes = Array.from(
      { length: 5 },
      (_, i) =>
        `Change ${i + 1}: ` +
        Array.from(
          { length: 8 },
          () => 'delivery window moved to 11/30/2026 to 12/15/2026 at the buyer’s request',
        ).join('; '),
    );
    const meta = { termsHash: 'h'.repeat(64), createdAt: new Date('2026-11-27') };
    const pdf = await contractPdf(terms, {
      ...meta,
      amendment: { displayId: 'C-100001-A2', date: '11/27/2026', changes },
    });
    const pages = await pdfPageLines(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const onPage = (text: string) => pages.findIndex((p) => p.some((l) => l.text === text));
    // The first rows on page 1, the last ones carried over to page 2, each row whole beside its label.
    expect(onPage('Contract number')).toBe(0);
    expect(onPage('Contract date')).toBe(1);
    expect(onPage('04/02/2026')).toBe(1);
    expect(onPage('Cash price')).toBe(1);
    expect(onPage('$3.88½/bu')).toBe(1);
    // Every page's lines above the signature block (its top at y = 176); the block only on the last page.
    for (const page of pages) {
      for (const l of page) expect(l.y).toBeLessThanOrEqual(792 - 56);
      expect(page.filter((l) => l.y < 176 + 9).map((l) => l.text)).toEqual(
        page === pages.at(-1) ? ['Signature', `Seller: ${terms.clientName}`] : [],
      );
    }
    expect(pages.at(-1)!.some((l) => l.text.startsWith('Terms reference (SHA-256)'))).toBe(true);
    // Signing stamps the last page, where the block is.
    const signed = await stampSignature(pdf, {
      name: 'Dana Fieldman',
      signedAt: new Date(),
      ip: null,
      generatedSha256: 'x',
    });
    expect((await pdfPageLines(signed)).at(-1)!.map((l) => l.text)).toContain('Dana Fieldman');
    // The same contract with its usual names and no amendment stays on one page.
    expect(await pdfPageLines(await contractPdf(TERMS, meta))).toHaveLength(1);
  });
});
