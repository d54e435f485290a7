import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  contractEsignStatusSchema,
  contractListResponseSchema,
  esignSendResponseSchema,
  signResultSchema,
  signingReviewSchema,
  signingUrlsResponseSchema,
  type ContractEsignStatus,
} from '@granary/domain';
import { createTestApp, cookiesFrom, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { contracts, notifications, signingRequests, users } from '../../db/schema/index.ts';
import { lastMessage } from '../../testing/identity-browser.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { fieldmanCandidates, partialCancel as cancelPart, type SigningCandidate } from './esign-test-setup.ts';

const PC = '/api/commodities/profit-center';
const CTRM = '/api/commodities/ctrm';
const MERCH = '/api/commodities/merchandising';

let t: TestApp;
let buyer: Caller;
let prairie: Caller;
let farmer: Caller;
let admin: Caller;
/** Open, e-sign eligible, unsigned contracts of the demo farmer's farm with bushels left to cancel. */
let candidates: SigningCandidate[];
let fieldmanId: number;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
  prairie = await signIn(t, DEMO_ACCOUNTS.prairieBuyer);
  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
  admin = await signIn(t, DEMO_ACCOUNTS.admin);
  ({ fieldmanId, candidates } = await fieldmanCandidates(t, 5, 200));
}, 120_000);
afterAll(() => t.close());

const get = (caller: Caller | null, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: caller ? headersOf(caller, headers) : headers });
const post = (caller: Caller | null, url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: caller ? headersOf(caller, headers) : headers,
  });

const send = (caller: Caller, contractId: number) => post(caller, `${PC}/contracts/sign`, { contractId });
const status = async (contractId: number): Promise<ContractEsignStatus> =>
  contractEsignStatusSchema.parse((await get(buyer, `${PC}/contracts/${contractId}/signing`)).json());
const sign = (
  caller: Caller | null,
  ref: string | number,
  name = 'Sam Fieldman',
  headers: Record<string, string> = {},
) => post(caller, `${PC}/signing/${ref}/sign`, { name, consent: true }, headers);

/** The one-time token of the signing link last mailed to the farmer. */
async function mailedToken(): Promise<string> {
  const message = await lastMessage(t.database, DEMO_ACCOUNTS.farmer, 'contract_signature');
  const match = /\/profit-center\/builtin\/sign\/([0-9a-f]{64})/.exec(message?.text ?? '');
  expect(match).not.toBeNull();
  return match![1]!;
}

async function contractRow(id: number) {
  const [row] = await t.database.db.select().from(contracts).where(eq(contracts.id, id));
  return row!;
}

