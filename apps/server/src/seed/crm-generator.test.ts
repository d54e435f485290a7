import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as domain from '@granary/domain';
import {
  CONTRACT_VIEWS,
  CROPS,
  MARKET_PERMISSIONS,
  NOTE_CATEGORIES,
  contractInView,
  contractPricing,
  contractStatus,
  followupAgeBucket,
  followupState,
  toDecimal,
  type ContractFacts,
  type ContractRecord,
  type ContractView,
  type ScaleTicketFacts,
} from '@granary/domain';
import { openDatabase, type Database, type Db } from '../platform/db.ts';
import {
  contracts,
  legalEntities,
  marketUserPermissions,
  markets,
  offers,
  pricingEvents,
  scaleTickets,
  users,
} from '../db/schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_MARKETS, seedDemoData, type DemoCrmSize } from './demo.ts';
import { generateCrmData, type CrmGeneratorOptions } from './crm-generator.ts';

const TODAY = '2026-11-22';

/** Rows of a raw query; numbers as strings, as node-postgres gives counts and decimals (PGlite gives counts as numbers). */
async function rows<T = Record<string, unknown>>(db: Db, text: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map(
    (r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, typeof v === 'number' || typeof v === 'bigint' ? String(v) : v]),
      ) as T,
  );
}

async function one<T = Record<string, unknown>>(db: Db, text: string): Promise<T> {
  return (await rows<T>(db, text))[0]!;
}

async function seeded(crm: DemoCrmSize): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seedDemoData(database.db, { crm, today: TODAY });
  return database;
}

/** Every contract and ticket of a partner as the views' facts (client and the client's contracts attached). */
async function viewFacts(
  db: Db,
  partnerId: string,
): Promise<{ contracts: ContractFacts[]; tickets: ScaleTicketFacts[] }> {
  const cs = await db.select().from(contracts).where(eq(contracts.partnerId, partnerId));
  const ts = await db.select().from(scaleTickets).where(eq(scaleTickets.partnerId, partnerId));
  const clients = new Map(
    (await db.select().from(legalEntities).where(eq(legalEntities.partnerId, partnerId))).map((c) => [
      c.id,
      {
        id: c.id,
        name: c.name,
        area: c.area,
        estimatedYield: c.estimatedYield,
        contractedWithOther: c.contractedWithOther,
      },
    ]),
  );
  const byClient = new Map<number, ContractRecord[]>();
  for (const c of cs) byClient.set(c.clientId, [...(byClient.get(c.clientId) ?? []), c]);
  return {
    contracts: cs.map((c) => ({
      ...c,
      kind: 'contract',
      client: clients.get(c.clientId) ?? null,
      clientContracts: byClient.get(c.clientId) ?? [],
    })),
    tickets: ts.map((t) => ({ ...t, kind: 'scaleTicket', client: clients.get(t.clientId) ?? null })),
  };
}

function viewCounts(
  facts: { contracts: ContractFacts[]; tickets: ScaleTicketFacts[] },
  marketId?: number,
): Record<ContractView, number> {
  const out = {} as Record<ContractView, number>;
  for (const view of CONTRACT_VIEWS) {
    const pool = view === 'unapplied' ? facts.tickets : facts.contracts;
    out[view] = pool.filter(
      (f) => (marketId === undefined || f.marketId === marketId) && contractInView(f, view, TODAY),
    ).length;
  }
  return out;
}

/** Listed futures months by crop (the exchange's): corn H K N U Z, soybeans F H K N Q U X, wheat H K N U Z, canola F H K N X. */
const LISTED: Record<number, number[]> = {
  1: [3, 5, 7, 9, 12],
  2: [1, 3, 5, 7, 8, 9, 11],
  45: [3, 5, 7, 9, 12],
  72: [3, 5, 7, 9, 12],
  73: [3, 5, 7, 9, 12],
  11: [1, 3, 5, 7, 11],
};

