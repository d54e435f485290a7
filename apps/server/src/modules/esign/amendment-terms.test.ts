// An amendment's PDF shows the terms as they stood right after it (issue 14 leftovers; decision 042, addendum): the
// terms snapshot written with the amendment by contract writing's edit-after-send and by every pricing operation.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ContractType, ContractWriteInput } from '@granary/domain';
import { injectAs, startCrmTestApp, type CrmTestApp } from '../../testing/crm-test-app.ts';
import { pdfText } from '../../testing/pdf-text.ts';

const CTRM = '/api/commodities/ctrm';
const PC = '/api/commodities/profit-center';
let app: CrmTestApp;
let clientId: number;

beforeAll(async () => {
  app = await startCrmTestApp();
  clientId = app.fx.demoClients[0]!;
});
afterAll(async () => app.t.close());

function body(type: ContractType, extra: Partial<ContractWriteInput> = {}): ContractWriteInput {
  return {
    contractType: type,
    direction: 'purchase',
    marketId: app.fx.marketAll,
    cropId: 1,
    cropYear: 2026,
    quantity: '5000',
    deliveryStart: '2026-10-01',
    deliveryEnd: '2026-11-30',
    optionMonth: '2026-12',
    paymentTerms: 'on_settlement',
    ...(type === 'flat' ? { futuresPrice: '4.1275', basis: '-0.3525' } : {}),
    ...(type === 'pp' ? { basis: '-0.40', pricingPeriodStart: '2026-03-01', pricingPeriodEnd: '2026-06-30' } : {}),
    ...extra,
  } as ContractWriteInput;
}

const contractUrl = (id: number) => `${CTRM}/seller/${clientId}/contract/${id}`;

/** A new contract of `type`, marked sent for signature (so an edit is an amendment). */
async function sentContract(type: ContractType): Promise<number> {
  const res = await injectAs(app.t, app.buyer, 'POST', `${CTRM}/seller/${clientId}/contract`, body(type));
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  await app.t.database.db.execute(sql`update contracts set esign_sent = true where id = ${id}`);
  return id;
}

async function amendmentIds(contractId: number): Promise<number[]> {
  const detail = (await injectAs(app.t, app.buyer, 'GET', contractUrl(contractId))).json();
  return detail.amendments.map((a: { id: number }) => a.id);
}

async function amendmentPdf(amendmentId: number): Promise<string> {
  const res = await injectAs(app.t, app.buyer, 'GET', `${PC}/contract-amendments/${amendmentId}/pdf`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return pdfText(res.rawPayload);
}

describe('an amendment’s PDF keeps its terms', () => {
  it('amended twice by edits: the first amendment’s PDF still shows the first terms', async () => {
    const id = await sentContract('flat');
    const edit = (payload: ContractWriteInput, version: string) =>
      injectAs(app.t, app.buyer, 'PUT', contractUrl(id), payload, { 'if-match': version });
    expect((await edit(body('flat', { quantity: '6000' }), '"1"')).statusCode).toBe(200);
    expect((await edit(body('flat', { quantity: '7000', deliveryEnd: '2026-12-15' }), '"2"')).statusCode).toBe(200);
    const [first, second] = await amendmentIds(id);

    const a1 = await amendmentPdf(first!);
    expect(a1).toContain('6,000 bushels');
    expect(a1).toContain('10/01/2026 to 11/30/2026');
    expect(a1).not.toContain('7,000 bushels');
    expect(a1).toMatch(/Terms as of \d\d\/\d\d\/\d{4}, right after this amendment\./);
    const a2 = await amendmentPdf(second!);
    expect(a2).toContain('7,000 bushels');
    expect(a2).toContain('10/01/2026 to 12/15/2026');
  });

  it('priced twice by futures set: the first addendum’s PDF shows the futures of then, not today’s average', async () => {
    const id = await sentContract('pp');
    const futuresSet = async (quantity: string, futuresPrice: string) => {
      const etag = (await injectAs(app.t, app.buyer, 'GET', contractUrl(id))).headers.etag as string;
      const res = await injectAs(
        app.t,
        app.buyer,
        'POST',
        `${contractUrl(id)}/futures-set`,
        { quantity, futuresPrice },
        { 'if-match': etag },
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    await futuresSet('2000', '4.20');
    await futuresSet('3000', '4.50');
    const [first, second] = await amendmentIds(id);
    // 2,000 bu at $4.20 and a basis of -40: cash $3.80. Then 3,000 at $4.50: the averages move to $4.38 and $3.98.
    const a1 = await amendmentPdf(first!);
    expect(a1).toContain('$4.20/bu');
    expect(a1).toContain('$3.80/bu');
    expect(a1).not.toContain('$4.38/bu');
    const a2 = await amendmentPdf(second!);
    expect(a2).toContain('$4.38/bu');
    expect(a2).toContain('$3.98/bu');
  });

  it('an amendment written before the snapshots falls back to today’s terms and says so', async () => {
    const id = await sentContract('flat');
    const edit = (quantity: string, version: string) =>
      injectAs(app.t, app.buyer, 'PUT', contractUrl(id), body('flat', { quantity }), { 'if-match': version });
    expect((await edit('5500', '"1"')).statusCode).toBe(200);
    expect((await edit('8000', '"2"')).statusCode).toBe(200);
    const [first] = await amendmentIds(id);
    await app.t.database.db.execute(sql`update contract_amendments set terms_snapshot = null where id = ${first!}`);
    const a1 = await amendmentPdf(first!);
    expect(a1).toContain('8,000 bushels');
    expect(a1).toContain('this amendment predates the terms kept with each amendment');
    expect(a1).not.toContain('Terms as of');
  });
});