/** An anonymous visitor with the CSRF token the web app would send. */
async function anonymous(): Promise<Caller> {
  const res = await t.app.inject({ method: 'GET', url: '/api/bootstrap' });
  const cookies = cookiesFrom(res.headers['set-cookie']);
  return {
    cookie: Object.entries(cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; '),
    csrf: res.json().csrf as string,
  };
}

const partialCancel = (contractId: number, clientId: number, quantity = '100') =>
  cancelPart(t, buyer, clientId, contractId, quantity);

const sha = (body: Buffer) => createHash('sha256').update(body).digest('hex');

describe('sending a contract for signature', () => {
  it('generates the PDF, opens a signing request, sets eSignSent and tells the farmer by notification and e-mail', async () => {
    const c = candidates[0]!;
    const res = await send(buyer, c.id);
    expect(res.statusCode).toBe(200);
    const body = esignSendResponseSchema.parse(res.json());
    expect(body.notified).toBe(1);
    expect(body.status).toMatchObject({
      state: 'sent',
      canSend: true,
      request: { state: 'open', provider: 'builtin', signedAt: null },
    });
    expect(body.status.documents[0]).toMatchObject({ status: 'sent', files: [{ kind: 'generated' }] });
    expect((await contractRow(c.id)).esignSent).toBe(true);

    const [farmerUser] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.farmer));
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, farmerUser!.id));
    expect(notes.at(-1)).toMatchObject({
      topic: 'contract_signature',
      link: `/profit-center/builtin/sign/${body.status.request!.id}`,
    });
    expect(notes.at(-1)!.title).toContain(c.displayContractId);
    const token = await mailedToken();
    // Only the token's hash is stored.
    const [row] = await t.database.db
      .select()
      .from(signingRequests)
      .where(eq(signingRequests.id, body.status.request!.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('voids the earlier open request when sent again', async () => {
    const c = candidates[0]!;
    const first = (await status(c.id)).request!;
    const oldToken = await mailedToken();
    const res = await send(buyer, c.id);
    expect(res.statusCode).toBe(200);
    const again = esignSendResponseSchema.parse(res.json()).status;
    expect(again.request!.id).not.toBe(first.id);
    // The newest first (the demo data's own document of the contract after them).
    expect(again.documents.slice(0, 2).map((d) => d.status)).toEqual(['sent', 'void']);
    const review = signingReviewSchema.parse((await get(null, `${PC}/signing/${oldToken}`)).json());
    expect(review.state).toBe('void');
    const refused = await sign(farmer, oldToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conflict', details: { reason: 'void' } });
  });

  it('answers another partner 404, bad input 400, an ineligible contract 400 and a cancelled one 409', async () => {
    const c = candidates[1]!;
    expect((await send(prairie, c.id)).statusCode).toBe(404);
    expect((await get(prairie, `${PC}/contracts/${c.id}/signing`)).statusCode).toBe(404);
    expect((await send(buyer, 999_999_999)).statusCode).toBe(404);
    expect((await post(buyer, `${PC}/contracts/sign`, { contractId: 'x' })).statusCode).toBe(400);
    expect((await post(buyer, `${PC}/contracts/sign`, { contractId: c.id, extra: true })).statusCode).toBe(400);
    expect((await send(farmer, c.id)).statusCode).toBe(403);

    const [ineligible] = await t.database.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.marketId, c.marketId), eq(contracts.esignEligible, false)))
      .limit(1);
    const refused = await send(buyer, ineligible!.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_request', details: { reason: 'not_eligible' } });

    const [other] = await t.database.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(
        and(
          eq(contracts.clientId, fieldmanId),
          eq(contracts.esignEligible, true),
          sql`${contracts.id} not in (${sql.join(
            candidates.map((x) => sql`${x.id}`),
            sql`, `,
          )})`,
        ),
      )
      .limit(1);
    await t.database.db
      .update(contracts)
      .set({ status: 'cancelled', signed: false })
      .where(eq(contracts.id, other!.id));
    const res = await send(buyer, other!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', details: { reason: 'cancelled' } });
  });
});

describe('the signer', () => {
  it('gets their open signing URLs; another user gets none of them', async () => {
    const c = candidates[0]!;
    const res = await get(farmer, `${PC}/signing/urls`);
    expect(res.statusCode).toBe(200);
    const urls = signingUrlsResponseSchema.parse(res.json()).rows;
    const latest = (await status(c.id)).request!;
    expect(urls).toContainEqual(
      expect.objectContaining({
        requestId: latest.id,
        contractId: c.id,
        url: `/profit-center/builtin/sign/${latest.id}`,
      }),
    );
    // The voided request is not offered.
    expect(urls.filter((u) => u.contractId === c.id)).toHaveLength(1);
    expect(signingUrlsResponseSchema.parse((await get(prairie, `${PC}/signing/urls`)).json()).rows).toEqual([]);
    expect((await get(null, `${PC}/signing/urls`)).statusCode).toBe(401);
  });

  it('reviews by token without a session, and by request id only when onboarded on the client', async () => {
    const c = candidates[0]!;
    const token = await mailedToken();
    const review = signingReviewSchema.parse((await get(null, `${PC}/signing/${token}`)).json());
    expect(review).toMatchObject({
      state: 'open',
      contractId: c.id,
      terms: { displayContractId: c.displayContractId, clientName: 'Fieldman Family Farms' },
    });
    const byId = await get(farmer, `${PC}/signing/${review.requestId}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().suggestedName).toBe('Sam Fieldman');
    expect((await get(admin, `${PC}/signing/${review.requestId}`)).statusCode).toBe(404);
    expect((await get(null, `${PC}/signing/${review.requestId}`)).statusCode).toBe(401);
    expect((await get(null, `${PC}/signing/${'0'.repeat(64)}`)).statusCode).toBe(404);
    expect((await get(null, `${PC}/signing/not-a-ref`)).statusCode).toBe(404);
    // The PDF of the link, to whoever holds it.
    const pdf = await get(null, `${PC}/signing/${token}/document`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a farmer who is not the signer, and bad input', async () => {
    const requestId = (await status(candidates[0]!.id)).request!.id;
    expect((await sign(admin, requestId)).statusCode).toBe(404);
    expect((await sign(prairie, requestId)).statusCode).toBe(404);
    expect(
      (await post(farmer, `${PC}/signing/${requestId}/sign`, { name: 'Sam Fieldman', consent: false })).statusCode,
    ).toBe(400);
    expect((await post(farmer, `${PC}/signing/${requestId}/sign`, { name: 'S', consent: true })).statusCode).toBe(400);
    expect((await post(farmer, `${PC}/signing/${requestId}/sign`, { consent: true })).statusCode).toBe(400);
    expect((await status(candidates[0]!.id)).state).toBe('sent');
  });

  it('signs: stamps and stores the signed PDF, marks the contract signed with the terms signed; a second sign is 409', async () => {
    const c = candidates[0]!;
    const requestId = (await status(c.id)).request!.id;
    const res = await sign(farmer, requestId, 'Sam Fieldman', { 'user-agent': 'vitest-browser' });
    expect(res.statusCode).toBe(200);
    const result = signResultSchema.parse(res.json());
    expect(result).toMatchObject({
      contractId: c.id,
      signerName: 'Sam Fieldman',
      redirectTo: `/profit-center/builtin/contract-signed?contract=${encodeURIComponent(c.displayContractId)}`,
    });

    const row = await contractRow(c.id);
    expect(row).toMatchObject({ signed: true, signedTermsHash: row.termsHash });
    const [request] = await t.database.db.select().from(signingRequests).where(eq(signingRequests.id, requestId));
    expect(request).toMatchObject({ status: 'signed', signerName: 'Sam Fieldman', signedUserAgent: 'vitest-browser' });
    expect(request!.signedIp).toBeTruthy();
    expect(request!.signerUserId).not.toBeNull();

    const s = await status(c.id);
    expect(s).toMatchObject({
      state: 'signed',
      canSend: false,
      request: { state: 'signed', signerName: 'Sam Fieldman' },
      signed: { documentId: result.documentId },
    });
    expect(s.documents[0]!.files.map((f) => f.kind)).toEqual(['generated', 'signed']);

    const again = await sign(farmer, requestId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ details: { reason: 'signed' } });
    // A signed contract whose terms did not change is not sent again.
    const resend = await send(buyer, c.id);
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ details: { reason: 'signed' } });
  });

  it('serves the stored PDFs by document/:documentId to the buyer and the signer, checked by their sha256', async () => {
    const s = await status(candidates[0]!.id);
    const doc = s.documents[0]!;
    const signedFile = doc.files.find((f) => f.kind === 'signed')!;
    const signed = await get(buyer, `${MERCH}/document/${doc.id}`, { accept: 'application/pdf' });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('application/pdf');
    expect(sha(signed.rawPayload)).toBe(signedFile.sha256);
    expect(signed.headers['x-content-sha256']).toBe(signedFile.sha256);
    const generated = await get(farmer, `${MERCH}/document/${doc.id}?format=pdf&file=generated`);
    expect(generated.statusCode).toBe(200);
    expect(sha(generated.rawPayload)).toBe(doc.files.find((f) => f.kind === 'generated')!.sha256);
    expect(generated.rawPayload.equals(signed.rawPayload)).toBe(false);
    // The JSON record still answers as before.
    expect((await get(buyer, `${MERCH}/document/${doc.id}`)).json()).toMatchObject({ id: doc.id, status: 'signed' });
    expect((await get(prairie, `${MERCH}/document/${doc.id}?format=pdf`)).statusCode).toBe(404);
    expect((await get(null, `${MERCH}/document/${doc.id}?format=pdf`)).statusCode).toBe(401);
  });

  it('lets exactly one of two tabs sign the same request', async () => {
    const c = candidates[1]!;
    expect((await send(buyer, c.id)).statusCode).toBe(200);
    const token = await mailedToken();
    const anon = await anonymous();
    const [a, b] = await Promise.all([sign(anon, token, 'Sam Fieldman'), sign(farmer, token, 'Sam Fieldman')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const result = (await t.database.db.execute(
      sql`select count(*)::int as n from document_files f join signing_requests r on r.document_id = f.document_id where r.contract_id = ${c.id} and f.kind = 'signed'`,
    )) as unknown as { rows: { n: number }[] };
    const [signedFiles] = result.rows;
    expect(signedFiles!.n).toBe(1);
  });

  it('refuses an expired link', async () => {
    const c = candidates[2]!;
    expect((await send(buyer, c.id)).statusCode).toBe(200);
    const token = await mailedToken();
    await t.database.db
      .update(signingRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signingRequests.contractId, c.id));
    expect(signingReviewSchema.parse((await get(null, `${PC}/signing/${token}`)).json()).state).toBe('expired');
    const res = await sign(farmer, token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ details: { reason: 'expired' } });
  });
});

describe('terms and signatures', () => {
  it('refuses to sign terms that changed after sending, and voids the request', async () => {
    const c = candidates[3]!;
    expect((await send(buyer, c.id)).statusCode).toBe(200);
    const token = await mailedToken();
    await partialCancel(c.id, c.clientId);
    expect(signingReviewSchema.parse((await get(null, `${PC}/signing/${token}`)).json()).state).toBe('terms_changed');
    const res = await sign(farmer, token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ details: { reason: 'terms_changed' } });
    expect(signingReviewSchema.parse((await get(null, `${PC}/signing/${token}`)).json()).state).toBe('void');
    expect((await contractRow(c.id)).signed).toBe(false);
    // The buyer sends the amended terms again, and the farmer signs those.
    expect((await send(buyer, c.id)).statusCode).toBe(200);
    expect((await sign(farmer, await mailedToken())).statusCode).toBe(200);
  });

  it('lists a contract amended after signing under signature_mismatch, until it is signed again', async () => {
    const c = candidates[4]!;
    const inView = async (view: string) => {
      const res = await get(
        buyer,
        `${CTRM}/contracts/search?${new URLSearchParams({ market_id: String(c.marketId), predefinedFilter: view, client_legal_entity_id: String(c.clientId), crop_year: String(c.cropYear), pageSize: '100' })}`,
      );
      expect(res.statusCode).toBe(200);
      const rows = contractListResponseSchema.parse(res.json()).rows;
      return rows.find((r) => r.id === c.id) ?? null;
    };
    expect(await inView('get_signatures')).toMatchObject({ eSignEligible: true, signed: false });
    expect((await send(buyer, c.id)).statusCode).toBe(200);
    expect(await inView('get_signatures')).toMatchObject({ eSignSent: true, signed: false });
    expect((await sign(farmer, await mailedToken())).statusCode).toBe(200);
    expect(await inView('get_signatures')).toBeNull();
    expect(await inView('signature_mismatch')).toBeNull();

    await partialCancel(c.id, c.clientId);
    expect(await inView('signature_mismatch')).toMatchObject({ signed: true });
    expect(await status(c.id)).toMatchObject({ state: 'mismatch', canSend: true });

    // contract-amendments/sign sends the amended terms; signing them clears the mismatch.
    expect((await post(buyer, `${PC}/contract-amendments/sign`, { contractId: candidates[1]!.id })).statusCode).toBe(
      409,
    );
    const resend = await post(buyer, `${PC}/contract-amendments/sign`, { contractId: c.id });
    expect(resend.statusCode).toBe(200);
    expect((await sign(farmer, await mailedToken())).statusCode).toBe(200);
    expect(await inView('signature_mismatch')).toBeNull();
    expect((await status(c.id)).state).toBe('signed');
  });
});
