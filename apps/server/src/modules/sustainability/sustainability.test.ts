import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  farmerSustainabilitySchema,
  signResultSchema,
  signingReviewSchema,
  signingUrlsResponseSchema,
  sustainabilityEnrolmentSchema,
  sustainabilityFiltersSchema,
  sustainabilityLegalEntitiesSchema,
  type FarmerSustainability,
  type SustainabilityProgramBody,
} from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { markWithdrawn } from './sustainability.repo.ts';
import { rowsOf } from '../../platform/db.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import {
  auditLog,
  enterpriseUsers,
  enterprises,
  legalEntities,
  marketUserPermissions,
  markets,
  notifications,
  outbox,
  sustainabilityEnrolments,
  users,
} from '../../db/schema/index.ts';

// Sustainability programs (issue 17, decision 059): the farmer enrols one of their clients with the survey and the
// acres (sent for signature), signs (enrolled) and withdraws; the survey's refusals name their fields; another farmer
// reaches none of it (404); the buyer lists the market's enrolled clients behind section 6's rules and manages programs.

const PC = '/api/commodities/profit-center';
const MERCH = '/api/commodities/merchandising';

let t: TestApp;
let farmer: Caller;
let otherFarmer: Caller;
let buyer: Caller;
let prairieBuyer: Caller;
let limitedBuyer: Caller;
let platformId: number;
let prairiePlatformId: number;
let ames: number;
let fieldmanId: number;

const ANSWERS = [
  { questionId: 'cover_crop', value: 'Cereal rye' },
  { questionId: 'reduced_tillage', value: 'yes' },
  { questionId: 'nutrient_plan', value: 'yes' },
  { questionId: 'fields', value: '4' },
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const partnerLe = async (partnerId: string) =>
    (
      await db
        .select({ id: legalEntities.id })
        .from(legalEntities)
        .where(and(eq(legalEntities.partnerId, partnerId), eq(legalEntities.kind, 'partner')))
        .orderBy(legalEntities.id)
        .limit(1)
    )[0]!.id;
  platformId = await partnerLe('demo');
  prairiePlatformId = await partnerLe('prairie');
  ames = (await db.select({ id: markets.id }).from(markets).where(eq(markets.slug, 'ames')))[0]!.id;
  fieldmanId = (
    await db.select({ id: legalEntities.id }).from(legalEntities).where(eq(legalEntities.name, 'Fieldman Family Farms'))
  )[0]!.id;
  // A second farmer whose farm is a client of Prairie, and a demo buyer holding only bids permissions at Ames.
  const [other, limited] = await db
    .insert(users)
    .values([
      {
        email: 'sust-farmer@test.granary.test',
        experiences: { enterprise_agronomics: true },
        permissions: ['my-sales-lite'],
      },
      { email: 'sust-buyer@test.granary.test', experiences: { grain_buying: true }, partnerId: 'demo' },
    ])
    .returning({ id: users.id });
  const [farm] = await db.insert(enterprises).values({ name: 'Other Acres' }).returning({ id: enterprises.id });
  await db.insert(enterpriseUsers).values({ enterpriseId: farm!.id, userId: other!.id, role: 'owner' });
  const [prairieClient] = await db
    .select({ id: legalEntities.id })
    .from(legalEntities)
    .where(and(eq(legalEntities.partnerId, 'prairie'), eq(legalEntities.kind, 'client')))
    .limit(1);
  await db.update(legalEntities).set({ enterpriseId: farm!.id }).where(eq(legalEntities.id, prairieClient!.id));
  await db.insert(marketUserPermissions).values({ marketId: ames, userId: limited!.id, permissions: ['instruments'] });

  farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
  otherFarmer = await signIn(t, 'sust-farmer@test.granary.test');
  buyer = await signIn(t, DEMO_ACCOUNTS.buyer);
  prairieBuyer = await signIn(t, DEMO_ACCOUNTS.prairieBuyer);
  limitedBuyer = await signIn(t, 'sust-buyer@test.granary.test');
});
afterAll(() => t.close());

const get = (c: Caller | null, url: string) => t.app.inject({ method: 'GET', url, headers: c ? headersOf(c) : {} });
const post = (c: Caller, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: headersOf(c), payload: payload as object });

