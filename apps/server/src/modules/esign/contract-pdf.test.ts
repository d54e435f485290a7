import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream } from 'pdf-lib';
import type { SigningTerms } from '@granary/domain';
import { describe, expect, it } from 'vitest';
import { contractPdf } from './contract-pdf.ts';
import { pdfText as pageText } from '../../testing/pdf-text.ts';

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
    const doc = await PDFDocument.load(pdf);
    const contents = doc.getPages()[0]!.node.Contents()!;
    const streams = 'asArray' in contents ? contents.asArray() : [contents];
    const ys: number[] = [];
    for (const ref of streams) {
      const stream = doc.context.lookup(ref as never);
      if (!(stream instanceof PDFRawStream)) continue;
      const ops = inflateSync(Buffer.from(stream.getContents())).toString('latin1');
      for (const m of ops.matchAll(/1 0 0 1 [\d.]+ ([\d.]+) Tm/g)) ys.push(Number(m[1]));
    }
    expect(ys.filter((y) => y < 176 + 9)).toHaveLength(2);
  });
});
