// Issue 14 (decision 042): the contract page's call, the missing e-mail / program / enterprise refusals, voiding a
// signing request, amendments with their own PDFs sent for signature, and the farmer's seller views.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import {
  PARTNER_CONTRACT_SIGNING_PATH,
  contractDetailSchema,
  contractEsignStatusSchema,
  esignSendResponseSchema,
  sellerAmendmentSchema,
  sellerContractSchema,
  signingReviewSchema,
  signingUrlsResponseSchema,
} from '@granary/domain';
import { injectAs, startCrmTestApp } from '../../testing/crm-test-app.ts';
import type { Caller } from '../../testing/crm-test-fixtures.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { auditLog, contractDocuments, contracts, legalEntities } from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { seedSigningDemo } from './esign-demo.ts';
import { fieldmanCandidates, partialCancel as cancelPart, type SigningCandidate } from './esign-test-setup.ts';

const PC = '/api/commodities/profit-center';
const CTRM = '/api/commodities/ctrm';

let t: TestApp;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;
let fieldmanId: number;
/** Open, e-sign eligible contracts of the demo farmer's farm with bushels left to cancel, unsent and unsigned. */
let candidates: SigningCandidate[];

beforeAll(async () => {
  ({ t, buyer, prairie, farmer } = await startCrmTestApp());
  ({ fieldmanId, candidates } = await fieldmanCandidates(t, 4, 300));
}, 120_000);
afterAll(() => t.close());

const get = (caller: Caller | null, url: string) => injectAs(t, caller, 'GET', url);
const post = (caller: Caller | null, url: string, body: object = {}, headers: Record<string, string> = {}) =>
  injectAs(t, caller, 'POST', url, body, headers);
const send = (contractId: number, amendment = false) =>
  post(buyer, `${PC}/${amendment ? 'contract-amendments' : 'contracts'}/sign`, { contractId });
const voidIt = (caller: Caller, contractId: number) => post(caller, `${PC}/contracts/${contractId}/signing/void`);
const status = async (contractId: number) =>
  contractEsignStatusSchema.parse((await get(buyer, `${PC}/contracts/${contractId}/signing`)).json());
const signAsFarmer = (requestId: number) =>
  post(farmer, `${PC}/signing/${requestId}/sign`, { name: 'Sam Fieldman', consent: true });

const partialCancel = (contractId: number, quantity = '100') => cancelPart(t, buyer, fieldmanId, contractId, quantity);