/** A call by the demo admin acting as the demo farmer (full scope), its status and error code. */
async function actingAsFarmer(call: (admin: Caller) => ReturnType<typeof post>) {
  const admin = await signIn(t, DEMO_ACCOUNTS.admin);
  const [me] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.farmer));
  expect((await post(admin, '/api/auth/act-as', { user_id: me!.id })).statusCode).toBe(200);
  try {
    const res = await call(admin);
    return { statusCode: res.statusCode, code: res.json().code as string };
  } finally {
    await t.app.inject({ method: 'DELETE', url: '/api/auth/act-as', headers: headersOf(admin) });
  }
}

async function cornProgram(c: Caller = farmer): Promise<FarmerSustainability['programs'][number]> {
  const res = await get(c, `${PC}/sustainability`);
  expect(res.statusCode).toBe(200);
  const body = farmerSustainabilitySchema.parse(res.json());
  const corn = body.programs.find((p) => p.name.startsWith('Low-carbon corn'));
  expect(corn).toBeDefined();
  return corn!;
}

describe('the farmer', () => {
  it('sees the demo program of their buyer, who of their farms may enrol, and no enrolment yet', async () => {
    const corn = await cornProgram();
    expect(corn).toMatchObject({
      premium: '0.1',
      premiumUnit: 'bushel',
      crop: 'Corn',
      status: 'open',
      enrolmentOpen: true,
    });
    expect(corn.practices).toContain('Cover crops');
    expect(corn.clients).toEqual([{ id: fieldmanId, name: 'Fieldman Family Farms' }]);
    expect(corn.enrolments).toEqual([]);
    expect(corn.questions.map((q) => q.kind)).toEqual(['choice', 'yes_no', 'yes_no', 'number', 'text']);
  });

  it('is refused a survey with missing or wrong answers, field by field, and nothing is saved', async () => {
    const corn = await cornProgram();
    const res = await post(farmer, `${PC}/sustainability/${corn.surveyId}/sign`, {
      clientId: fieldmanId,
      acres: '30000',
      answers: [
        { questionId: 'cover_crop', value: 'Wheat' },
        { questionId: 'reduced_tillage', value: 'maybe' },
        { questionId: 'fields', value: '900' },
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; details: { path: string; message: string }[] };
    expect(body.code).toBe('invalid_request');
    expect(body.details.map((d) => d.path).sort()).toEqual([
      'acres',
      'answers.cover_crop',
      'answers.fields',
      'answers.nutrient_plan',
      'answers.reduced_tillage',
    ]);
    const bad = await post(farmer, `${PC}/sustainability/${corn.surveyId}/sign`, {
      clientId: fieldmanId,
      acres: 'lots',
      answers: ANSWERS,
    });
    expect(bad.statusCode).toBe(400);
    const rows = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sustainabilityEnrolments)
      .where(eq(sustainabilityEnrolments.clientId, fieldmanId));
    expect(rows[0]!.n).toBe(0);
  });

  it('enrols: sent for signature, signed (enrolled, audited), acres per crop/year; then withdraws', async () => {
    const corn = await cornProgram();
    const sent = await post(farmer, `${PC}/sustainability/${corn.surveyId}/sign`, {
      clientId: fieldmanId,
      acres: '480.5',
      answers: [...ANSWERS, { questionId: 'notes', value: '  Rye drilled after harvest  ' }],
    });
    expect(sent.statusCode).toBe(201);
    const enrolment = sustainabilityEnrolmentSchema.parse(sent.json());
    expect(enrolment).toMatchObject({ status: 'sent', acres: '480.5', clientName: 'Fieldman Family Farms' });
    expect(enrolment.answers.find((a) => a.questionId === 'notes')?.value).toBe('Rye drilled after harvest');

    // Another farmer can neither sign nor withdraw it, nor enrol the demo farmer's farm.
    expect(
      (await post(otherFarmer, `${PC}/sustainability/sign`, { enrolmentId: enrolment.id, name: 'X Y', consent: true }))
        .statusCode,
    ).toBe(404);
    expect((await post(otherFarmer, `${PC}/sustainability/enrolments/${enrolment.id}/withdraw`, {})).statusCode).toBe(
      404,
    );
    expect(
      (
        await post(otherFarmer, `${PC}/sustainability/${corn.surveyId}/sign`, {
          clientId: fieldmanId,
          acres: '10',
          answers: ANSWERS,
        })
      ).statusCode,
    ).toBe(404);

    expect(
      (await post(farmer, `${PC}/sustainability/sign`, { enrolmentId: enrolment.id, name: 'Sam Fieldman' })).statusCode,
    ).toBe(400);
    // An admin acting as the farmer (full scope) signs nothing in their name: the store agreements' 403.
    expect(
      await actingAsFarmer((admin) =>
        post(admin, `${PC}/sustainability/sign`, { enrolmentId: enrolment.id, name: 'Sam Fieldman', consent: true }),
      ),
    ).toMatchObject({ statusCode: 403, code: 'forbidden' });
    const signed = await post(farmer, `${PC}/sustainability/sign`, {
      enrolmentId: enrolment.id,
      name: 'Sam Fieldman',
      consent: true,
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ status: 'enrolled', signerName: 'Sam Fieldman' });
    const again = await post(farmer, `${PC}/sustainability/sign`, {
      enrolmentId: enrolment.id,
      name: 'Sam Fieldman',
      consent: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual({ reason: 'not_sent' });
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(enrolment.id)));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['sustainability_enrolment_sent', 'sustainability_enrolment_signed']),
    );

    const overview = farmerSustainabilitySchema.parse((await get(farmer, `${PC}/sustainability`)).json());
    expect(overview.enrolledAcres).toContainEqual({ cropId: 1, crop: 'Corn', cropYear: corn.cropYear, acres: '480.5' });

    // The buyer sees the farm enrolled at Ames.
    const list = await get(buyer, `${MERCH}/le/${platformId}/market/${ames}/legal-entities?status=enrolled`);
    expect(list.statusCode).toBe(200);
    const rows = sustainabilityLegalEntitiesSchema.parse(list.json());
    expect(rows.items.find((r) => r.clientId === fieldmanId)).toMatchObject({ acres: '480.5', status: 'enrolled' });
    expect(rows.items.every((r) => r.status === 'enrolled')).toBe(true);
    const one = await get(buyer, `${MERCH}/le/${platformId}/market/${ames}/legal-entities/${fieldmanId}`);
    expect(one.json().items).toHaveLength(1);

    const withdrawn = await post(farmer, `${PC}/sustainability/enrolments/${enrolment.id}/withdraw`, {});
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().status).toBe('withdrawn');
    expect((await post(farmer, `${PC}/sustainability/enrolments/${enrolment.id}/withdraw`, {})).statusCode).toBe(409);
  });

  it('saves a draft (not sent), then signs the sent enrolment on the e-sign page: its PDF, signing/urls, the stamp', async () => {
    const corn = await cornProgram();
    const draft = await post(farmer, `${PC}/sustainability/${corn.surveyId}/sign`, {
      clientId: fieldmanId,
      acres: '120',
      answers: [{ questionId: 'cover_crop', value: 'Cereal rye' }],
      draft: true,
    });
    expect(draft.statusCode).toBe(201);
    expect(sustainabilityEnrolmentSchema.parse(draft.json())).toMatchObject({
      status: 'draft',
      acres: '120',
      sentAt: null,
      signingUrl: null,
    });
    const urls = () => get(farmer, `${PC}/signing/urls`).then((r) => signingUrlsResponseSchema.parse(r.json()).rows);
    expect((await urls()).some((r) => r.programName === corn.name)).toBe(false);
    // A draft still refuses a wrong answer.
    const wrong = await post(farmer, `${PC}/sustainability/${corn.surveyId}/sign`, {
      clientId: fieldmanId,
      acres: '120',
      answers: [{ questionId: 'cover_crop', value: 'Wheat' }],
      draft: true,
    });
    expect(wrong.statusCode).toBe(400);

    const sent = sustainabilityEnrolmentSchema.parse(
      (
        await post(farmer, `${PC}/sustainability/${corn.surveyId}/sign`, {
          clientId: fieldmanId,
          acres: '120',
          answers: ANSWERS,
        })
      ).json(),
    );
    expect(sent.status).toBe('sent');
    const requestId = Number(/^\/profit-center\/builtin\/sign\/(\d+)$/.exec(sent.signingUrl ?? '')?.[1]);
    expect(requestId).toBeGreaterThan(0);
    expect(await urls()).toContainEqual(
      expect.objectContaining({ requestId, contractId: null, enrolmentId: sent.id, programName: corn.name }),
    );
    const notices = await t.database.db
      .select({ topic: notifications.topic, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.topic, 'contract_signature.enrolment'));
    expect(notices).toContainEqual({ topic: 'contract_signature.enrolment', link: sent.signingUrl });
    // The farmer's e-mail (the one-time link, one-click unsubscribe of contract signing); the buyers' in-app notice.
    const [mail] = await t.database.db
      .select({ text: outbox.text, headers: outbox.headers, recipient: outbox.recipient })
      .from(outbox)
      .where(eq(outbox.template, 'sustainability_enrolment_signature'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail?.recipient).toBe(DEMO_ACCOUNTS.farmer);
    expect(mail?.text).toMatch(/\/profit-center\/builtin\/sign\/[0-9a-f]{64}/);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const buyerNotices = await t.database.db
      .select({ topic: notifications.topic })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(eq(users.email, DEMO_ACCOUNTS.buyer), eq(notifications.topic, 'sustainability.enrolment_sent')));
    expect(buyerNotices.length).toBeGreaterThan(0);

    // Another farmer reaches neither the page nor its PDF.
    expect((await get(otherFarmer, `${PC}/signing/${requestId}`)).statusCode).toBe(404);
    expect((await get(otherFarmer, `${PC}/signing/${requestId}/document`)).statusCode).toBe(404);
    const review = signingReviewSchema.parse((await get(farmer, `${PC}/signing/${requestId}`)).json());
    expect(review).toMatchObject({ state: 'open', contractId: null, terms: null });
    expect(review.enrolment).toMatchObject({
      programName: corn.name,
      acres: '120',
      clientName: 'Fieldman Family Farms',
    });
    expect(review.enrolment!.answers).toContainEqual({ question: expect.any(String), answer: 'Cereal rye' });
    const pdf = await get(farmer, `${PC}/signing/${requestId}/document`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    expect(
      await actingAsFarmer((admin) =>
        post(admin, `${PC}/signing/${requestId}/sign`, { name: 'Sam Fieldman', consent: true }),
      ),
    ).toMatchObject({ statusCode: 403, code: 'forbidden' });
    const signed = await post(farmer, `${PC}/signing/${requestId}/sign`, { name: 'Sam Fieldman', consent: true });
    expect(signed.statusCode).toBe(200);
    expect(signResultSchema.parse(signed.json())).toMatchObject({
      contractId: null,
      enrolmentId: sent.id,
      redirectTo: '/profit-center/sustainability',
    });
    const after = (await cornProgram()).enrolments.find((e) => e.id === sent.id)!;
    expect(after).toMatchObject({ status: 'enrolled', signerName: 'Sam Fieldman', signingUrl: null });
    const signedPdf = await get(farmer, `${PC}/signing/${requestId}/document`);
    expect(signedPdf.headers['content-disposition']).toContain('signed');
    expect(signedPdf.rawPayload.length).toBeGreaterThan(pdf.rawPayload.length);
    expect((await urls()).some((r) => r.enrolmentId === sent.id)).toBe(false);
    const farmerEnrolled = await t.database.db
      .select({ link: notifications.link })
      .from(notifications)
      .where(eq(notifications.topic, 'contract_signature.enrolled'));
    expect(farmerEnrolled).toContainEqual({ link: '/profit-center/sustainability' });
    const enrolledMails = await t.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.template, 'sustainability_enrolled'));
    expect(enrolledMails.length).toBeGreaterThan(0);
    const twice = await post(farmer, `${PC}/signing/${requestId}/sign`, { name: 'Sam Fieldman', consent: true });
    expect(twice.statusCode).toBe(409);
    expect((await post(farmer, `${PC}/sustainability/enrolments/${sent.id}/withdraw`, {})).statusCode).toBe(200);
  });

  it('needs a session and the farmer experience; another partner farmer sees none of the demo programs', async () => {
    expect((await get(null, `${PC}/sustainability`)).statusCode).toBe(401);
    expect((await get(buyer, `${PC}/sustainability`)).statusCode).toBe(403);
    const other = farmerSustainabilitySchema.parse((await get(otherFarmer, `${PC}/sustainability`)).json());
    expect(other.programs.some((p) => p.name.startsWith('Low-carbon corn'))).toBe(false);
    expect(
      (await post(farmer, `${PC}/sustainability/999999/sign`, { clientId: fieldmanId, acres: '1', answers: [] }))
        .statusCode,
    ).toBe(404);
  });

  it('withdraws only in the status it read: a signature landing meanwhile is not overwritten', async () => {
    const db = t.database.db;
    const [row] = await db
      .select({ id: sustainabilityEnrolments.id, status: sustainabilityEnrolments.status })
      .from(sustainabilityEnrolments)
      .limit(1);
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.farmer));
    const stale = row!.status === 'sent' ? 'enrolled' : 'sent';
    expect(await markWithdrawn(db, row!.id, me!.id, new Date(), stale)).toBe(false);
    const [after] = await db
      .select({ status: sustainabilityEnrolments.status })
      .from(sustainabilityEnrolments)
      .where(eq(sustainabilityEnrolments.id, row!.id));
    expect(after!.status).toBe(row!.status);
  });
});

