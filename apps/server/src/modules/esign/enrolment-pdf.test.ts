import type { EnrolmentSigningTerms } from '@granary/domain';
import { describe, expect, it } from 'vitest';
import { enrolmentPdf, stampSignature } from './contract-pdf.ts';
import { pdfPageLines as pageLines } from '../../testing/pdf-text.ts';

const TERMS: EnrolmentSigningTerms = {
  enrolmentId: 7,
  partnerName: 'Granary Demo Grain Co.',
  marketName: 'Ames Elevator',
  clientName: 'Fieldman Family Farms',
  programName: 'Low-carbon corn 2026',
  crop: 'Corn',
  cropYear: 2026,
  premium: '0.15',
  premiumUnit: 'bushel',
  practices: ['No-till', 'Cover crops'],
  acres: '320',
  answers: [],
};

describe('enrolment PDF (issue 17)', () => {
  it('runs a long survey onto further pages, every answer on a page above the signature block', async () => {
    const answers = Array.from({ length: 60 }, (_, i) => ({
      question: `Question ${i + 1}: which practices did you follow on the enrolled fields last season?`,
      answer: `Answer ${i + 1}`,
    }));
    const pdf = await enrolmentPdf(
      { ...TERMS, answers },
      { termsHash: 'h'.repeat(64), createdAt: new Date(), currency: 'USD' },
    );
    const pages = await pageLines(pdf);
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.flat();
    for (const a of answers) {
      const drawn = all.filter((l) => l.text === a.answer);
      expect(drawn, a.answer).toHaveLength(1);
      // On the page, above the signature block's top (y = 176) and below the top margin.
      expect(drawn[0]!.y).toBeGreaterThan(176);
      expect(drawn[0]!.y).toBeLessThanOrEqual(792 - 56);
    }
    // The terms, their reference and the signature block are on the last page; earlier pages have no block labels.
    const last = pages.at(-1)!.map((l) => l.text);
    expect(last).toContain('Signature');
    expect(last.some((t) => t.startsWith('Terms reference (SHA-256)'))).toBe(true);
    for (const page of pages.slice(0, -1)) expect(page.map((l) => l.text)).not.toContain('Signature');
    // Nothing but the block's own two labels is drawn inside it on any page.
    for (const page of pages) expect(page.filter((l) => l.y < 176 + 9).length).toBeLessThanOrEqual(2);
    // Signing stamps the last page, where the block is.
    const signed = await stampSignature(pdf, {
      name: 'Dana Fieldman',
      signedAt: new Date(),
      ip: null,
      generatedSha256: 'x',
    });
    expect((await pageLines(signed)).at(-1)!.map((l) => l.text)).toContain('Dana Fieldman');
  });

  it('keeps a short survey on one page', async () => {
    const pdf = await enrolmentPdf(
      { ...TERMS, answers: [{ question: 'Do you till?', answer: 'No' }] },
      { termsHash: 'h'.repeat(64), createdAt: new Date(), currency: 'USD' },
    );
    const pages = await pageLines(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.map((l) => l.text)).toContain('No');
  });
});