const lastAudit = async (action: string, targetId: string) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('the contract page', () => {
  it('opens a contract by its id alone, with its version as ETag; another partner gets 404', async () => {
    const c = candidates[0]!;
    const res = await get(buyer, `${CTRM}/contracts/${c.id}`);
    expect(res.statusCode).toBe(200);
    const detail = contractDetailSchema.parse(res.json());
    expect(detail.contract).toMatchObject({ id: c.id, clientId: fieldmanId, displayContractId: c.displayContractId });
    expect(res.headers.etag).toBe(`"${detail.version}"`);
    expect(res.json().terms).toMatchObject({ marketName: expect.any(String), program: null, paymentTerms: null });
    expect((await get(prairie, `${CTRM}/contracts/${c.id}`)).statusCode).toBe(404);
    expect((await get(buyer, `${CTRM}/contracts/999999999`)).statusCode).toBe(404);
    expect((await get(buyer, `${CTRM}/contracts/x`)).statusCode).toBe(400);
  });

  it('downloads the contract PDF: generated from its terms before it is sent; 404 to another partner', async () => {
    const c = candidates[0]!;
    const res = await get(buyer, `${PC}/contracts/${c.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(res.rawPayload)).getTitle()).toBe(`Contract ${c.displayContractId}`);
    expect((await get(prairie, `${PC}/contracts/${c.id}/pdf`)).statusCode).toBe(404);
    expect((await get(farmer, `${PC}/contracts/${c.id}/pdf`)).statusCode).toBe(200);
  });
});

describe('sending refuses a contract the farmer cannot receive', () => {
  it('missing e-mail: the client has no e-mail address (400, nothing sent)', async () => {
    const c = candidates[0]!;
    const db = t.database.db;
    const [before] = await db.select().from(legalEntities).where(eq(legalEntities.id, fieldmanId));
    await db.update(legalEntities).set({ emailAddress: null }).where(eq(legalEntities.id, fieldmanId));
    try {
      const res = await send(c.id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request', details: { reason: 'missing_email' } });
      expect(res.json().message).toContain('has no e-mail address');
      expect((await status(c.id)).request).toBeNull();
    } finally {
      await db
        .update(legalEntities)
        .set({ emailAddress: before!.emailAddress })
        .where(eq(legalEntities.id, fieldmanId));
    }
  });

  it('missing enterprise: the client is not onboarded in the app (400)', async () => {
    const c = candidates[0]!;
    const db = t.database.db;
    const [before] = await db.select().from(legalEntities).where(eq(legalEntities.id, fieldmanId));
    await db.update(legalEntities).set({ enterpriseId: null }).where(eq(legalEntities.id, fieldmanId));
    try {
      const res = await send(c.id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ details: { reason: 'missing_enterprise' } });
      expect(res.json().message).toContain('has no enterprise in the app');
    } finally {
      await db
        .update(legalEntities)
        .set({ enterpriseId: before!.enterpriseId })
        .where(eq(legalEntities.id, fieldmanId));
    }
  });

  it('missing program: only when the partner requires one; an administrator sets the rule, audited', async () => {
    const c = candidates[0]!;
    expect((await get(buyer, PARTNER_CONTRACT_SIGNING_PATH)).json()).toEqual({
      amendmentsRequireSignature: true,
      programRequired: false,
    });
    expect(
      (
        await injectAs(t, farmer, 'PUT', PARTNER_CONTRACT_SIGNING_PATH, {
          amendmentsRequireSignature: true,
          programRequired: true,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await injectAs(t, buyer, 'PUT', PARTNER_CONTRACT_SIGNING_PATH, { amendmentsRequireSignature: 'yes' }))
        .statusCode,
    ).toBe(400);
    const put = await injectAs(t, buyer, 'PUT', PARTNER_CONTRACT_SIGNING_PATH, {
      amendmentsRequireSignature: true,
      programRequired: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await lastAudit('partner_contract_signing_update', 'demo'))?.details).toMatchObject({
      to: { programRequired: true },
    });
    // Prairie keeps its own rules.
    expect((await get(prairie, PARTNER_CONTRACT_SIGNING_PATH)).json()).toMatchObject({ programRequired: false });

    await t.database.db.update(contracts).set({ program: null }).where(eq(contracts.id, c.id));
    const refused = await send(c.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ details: { reason: 'missing_program' } });
    expect(refused.json().message).toContain('has no program');

    await t.database.db.update(contracts).set({ program: 'Harvest Advantage' }).where(eq(contracts.id, c.id));
    expect((await send(c.id)).statusCode).toBe(200);
    await injectAs(t, buyer, 'PUT', PARTNER_CONTRACT_SIGNING_PATH, {
      amendmentsRequireSignature: true,
      programRequired: false,
    });
  });
});

describe('voiding a signing request', () => {
  it("withdraws the open request: the farmer's link answers void, the contract needs sending again, audited", async () => {
    const c = candidates[1]!;
    const sent = esignSendResponseSchema.parse((await send(c.id)).json());
    const requestId = sent.status.request!.id;
    expect((await voidIt(prairie, c.id)).statusCode).toBe(404);
    expect((await voidIt(farmer, c.id)).statusCode).toBe(403);

    const res = await voidIt(buyer, c.id);
    expect(res.statusCode, res.body).toBe(200);
    const after = contractEsignStatusSchema.parse(res.json());
    expect(after).toMatchObject({ state: 'eligible', canSend: true, request: { id: requestId, state: 'void' } });
    expect(after.documents[0]).toMatchObject({ id: sent.status.request!.documentId, status: 'void' });
    const [row] = await t.database.db.select().from(contracts).where(eq(contracts.id, c.id));
    expect(row!.esignSent).toBe(false);

    const review = signingReviewSchema.parse((await get(farmer, `${PC}/signing/${requestId}`)).json());
    expect(review.state).toBe('void');
    const refused = await signAsFarmer(requestId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ details: { reason: 'void' } });
    const urls = signingUrlsResponseSchema.parse((await get(farmer, `${PC}/signing/urls`)).json());
    expect(urls.rows.map((r) => r.requestId)).not.toContain(requestId);
    expect((await lastAudit('contract_esign_voided', String(c.id)))?.details).toMatchObject({
      requests: [requestId],
    });

    const again = await voidIt(buyer, c.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ details: { reason: 'nothing_to_void' } });
  });
});

describe('amendments', () => {
  let amendmentId: number;

  it('the signed contract amended: its own PDF titled with the amendment, sent and signed in My Sales Lite', async () => {
    const c = candidates[2]!;
    const sent = esignSendResponseSchema.parse((await send(c.id)).json());
    expect((await signAsFarmer(sent.status.request!.id)).statusCode).toBe(200);
    await partialCancel(c.id, '100');
    const detail = contractDetailSchema.parse((await get(buyer, `${CTRM}/contracts/${c.id}`)).json());
    const amendment = detail.amendments.at(-1)!;
    amendmentId = amendment.id;
    expect(amendment.action).toBe('partial_cancel');

    // Its PDF, for the buyer and for the farmer: the contract with the amended terms, titled with the amendment.
    for (const caller of [buyer, farmer]) {
      const pdf = await get(caller, `${PC}/contract-amendments/${amendment.id}/pdf`);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const doc = await PDFDocument.load(pdf.rawPayload);
      expect(doc.getTitle()).toBe(
        `Amendment ${amendment.displayContractAmendmentId} to contract ${c.displayContractId}`,
      );
      // What changed, in the sentence the CRM and My Sales Lite show (not the stored fields).
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('Cancelled 100 bu');
      expect(text).not.toMatch(/Cancelled quantity:/);
    }
    expect((await get(prairie, `${PC}/contract-amendments/${amendment.id}/pdf`)).statusCode).toBe(404);

    // Not sent yet, and the partner asks for amendments to be signed: the buyer and the farmer read 'not_sent'.
    const before = sellerAmendmentSchema.parse(
      (await get(farmer, `${PC}/contract-amendments/${amendment.id}/seller`)).json(),
    );
    expect(before).toMatchObject({ signature: 'not_sent', changes: { cancelledQuantity: '100' } });
    expect((await status(c.id)).amendmentsRequireSignature).toBe(true);

    // Sent for signature: the document carries the amendment; the farmer's views show it waiting with its link.
    const resent = await send(c.id, true);
    expect(resent.statusCode, resent.body).toBe(200);
    const [doc] = await t.database.db
      .select()
      .from(contractDocuments)
      .where(eq(contractDocuments.contractId, c.id))
      .orderBy(desc(contractDocuments.id))
      .limit(1);
    expect(doc).toMatchObject({ kind: 'amendment', amendmentId: amendment.id, status: 'sent' });
    expect(doc!.fileName).toBe(`amendment-${amendment.displayContractAmendmentId}.pdf`);

    const view = sellerContractSchema.parse((await get(farmer, `${PC}/contracts/${c.id}/seller`)).json());
    expect(view).toMatchObject({ state: 'mismatch', signingAmendmentId: amendment.id });
    expect(view.signingUrl).toMatch(/^\/profit-center\/builtin\/sign\/\d+$/);
    const one = sellerAmendmentSchema.parse(
      (await get(farmer, `${PC}/contract-amendments/${amendment.id}/seller`)).json(),
    );
    expect(one).toMatchObject({ signature: 'sent', signingUrl: view.signingUrl });
    // What changed, as the farmer's contract view gives it (no note, no reason): the web writes the sentence.
    expect(one.changes).toEqual({ cancelledQuantity: '100', remainingQuantity: one.changes.remainingQuantity });

    const requestId = Number(view.signingUrl!.split('/').at(-1));
    expect((await signAsFarmer(requestId)).statusCode).toBe(200);
    const signed = sellerAmendmentSchema.parse(
      (await get(farmer, `${PC}/contract-amendments/${amendment.id}/seller`)).json(),
    );
    expect(signed).toMatchObject({ signature: 'signed', signingUrl: null });
    expect(sellerContractSchema.parse((await get(farmer, `${PC}/contracts/${c.id}/seller`)).json()).state).toBe(
      'signed',
    );
    // The contract's PDF is now the signed copy of the amendment.
    const pdf = await get(buyer, `${PC}/contracts/${c.id}/pdf`);
    expect(pdf.headers['content-disposition']).toContain(
      `amendment-${amendment.displayContractAmendmentId}-signed.pdf`,
    );
  });

  it("the seller views answer only the farmer: a buyer or another partner's caller gets 404", async () => {
    const c = candidates[2]!;
    for (const caller of [buyer, prairie]) {
      expect((await get(caller, `${PC}/contracts/${c.id}/seller`)).statusCode).toBe(404);
      expect((await get(caller, `${PC}/contract-amendments/${amendmentId}/seller`)).statusCode).toBe(404);
    }
    expect((await get(null, `${PC}/contracts/${c.id}/seller`)).statusCode).toBe(401);
    // A contract of a client the farmer is not onboarded on.
    const [other] = await t.database.db
      .select({ id: contracts.id })
      .from(contracts)
      .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
      .where(and(eq(contracts.partnerId, 'demo'), sql`${contracts.clientId} <> ${fieldmanId}`))
      .limit(1);
    expect((await get(farmer, `${PC}/contracts/${other!.id}/seller`)).statusCode).toBe(404);
  });

  it('when the partner does not ask for amendments to be signed, sending one is refused (409 not_required)', async () => {
    const c = candidates[3]!;
    const sent = esignSendResponseSchema.parse((await send(c.id)).json());
    expect((await signAsFarmer(sent.status.request!.id)).statusCode).toBe(200);
    await partialCancel(c.id, '100');
    await injectAs(t, buyer, 'PUT', PARTNER_CONTRACT_SIGNING_PATH, {
      amendmentsRequireSignature: false,
      programRequired: false,
    });
    try {
      const res = await send(c.id, true);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ details: { reason: 'not_required' } });
      expect(await status(c.id)).toMatchObject({ state: 'mismatch', amendmentsRequireSignature: false });
      // The amendment needs no signature: the farmer's view says so (not 'not sent').
      const view = sellerContractSchema.parse((await get(farmer, `${PC}/contracts/${c.id}/seller`)).json());
      expect(view.amendments.at(-1)).toMatchObject({ action: 'partial_cancel', signature: 'not_required' });
    } finally {
      await injectAs(t, buyer, 'PUT', PARTNER_CONTRACT_SIGNING_PATH, {
        amendmentsRequireSignature: true,
        programRequired: false,
      });
    }
  });
});

describe('the demo signing requests', () => {
  it("give the demo farmer's first sent contract an open link with its stored PDF", async () => {
    const before = signingUrlsResponseSchema.parse((await get(farmer, `${PC}/signing/urls`)).json()).rows;
    const made = await seedSigningDemo(t.database.db, {
      partnerId: 'demo',
      clientName: 'Fieldman Family Farms',
      buyerEmail: DEMO_ACCOUNTS.buyer,
      count: 1,
    });
    expect(made).toBe(1);
    const after = signingUrlsResponseSchema.parse((await get(farmer, `${PC}/signing/urls`)).json()).rows;
    const added = after.filter((r) => !before.some((b) => b.requestId === r.requestId));
    expect(added).toHaveLength(1);
    const pdf = await get(farmer, `${PC}/contracts/${added[0]!.contractId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['x-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
  });
});