describe('the acre cap at signing', () => {
  it('refuses a signature that would take the enrolled acres past the cap (400 enrolment_over_cap), nothing signed', async () => {
    const corn = await cornProgram();
    const db = t.database.db;
    const sent = await post(farmer, `${PC}/sustainability/${corn.surveyId}/sign`, {
      clientId: fieldmanId,
      acres: '500',
      answers: ANSWERS,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const enrolment = sustainabilityEnrolmentSchema.parse(sent.json());
    // The buyer lowers the cap after it was sent: 100 acres are left beside the others' enrolled acres.
    const [{ enrolled, cap }] = rowsOf<{ enrolled: string; cap: string }>(
      await db.execute(sql`select coalesce(sum(e.acres) filter (where e.status = 'enrolled' and e.id <> ${enrolment.id}), 0)::text as enrolled,
          p.max_acres::text as cap
        from sustainability_programs p left join sustainability_enrolments e on e.program_id = p.id
        where p.id = ${corn.id} group by p.max_acres`),
    ) as [{ enrolled: string; cap: string }];
    const lowered = (Number(enrolled) + 100).toFixed(2);
    await db.execute(sql`update sustainability_programs set max_acres = ${lowered} where id = ${corn.id}`);
    try {
      const refused = await post(farmer, `${PC}/sustainability/sign`, {
        enrolmentId: enrolment.id,
        name: 'Sam Fieldman',
        consent: true,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'enrolment_over_cap',
        message: `Signing would take the program past its cap of ${Number(lowered)} acres: 100 acres are left and this enrolment has 500.`,
        details: { acresLeft: '100', acres: '500' },
      });
      const [row] = await db
        .select({ status: sustainabilityEnrolments.status, signedAt: sustainabilityEnrolments.signedAt })
        .from(sustainabilityEnrolments)
        .where(eq(sustainabilityEnrolments.id, enrolment.id));
      expect(row).toEqual({ status: 'sent', signedAt: null });
      // With the cap back, the same signature goes through.
      await db.execute(sql`update sustainability_programs set max_acres = ${cap} where id = ${corn.id}`);
      const signed = await post(farmer, `${PC}/sustainability/sign`, {
        enrolmentId: enrolment.id,
        name: 'Sam Fieldman',
        consent: true,
      });
      expect(signed.statusCode, signed.body).toBe(200);
      expect(signed.json().status).toBe('enrolled');
    } finally {
      await db.execute(sql`update sustainability_programs set max_acres = ${cap} where id = ${corn.id}`);
      await post(farmer, `${PC}/sustainability/enrolments/${enrolment.id}/withdraw`, {});
    }
  });
});

describe('the buyer', () => {
  it('has grain-buying-clients where a program is open, and the filters of its programs', async () => {
    const res = await get(buyer, `${MERCH}/le/${platformId}/markets`);
    const market = (
      res.json().markets as { id: number; sustainabilityEnabled: boolean; entitlements: string[] }[]
    ).find((m) => m.id === ames);
    expect(market?.sustainabilityEnabled).toBe(true);
    expect(market?.entitlements).toContain('grain-buying-clients');
    const filters = sustainabilityFiltersSchema.parse((await get(buyer, `${MERCH}/instrument/filters`)).json());
    expect(filters.programs.map((p) => p.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Low-carbon corn/), expect.stringMatching(/^Soil health/)]),
    );
    expect(filters.crops.map((c) => c.name)).toEqual(['Corn', 'Soybeans']);
  });

  it("lists the market's seeded enrolments with acres per crop/year; other partners 404, missing permissions 403", async () => {
    const res = await get(buyer, `${MERCH}/le/${platformId}/market/${ames}/legal-entities`);
    const body = sustainabilityLegalEntitiesSchema.parse(res.json());
    expect(body.items.filter((r) => r.status === 'enrolled').length).toBeGreaterThanOrEqual(3);
    expect(body.totals[0]).toMatchObject({ crop: 'Corn' });
    expect((await get(prairieBuyer, `${MERCH}/le/${platformId}/market/${ames}/legal-entities`)).statusCode).toBe(404);
    expect((await get(prairieBuyer, `${MERCH}/le/${prairiePlatformId}/market/${ames}/legal-entities`)).statusCode).toBe(
      404,
    );
    expect((await get(limitedBuyer, `${MERCH}/le/${platformId}/market/${ames}/legal-entities`)).statusCode).toBe(403);
    expect((await get(farmer, `${MERCH}/le/${platformId}/market/${ames}/legal-entities`)).statusCode).toBe(403);
    expect((await get(buyer, `${MERCH}/le/${platformId}/market/${ames}/legal-entities/99999999`)).statusCode).toBe(404);
  });

  it('creates and changes programs as a buyer-admin (refused to others); a draft is hidden from farmers', async () => {
    const program: SustainabilityProgramBody = {
      cropId: 45,
      cropYear: 2027,
      name: 'Regenerative wheat 2027',
      description: 'Wheat grown with a living cover.',
      premium: '0.15',
      premiumUnit: 'bushel',
      practices: ['Cover crops'],
      enrolmentOpens: '2026-01-01',
      enrolmentCloses: '2030-12-31',
      maxAcres: null,
      status: 'draft',
      questions: [{ id: 'fields', kind: 'number', label: 'Fields', required: true, min: 1 }],
    };
    const url = `${MERCH}/le/${platformId}/market/${ames}/sustainability-programs`;
    expect((await post(limitedBuyer, url, program)).statusCode).toBe(403);
    expect((await post(buyer, url, { ...program, enrolmentCloses: '2025-01-01' })).statusCode).toBe(400);
    const created = await post(buyer, url, program);
    expect(created.statusCode).toBe(201);
    const { id, surveyId } = created.json() as { id: number; surveyId: number };
    const draft = await post(farmer, `${PC}/sustainability/${surveyId}/sign`, {
      clientId: fieldmanId,
      acres: '10',
      answers: [{ questionId: 'fields', value: '1' }],
    });
    expect(draft.statusCode).toBe(404);
    const opened = await t.app.inject({
      method: 'PUT',
      url: `${url}/${id}`,
      headers: headersOf(buyer),
      payload: { ...program, status: 'open' },
    });
    expect(opened.statusCode).toBe(200);
    const list = await get(buyer, url);
    expect((list.json().items as { id: number; status: string }[]).find((p) => p.id === id)?.status).toBe('open');
    const enrolled = await post(farmer, `${PC}/sustainability/${surveyId}/sign`, {
      clientId: fieldmanId,
      acres: '10',
      answers: [{ questionId: 'fields', value: '1' }],
    });
    expect(enrolled.statusCode).toBe(201);
    // With an enrolment sent, the survey is fixed.
    const changed = await t.app.inject({
      method: 'PUT',
      url: `${url}/${id}`,
      headers: headersOf(buyer),
      payload: { ...program, status: 'open', premium: '0.20' },
    });
    expect(changed.statusCode).toBe(409);
  });
});