/** The generator's contracts (SQL, for alias a): not the ones the demo's offers were filled into. */
// The generator's contracts: not an offer's fill, nor the HTA a demo structure wrote at its end.
const GENERATED = (a: string) =>
  `not exists (select 1 from offers o where o.contract_id = ${a}.id)
   and not exists (select 1 from structures s where s.hta_contract_id = ${a}.id)`;

async function generatedContracts(db: Db) {
  const filled = new Set((await db.select({ id: offers.contractId }).from(offers)).map((r) => r.id));
  return (await db.select().from(contracts)).filter((c) => !filled.has(c.id));
}

describe('the small demo seed (what createTestApp seeds)', () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await seeded('small');
    db = database.db;
  });
  afterAll(() => database.close());

  it('fills the crops table from the domain and gives each partner its partner legal entity', async () => {
    expect(Number((await one<{ n: string }>(db, 'select count(*) as n from crops')).n)).toBe(CROPS.length);
    const partnersLe = await rows<{ partner_id: string; name: string }>(
      db,
      `select partner_id, name from legal_entities where kind = 'partner' order by partner_id`,
    );
    expect(partnersLe).toEqual([
      { partner_id: 'demo', name: 'Granary Demo Grain Co.' },
      { partner_id: 'prairie', name: 'Prairie Grain Cooperative Ltd.' },
    ]);
  });

  it('keeps cash = futures + basis, basis in whole cents and futures on a quarter-cent tick', async () => {
    const bad = await one<Record<string, string>>(
      db,
      `select
         (select count(*) from contracts where cash_price is not null and futures_price is not null and basis is not null and cash_price <> futures_price + basis) as contracts,
         (select count(*) from pricing_events where cash_price is not null and cash_price <> futures_price + basis) as events,
         (select count(*) from pricing_events where basis is not null and basis <> round(basis, 2)) as cents,
         (select count(*) from pricing_events where futures_price is not null and futures_price * 400 <> round(futures_price * 400)) as ticks,
         (select count(*) from pricing_events where basis not between -2.5 and 1 or futures_price not between 3 and 20) as ranges`,
    );
    expect(bad).toEqual({ contracts: '0', events: '0', cents: '0', ticks: '0', ranges: '0' });
  });

  it("stores each contract's pricing as contractPricing() of its events, and its status as contractStatus()", async () => {
    const cs = await db.select().from(contracts);
    const evs = await db.select().from(pricingEvents);
    const byContract = new Map<number, (typeof evs)[number][]>();
    for (const e of evs) byContract.set(e.contractId, [...(byContract.get(e.contractId) ?? []), e]);
    const same = (a: string | null, b: string | null) =>
      a === null || b === null ? a === b : toDecimal(a).equals(toDecimal(b));
    const wrong: string[] = [];
    for (const c of cs) {
      const p = contractPricing(c, byContract.get(c.id) ?? []);
      if (!same(c.pricedQuantity, p.pricedQuantity))
        wrong.push(`${c.displayContractId} priced ${c.pricedQuantity} ≠ ${p.pricedQuantity}`);
      if (c.priceStatus !== p.priceStatus)
        wrong.push(`${c.displayContractId} status ${c.priceStatus} ≠ ${p.priceStatus}`);
      if (!same(c.futuresPrice, p.averageFutures))
        wrong.push(`${c.displayContractId} futures ${c.futuresPrice} ≠ ${p.averageFutures}`);
      if (!same(c.basis, p.averageBasis)) wrong.push(`${c.displayContractId} basis ${c.basis} ≠ ${p.averageBasis}`);
      if (!same(c.cashPrice, p.averageCash))
        wrong.push(`${c.displayContractId} cash ${c.cashPrice} ≠ ${p.averageCash}`);
      if (c.status !== contractStatus(c)) wrong.push(`${c.displayContractId} ${c.status} ≠ ${contractStatus(c)}`);
    }
    expect(wrong).toEqual([]);
    // Every price status and contract type occurs.
    expect(new Set(cs.map((c) => c.priceStatus))).toEqual(
      new Set(['priced', 'unpriced', 'partially_priced', 'basis_set', 'futures_set']),
    );
    expect(new Set(cs.map((c) => c.contractType))).toEqual(
      new Set(['flat', 'hta', 'spot', 'pp', 'mp', 'mp_plus', 'basic_cs']),
    );
  });

  it('delivers through ticket applications: delivered = Σ applications, over-delivery within 2 %, tickets balanced', async () => {
    const bad = await one<Record<string, string>>(
      db,
      `select
         (select count(*) from contracts c where c.delivered_quantity <> coalesce((select sum(a.quantity) from ticket_applications a where a.contract_id = c.id), 0)) as delivered,
         (select count(*) from contracts c where c.delivered_quantity > (c.quantity - c.cancelled_quantity) * 1.02) as over,
         (select count(*) from contracts c where c.last_ticket_date is distinct from (select max(t.delivery_date) from ticket_applications a join scale_tickets t on t.id = a.scale_ticket_id where a.contract_id = c.id)) as last_ticket,
         (select count(*) from scale_tickets t where t.applied_quantity + t.unapplied_quantity <> t.quantity or t.unapplied_quantity < 0) as balance,
         (select count(*) from scale_tickets t where t.applied_quantity <> coalesce((select sum(a.quantity) from ticket_applications a where a.scale_ticket_id = t.id), 0)) as applied,
         (select count(*) from ticket_applications where split_pct <= 0 or split_pct > 100 or quantity <= 0) as pct_range,
         (select count(*) from scale_tickets t where abs(coalesce((select sum(a.split_pct) from ticket_applications a where a.scale_ticket_id = t.id), 0) - round(100 * t.applied_quantity / t.quantity, 2)) > 0.01) as pct_sum,
         (select count(*) from ticket_applications a join scale_tickets t on t.id = a.scale_ticket_id join contracts c on c.id = a.contract_id
            where t.client_id <> c.client_id or t.market_id <> c.market_id or t.crop_id <> c.crop_id or t.crop_year <> c.crop_year
               or t.delivery_date < c.delivery_start or t.delivery_date > date '${TODAY}') as ticket_fits,
         (select count(*) from scale_tickets where quantity not between 50 and 6000) as load_size`,
    );
    expect(bad).toEqual({
      delivered: '0',
      over: '0',
      last_ticket: '0',
      balance: '0',
      applied: '0',
      pct_range: '0',
      pct_sum: '0',
      ticket_fits: '0',
      load_size: '0',
    });
    const shape = await one<Record<string, string>>(
      db,
      `select (select count(*) from scale_tickets where unapplied_quantity > 0 and applied_quantity = 0) as unapplied,
              (select count(*) from scale_tickets where unapplied_quantity > 0 and applied_quantity > 0) as partly,
              (select count(*) from (select scale_ticket_id from ticket_applications group by 1 having count(*) > 1) s) as split,
              (select count(*) from contracts where delivered_quantity > quantity - cancelled_quantity) as over`,
    );
    expect(Number(shape.unapplied)).toBeGreaterThan(0);
    expect(Number(shape.split)).toBeGreaterThan(0);
  });

  it('records cancellations as amendments, and counts amendments in the version', async () => {
    const bad = await one<Record<string, string>>(
      db,
      `select
         (select count(*) from contracts c where c.cancelled_quantity <> coalesce((select sum((a.details->>'cancelledQuantity')::numeric) from contract_amendments a
            where a.contract_id = c.id and a.action in ('cancel', 'partial_cancel')), 0)) as cancelled,
         (select count(*) from contracts c where c.version <> 1 + (select count(*) from contract_amendments a where a.contract_id = c.id)) as version,
         (select count(*) from contracts where status = 'cancelled' and cancelled_quantity < quantity) as status`,
    );
    expect(bad).toEqual({ cancelled: '0', version: '0', status: '0' });
    const actions = await rows<{ action: string }>(db, 'select distinct action from contract_amendments order by 1');
    expect(actions.map((a) => a.action)).toEqual(['basis_set', 'cancel', 'futures_roll', 'partial_cancel']);
  });

  it('uses listed futures months after the delivery window, delivery windows from harvest on, and option terms only on minimum-price contracts', async () => {
    // The generator's contracts; those the demo offers filled follow their bids' terms (offers.test.ts).
    const cs = await generatedContracts(db);
    const harvest = new Map(CROPS.map((c) => [c.id, c.harvestMonth ?? 1]));
    const wrong: string[] = [];
    for (const c of cs) {
      const [y, m] = c.optionMonth!.split('-').map(Number) as [number, number];
      if (!LISTED[c.cropId]?.includes(m)) wrong.push(`${c.displayContractId} ${c.cropId} ${c.optionMonth}`);
      if (c.optionMonth! <= c.deliveryEnd.slice(0, 7))
        wrong.push(`${c.displayContractId} option ${c.optionMonth} before ${c.deliveryEnd}`);
      if (y > Number(c.deliveryEnd.slice(0, 4)) + 1) wrong.push(`${c.displayContractId} option year ${y}`);
      const hv = `${c.cropYear}-${String(harvest.get(c.cropId)).padStart(2, '0')}-01`;
      const next = `${c.cropYear + 1}-${String(harvest.get(c.cropId)).padStart(2, '0')}-01`;
      const hvMinus3 = new Date(Date.parse(`${hv}T00:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10);
      if (c.deliveryStart < hvMinus3 || c.deliveryStart >= next)
        wrong.push(`${c.displayContractId} window ${c.deliveryStart} for ${c.cropYear}`);
      if (c.deliveryStart > c.deliveryEnd || c.contractDate > TODAY) wrong.push(`${c.displayContractId} dates`);
      if (c.contractType !== 'spot' && c.contractType !== 'basic_cs' && c.contractDate > c.deliveryStart)
        wrong.push(`${c.displayContractId} signed after start`);
      const option = c.contractType === 'mp' || c.contractType === 'mp_plus';
      if (option !== (c.strike !== null && c.callOptionFee !== null)) wrong.push(`${c.displayContractId} strike/fee`);
      if ((option || c.contractType === 'pp') !== (c.expiration !== null))
        wrong.push(`${c.displayContractId} expiration`);
      if ((c.contractType === 'mp_plus') !== (c.mpOption !== null)) wrong.push(`${c.displayContractId} mpOption`);
      if (c.quantityUnit !== 'bushels') wrong.push(`${c.displayContractId} unit`);
    }
    expect(wrong).toEqual([]);
  });

  it('numbers contracts, tickets and amendments like the real thing, unique per partner', async () => {
    const ids = await one<Record<string, string>>(
      db,
      `select (select count(*) from contracts where display_contract_id !~ '^C-[0-9]{6,}$') as c,
              (select count(*) from scale_tickets where display_scale_ticket_id !~ '^T-[0-9]{6,}$') as t,
              (select count(*) from contract_amendments a join contracts c on c.id = a.contract_id
                where a.display_contract_amendment_id <> c.display_contract_id || '-A' ||
                  (select count(*) from contract_amendments b where b.contract_id = a.contract_id and b.id <= a.id)) as a,
              (select count(*) - count(distinct (partner_id, display_contract_id)) from contracts) as dup`,
    );
    expect(ids).toEqual({ c: '0', t: '0', a: '0', dup: '0' });
  });

  it('hashes the terms as the server does; a signature matches them unless amended since', async () => {
    const termsText = (domain as Record<string, unknown>).contractTermsText as
      ((t: ContractRecord) => string) | undefined;
    const cs = await db.select().from(contracts);
    if (termsText) {
      const wrong = cs.filter((c) => c.termsHash !== createHash('sha256').update(termsText(c)).digest('hex'));
      expect(wrong.map((c) => c.displayContractId)).toEqual([]);
    }
    for (const c of cs) {
      if (c.signedTermsHash !== null) expect(c.esignEligible && c.signed).toBe(true);
      if (c.signedTermsHash !== null && c.signedTermsHash !== c.termsHash) expect(c.version).toBeGreaterThan(1);
    }
    const docs = await one<Record<string, string>>(
      db,
      `select (select count(*) from contract_documents d join contracts c on c.id = d.contract_id where (d.status = 'signed') <> c.signed) as signed,
              (select count(*) from contracts c where c.esign_eligible and c.status <> 'cancelled' and not exists (select 1 from contract_documents d where d.contract_id = c.id)
                 and ${GENERATED('c')}) as missing`,
    );
    expect(docs).toEqual({ signed: '0', missing: '0' });
  });

  it('has rows in every one of the ten views for the demo partner', async () => {
    const counts = viewCounts(await viewFacts(db, 'demo'));
    for (const view of CONTRACT_VIEWS) expect({ view, n: counts[view] > 0 }).toEqual({ view, n: true });
  });

  it("keeps each partner's rows to its own markets and clients", async () => {
    const bad = await one<Record<string, string>>(
      db,
      `select
         (select count(*) from contracts c join markets m on m.id = c.market_id join legal_entities l on l.id = c.client_id where m.partner_id <> c.partner_id or l.partner_id <> c.partner_id) as contracts,
         (select count(*) from scale_tickets t join markets m on m.id = t.market_id join legal_entities l on l.id = t.client_id where m.partner_id <> t.partner_id or l.partner_id <> t.partner_id) as tickets,
         (select count(*) from ticket_applications a join scale_tickets t on t.id = a.scale_ticket_id join contracts c on c.id = a.contract_id where t.partner_id <> c.partner_id) as applications,
         (select count(*) from notes n join markets m on m.id = n.market_id join legal_entities l on l.id = n.client_id where m.partner_id <> n.partner_id or l.partner_id <> n.partner_id) as notes,
         (select count(*) from followups f join markets m on m.id = f.market_id join legal_entities l on l.id = f.client_id left join notes n on n.id = f.note_id
            where m.partner_id <> f.partner_id or l.partner_id <> f.partner_id or n.client_id <> f.client_id) as followups,
         (select count(*) from client_markets cm join markets m on m.id = cm.market_id join legal_entities l on l.id = cm.client_id where m.partner_id <> l.partner_id) as client_markets,
         (select count(*) from contracts c where not exists (select 1 from client_markets cm where cm.client_id = c.client_id and cm.market_id = c.market_id)) as contract_markets,
         (select count(*) from market_user_permissions p join markets m on m.id = p.market_id join users u on u.id = p.user_id where u.partner_id <> m.partner_id) as permissions`,
    );
    expect(bad).toEqual({
      contracts: '0',
      tickets: '0',
      applications: '0',
      notes: '0',
      followups: '0',
      client_markets: '0',
      contract_markets: '0',
      permissions: '0',
    });
    const prairie = await rows<{ slug: string; country_code: string }>(
      db,
      `select slug, country_code from markets where partner_id = 'prairie' order by id`,
    );
    expect(prairie).toEqual(DEMO_MARKETS.prairie.map((slug) => ({ slug, country_code: 'CAN' })));
    expect(
      Number(
        (
          await one<{ n: string }>(
            db,
            `select count(*) as n from contracts c where partner_id = 'prairie' and ${GENERATED('c')}`,
          )
        ).n,
      ),
    ).toBe(60);
  });

  it('gives each buyer all ten permissions on their own partner’s markets only', async () => {
    const perms = await db
      .select({ email: users.email, slug: markets.slug, permissions: marketUserPermissions.permissions })
      .from(marketUserPermissions)
      .innerJoin(users, eq(users.id, marketUserPermissions.userId))
      .innerJoin(markets, eq(markets.id, marketUserPermissions.marketId));
    const slugsOf = (email: string) =>
      perms
        .filter((p) => p.email === email)
        .map((p) => p.slug)
        .sort();
    expect(slugsOf(DEMO_ACCOUNTS.buyer)).toEqual([...DEMO_MARKETS.demo].sort());
    expect(slugsOf(DEMO_ACCOUNTS.prairieBuyer)).toEqual([...DEMO_MARKETS.prairie].sort());
    expect(perms.every((p) => [...p.permissions].sort().join() === [...MARKET_PERMISSIONS].sort().join())).toBe(true);
    const countries = await rows<{ country_code: string; n: string }>(
      db,
      `select country_code, count(*) as n from markets where partner_id = 'demo' group by 1 order by 1`,
    );
    expect(countries).toEqual([
      { country_code: 'CAN', n: '2' },
      { country_code: 'USA', n: '4' },
    ]);
  });

  it("links the demo farmer's enterprise to one client of the demo partner, with contracts", async () => {
    const linked = await rows<{
      id: number;
      name: string;
      partner_id: string;
      contracts: string;
      contact_user: string | null;
    }>(
      db,
      `select l.id, l.name, l.partner_id, (select count(*) from contracts c where c.client_id = l.id) as contracts,
              (select u.email from client_contacts k join users u on u.id = k.user_id where k.client_id = l.id) as contact_user
       from legal_entities l join enterprises e on e.id = l.enterprise_id`,
    );
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({
      name: 'Fieldman Family Farms',
      partner_id: 'demo',
      contact_user: DEMO_ACCOUNTS.farmer,
    });
    expect(Number(linked[0]!.contracts)).toBeGreaterThan(0);
  });

  it('fills client profiles: contacts, markets, estimates, so double obligation has something to judge', async () => {
    const bad = await one<Record<string, string>>(
      db,
      `select (select count(*) from legal_entities l where l.kind = 'client' and not exists (select 1 from client_contacts k where k.client_id = l.id)) as no_contact,
              (select count(*) from legal_entities l where l.kind = 'client' and not exists (select 1 from client_contacts k where k.id = l.contact_person_id and k.client_id = l.id)) as contact_person,
              (select count(*) from legal_entities l where l.kind = 'client' and not exists (select 1 from client_markets m where m.client_id = l.id)) as no_market,
              (select count(*) from legal_entities l where l.kind = 'client' and (l.city is null or l.phone_number is null or l.default_crop_id is null)) as missing`,
    );
    expect(bad).toEqual({ no_contact: '0', contact_person: '0', no_market: '0', missing: '0' });
  });

  it("fills client_crop_year_exposure (through the contracts' triggers): each client's open purchases per crop and crop year, with its estimates", async () => {
    const check = await one<Record<string, string>>(
      db,
      `select (select count(*) from client_crop_year_exposure) as rows,
              (select count(*) from (select distinct partner_id, client_id, crop_id, crop_year from contracts) g) as groups,
              (select count(*) from client_crop_year_exposure e
                 full join (select partner_id, client_id, crop_id, crop_year,
                              sum(case when direction = 'purchase' and status <> 'cancelled' then quantity - cancelled_quantity else 0 end) as q
                            from contracts group by 1, 2, 3, 4) s using (partner_id, client_id, crop_id, crop_year)
                 left join legal_entities l on l.id = e.client_id
               where e.contracted_quantity is distinct from s.q
                  or (e.area, e.estimated_yield, e.contracted_with_other) is distinct from (l.area, l.estimated_yield, l.contracted_with_other)) as wrong`,
    );
    expect(Number(check.rows)).toBeGreaterThan(0);
    expect(check).toEqual({ rows: check.groups, groups: check.groups, wrong: '0' });
  });

  it('writes notes in all six categories and follow-ups upcoming, under and over 90 days past, and done', async () => {
    const cats = await rows<{ category: string }>(db, `select distinct category from notes where partner_id = 'demo'`);
    expect(new Set(cats.map((c) => c.category))).toEqual(new Set(NOTE_CATEGORIES));
    const fus = await rows<{ due_date: string; done: boolean }>(
      db,
      `select due_date::text as due_date, done_at is not null as done from followups where partner_id = 'demo'`,
    );
    const open = fus.filter((f) => !f.done);
    expect(open.some((f) => followupState(f.due_date, TODAY) === 'upcoming')).toBe(true);
    expect(open.some((f) => followupAgeBucket(f.due_date, TODAY) === 'under90Days')).toBe(true);
    expect(open.some((f) => followupAgeBucket(f.due_date, TODAY) === 'over90Days')).toBe(true);
    expect(fus.some((f) => f.done)).toBe(true);
    const text = await one<{ n: string }>(
      db,
      `select count(*) as n from notes where note ~ '(%[0-9]\\$s|\\{[A-Za-z]+\\})'`,
    );
    expect(text.n).toBe('0');
  });
});

describe('the full demo seed (what npm start seeds)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await seeded('full');
  });
  afterAll(() => database.close());

  it('has a few hundred clients, thousands of contracts and tickets, and rows in every view at every market', async () => {
    const db = database.db;
    const n = await one<Record<string, string>>(
      db,
      `select (select count(*) from legal_entities where partner_id = 'demo' and kind = 'client') as clients,
              (select count(*) from contracts c where partner_id = 'demo' and ${GENERATED('c')}) as contracts,
              (select count(*) from scale_tickets where partner_id = 'demo') as tickets,
              (select count(distinct crop_year) from contracts where partner_id = 'demo') as years,
              (select count(distinct crop_id) from contracts where partner_id = 'demo') as crops`,
    );
    expect(n).toEqual({ clients: '300', contracts: '4000', tickets: '8000', years: '3', crops: '6' });
    const facts = await viewFacts(db, 'demo');
    const all = viewCounts(facts);
    for (const view of CONTRACT_VIEWS) expect({ view, n: all[view] > 0 }).toEqual({ view, n: true });
    const demoMarkets = await db
      .select({ id: markets.id, slug: markets.slug })
      .from(markets)
      .where(eq(markets.partnerId, 'demo'));
    expect(demoMarkets.map((m) => m.slug)).toEqual([...DEMO_MARKETS.demo]);
    for (const m of demoMarkets) {
      const counts = viewCounts(facts, m.id);
      for (const view of CONTRACT_VIEWS)
        expect({ market: m.slug, view, n: counts[view] > 0 }).toEqual({ market: m.slug, view, n: true });
    }
    const prairie = viewCounts(await viewFacts(db, 'prairie'));
    for (const view of CONTRACT_VIEWS)
      expect({ partner: 'prairie', view, n: prairie[view] > 0 }).toEqual({ partner: 'prairie', view, n: true });
  });

  it('shows structured products at Ames: the demo farmer’s live accumulator, another live one, a quote and a completed one with its HTA', async () => {
    const list = await rows<{
      name: string;
      client: string;
      status: string;
      observations: string;
      doubled: string;
      priced: string;
      hta: string | null;
      hta_bushels: string | null;
    }>(
      database.db,
      `select s.name, le.name as client, s.status,
              (select count(*) from structure_observations o where o.structure_id = s.id) as observations,
              (select count(*) from structure_observations o where o.structure_id = s.id and o.doubled_up) as doubled,
              (select coalesce(sum(o.priced_bushels), 0) from structure_observations o where o.structure_id = s.id) as priced,
              c.contract_type as hta, c.quantity as hta_bushels
         from structures s
         join legal_entities le on le.id = s.client_legal_entity_id
         join markets m on m.id = s.market_id and m.slug = 'ames'
         left join contracts c on c.id = s.hta_contract_id
        where s.partner_id = 'demo' order by s.id`,
    );
    const farmer = list.find((r) => r.client === 'Fieldman Family Farms')!;
    expect(farmer).toMatchObject({ status: 'live', doubled: '1', hta: null });
    expect(Number(farmer.observations)).toBeGreaterThanOrEqual(10);
    expect(list.filter((r) => r.status === 'live' && r.client !== farmer.client)).toHaveLength(1);
    expect(list.filter((r) => r.status === 'quote')).toMatchObject([{ observations: '0' }]);
    // The completed one's HTA holds exactly the bushels its observations priced.
    const done = list.find((r) => r.status === 'completed')!;
    expect(done.hta).toBe('hta');
    expect(Number(done.hta_bushels)).toBeCloseTo(Number(done.priced), 0);
  });

  it('amends a few contracts after they were signed (signature mismatch) and leaves others to sign', async () => {
    const facts = await viewFacts(database.db, 'demo');
    const counts = viewCounts(facts);
    expect(counts.signature_mismatch).toBeGreaterThanOrEqual(20);
    expect(counts.get_signatures).toBeGreaterThanOrEqual(50);
    expect(counts.double_obligation).toBeGreaterThanOrEqual(20);
    expect(counts.double_obligation).toBeLessThan(facts.contracts.length / 5);
  });
});

describe('generateCrmData', () => {
  const options: CrmGeneratorOptions = {
    partnerId: 'demo',
    markets: 3,
    clients: 20,
    contracts: 150,
    scaleTickets: 300,
    cropYears: [2025, 2026, 2027],
    seed: 7,
    today: TODAY,
    analyze: false,
  };
  const TABLES = [
    'markets',
    'legal_entities',
    'client_markets',
    'client_contacts',
    'contracts',
    'pricing_events',
    'contract_amendments',
    'contract_documents',
    'scale_tickets',
    'ticket_applications',
    'notes',
    'followups',
  ];

  async function dump(opts: CrmGeneratorOptions): Promise<Record<string, unknown[]>> {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.migrate();
      await seedDemoData(database.db, { crm: 'none' });
      const result = await generateCrmData(database.db, opts);
      expect(result.counts.contracts).toBe(opts.contracts);
      expect(result.counts.scale_tickets).toBe(opts.scaleTickets);
      const out: Record<string, unknown[]> = {};
      for (const t of TABLES) out[t] = await rows(database.db, `select * from ${t} order by 1, 2`);
      return out;
    } finally {
      await database.close();
    }
  }

  it('gives the same rows for the same seed (whatever the batch size) and other rows for another seed', async () => {
    const a = await dump(options);
    const b = await dump({ ...options, batchSize: 17 });
    const c = await dump({ ...options, seed: 8 });
    expect(b).toEqual(a);
    expect(c.contracts).not.toEqual(a.contracts);
    expect(a.contracts).toHaveLength(150);
    expect(a.scale_tickets).toHaveLength(300);
  });

  it('records nothing later than notAfter: a seed made in the morning has no activity in the afternoon', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.migrate();
      await seedDemoData(database.db, { crm: 'none' });
      const notAfter = `${TODAY}T08:00:00.000Z`;
      await generateCrmData(database.db, { ...options, contracts: 400, scaleTickets: 800, notAfter });
      const latest = await one<Record<string, unknown>>(
        database.db,
        `select (select max(created_at) from notes) as notes, (select max(created_at) from scale_tickets) as tickets,
                (select max(created_at) from contracts) as contracts, (select max(updated_at) from contracts) as updated,
                (select max(signed_at) from contract_documents) as signed, (select max(created_at) from contract_amendments) as amended`,
      );
      for (const [what, value] of Object.entries(latest)) {
        if (value === null) continue;
        expect(new Date(value as string).getTime(), what).toBeLessThanOrEqual(Date.parse(notAfter));
      }
      // Today still has activity, up to that moment.
      expect(new Date(latest.tickets as string).toISOString().slice(0, 10)).toBe(TODAY);
    } finally {
      await database.close();
    }
  });

  it('refuses an unknown partner, leaving nothing behind; makes exactly the tickets asked for, even fewer than contracts to deliver', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.migrate();
      await seedDemoData(database.db, { crm: 'none' });
      const db = database.db;
      await expect(generateCrmData(db, { ...options, partnerId: 'nobody' })).rejects.toThrow(/no partner/);
      expect((await one<{ n: string }>(db, 'select count(*) as n from markets')).n).toBe('0');
      await generateCrmData(db, { ...options, contracts: 200, scaleTickets: 40 });
      const n = await one<Record<string, string>>(
        db,
        `select (select count(*) from scale_tickets) as tickets,
                (select count(*) from contracts c where c.delivered_quantity <> coalesce((select sum(a.quantity) from ticket_applications a where a.contract_id = c.id), 0)) as bad`,
      );
      expect(n).toEqual({ tickets: '40', bad: '0' });
    } finally {
      await database.close();
    }
  });
});
