import { describe, expect, it } from 'vitest';
import { DEMO_PARTNERS } from './demo-partners.ts';
import { demoLegalTexts } from './legal-texts-demo.ts';

// The demo's legal texts are each partner's own words (issue 13 'No dead ends'), in its own spelling: the US demo
// partner writes 'license', Canadian Prairie 'licence' (the web's spelling layer never touches partner data).
describe('demo legal texts', () => {
  const terms = (partnerId: string) =>
    demoLegalTexts(DEMO_PARTNERS).find((row) => row.partnerId === partnerId && row.document === 'terms-of-service')!
      .body;

  it("writes each partner's brand words and spelling", () => {
    expect(terms('demo')).toContain('operated by Granary Demo Grain Co.');
    expect(terms('demo')).toContain('a valid applicator license');
    expect(terms('demo')).not.toMatch(/licence/);
    expect(terms('prairie')).toContain('operated by Prairie Grain Cooperative Ltd.');
    expect(terms('prairie')).toContain('a valid applicator licence');
  });

  it('gives every partner the five documents', () => {
    const rows = demoLegalTexts(DEMO_PARTNERS);
    for (const partner of DEMO_PARTNERS) expect(rows.filter((r) => r.partnerId === partner.id)).toHaveLength(5);
  });
});
