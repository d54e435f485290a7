// CRM rows for the API tests, inserted next to whatever the demo seed holds (own market slugs, 'FX-'
// numbers), so the tests stay valid once createTestApp seeds the CRM demo data too. Dates are relative
// to the markets' today, so every view has rows whatever day the tests run.

import { and, eq, sql } from 'drizzle-orm';
import {
  CROPS,
  addDays,
  contractStatus,
  contractTermsText,
  decimalString,
  isoDateInZone,
  toDecimal,
  type ContractFacts,
  type ContractType,
  type PriceStatus,
  type ScaleTicketFacts,
} from '@granary/domain';
import type { TestApp } from './test-app.ts';
import type { Db } from '../platform/db.ts';
import { sha256 } from '../platform/crypto.ts';
import {
  clientMarkets,
  contractAmendments,
  contractDocuments,
  contracts,
  crops,
  followups,
  legalEntities,
  marketUserPermissions,
  markets,
  notes,
  pricingEvents,
  scaleTickets,
  ticketApplications,
  users,
} from '../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../seed/demo.ts';

export const FIXTURE_TZ = 'America/Chicago';

export type CrmFixtures = {
  today: string;
  demoPlatformId: number;
  prairiePlatformId: number;
  /** Ames: the demo buyer holds every permission. */
  marketAll: number;
  /** Regina: the demo buyer holds instruments, offers and info only. */
  marketBidsOnly: number;
  /** Boone: the demo buyer holds nothing. */
  marketNone: number;
  prairieMarket: number;
  demoClients: number[];
  prairieClient: number;
  prairieContract: number;
  /** A contract whose description starts with '=' (CSV formula injection). */
  formulaContract: number;
  buyerId: string;
  prairieBuyerId: string;
};

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function partnerLegalEntity(db: Db, partnerId: string, name: string): Promise<number> {
  const [existing] = await db
    .select({ id: legalEntities.id })
    .from(legalEntities)
    .where(and(eq(legalEntities.partnerId, partnerId), eq(legalEntities.kind, 'partner')))
    .orderBy(legalEntities.id)
    .limit(1);
  if (existing) return existing.id;
  const [row] = await db
    .insert(legalEntities)
    .values({ partnerId, kind: 'partner', name })
    .returning({ id: legalEntities.id });
  return row!.id;
}

async function userId(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

const CLIENT_NAMES = [
  'Anderson Family Farms',
  'Bergstrom Grain',
  'Carlson Acres',
  'Dahl Brothers',
  'Eriksen Land Co',
  'Fischer Farms',
  'Gunderson Ag',
  'Hansen Prairie',
  'Iverson Fields',
  'Johansen Seed',
  'Knutson Farms',
  'Lindqvist Holdings',
];

const TYPES: ContractType[] = ['flat', 'flat', 'hta', 'hta', 'pp', 'mp', 'mp_plus', 'spot', 'basic_cs', 'flat'];

export async function seedCrmFixtures(db: Db, now: Date = new Date()): Promise<CrmFixtures> {
  const today = isoDateInZone(now, FIXTURE_TZ);
  const year = Number(today.slice(0, 4));
  await db
    .insert(crops)
    .values(CROPS.map((c) => ({ ...c })))
    .onConflictDoNothing();

  const demoPlatformId = await partnerLegalEntity(db, 'demo', 'Granary Demo Grain Co.');
  const prairiePlatformId = await partnerLegalEntity(db, 'prairie', 'Prairie Grain Cooperative Ltd.');
  const buyerId = await userId(db, DEMO_ACCOUNTS.buyer);
  const prairieBuyerId = await userId(db, DEMO_ACCOUNTS.prairieBuyer);

  const marketRows = await db
    .insert(markets)
    .values([
      {
        partnerId: 'demo',
        slug: 'fx-ames',
        displayName: 'FX Ames Elevator',
        city: 'Ames',
        administrativeAreaLevel1: 'IA',
        countryCode: 'USA',
        timezone: FIXTURE_TZ,
      },
      {
        partnerId: 'demo',
        slug: 'fx-regina',
        displayName: null,
        city: 'Regina',
        administrativeAreaLevel1: 'SK',
        countryCode: 'CAN',
        timezone: 'America/Regina',
      },
      {
        partnerId: 'demo',
        slug: 'fx-boone',
        displayName: 'FX Boone',
        city: 'Boone',
        administrativeAreaLevel1: 'IA',
        countryCode: 'USA',
        timezone: FIXTURE_TZ,
      },
      {
        partnerId: 'prairie',
        slug: 'fx-saskatoon',
        displayName: 'FX Saskatoon',
        city: 'Saskatoon',
        administrativeAreaLevel1: 'SK',
        countryCode: 'CAN',
        timezone: 'America/Regina',
        sustainabilityEnabled: true,
      },
    ])
    .returning({ id: markets.id });
  const [marketAll, marketBidsOnly, marketNone, prairieMarket] = marketRows.map((r) => r.id) as [
    number,
    number,
    number,
    number,
  ];
  await db.insert(marketUserPermissions).values([
    {
      marketId: marketAll,
      userId: buyerId,
      permissions: [
        'instruments',
        'offers',
        'info',
        'dashboard',
        'contracts',
        'deliveries',
        'contract_documents',
        'notes',
        'profile',
        'public_contact',
      ],
    },
    { marketId: marketBidsOnly, userId: buyerId, permissions: ['instruments', 'offers', 'info'] },
    {
      marketId: prairieMarket,
      userId: prairieBuyerId,
      permissions: ['dashboard', 'contracts', 'deliveries', 'contract_documents', 'notes', 'profile'],
    },
  ]);

  // Clients: the first three have a small farm (double obligation); some have no estimate at all.
  const clientValues = CLIENT_NAMES.map((name, i) => ({
    partnerId: 'demo',
    kind: 'client' as const,
    name,
    extClientId: `FX-C${100 + i}`,
    city: 'Ames',
    administrativeAreaLevel1: 'IA',
    phoneNumber: `+1 515 555 01${String(i).padStart(2, '0')}`,
    emailAddress: `client${i}@farm.test`,
    defaultCropId: i % 2 === 0 ? 1 : 2,
    defaultCropYear: year,
    area: i < 3 ? '100.00' : i % 4 === 3 ? null : '2000.00',
    estimatedYield: i < 3 ? '50.00' : i % 4 === 3 ? null : '180.00',
    estimatedStorage: '50000.0000',
    contractedWithOther: i === 1 ? '1000.0000' : null,
    esignEligible: i % 2 === 0,
    ach: i % 3 === 0,
  }));
  const demoClients = (await db.insert(legalEntities).values(clientValues).returning({ id: legalEntities.id })).map(
    (r) => r.id,
  );
  await db
    .insert(clientMarkets)
    .values([
      ...demoClients.map((clientId) => ({ clientId, marketId: marketAll })),
      ...demoClients.slice(0, 4).map((clientId) => ({ clientId, marketId: marketBidsOnly })),
    ]);
  const [prairieClientRow] = await db
    .insert(legalEntities)
    .values({
      partnerId: 'prairie',
      kind: 'client',
      name: 'Saskatoon Plains Farm',
      extClientId: 'FX-P1',
      area: '3000.00',
      estimatedYield: '40.00',
    })
    .returning({ id: legalEntities.id });
  const prairieClient = prairieClientRow!.id;
  await db.insert(clientMarkets).values({ clientId: prairieClient, marketId: prairieMarket });

  // Contracts at Ames: every view has rows (and rows it must not hold).
  const rand = prng(20260515);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const values: (typeof contracts.$inferInsert)[] = [];
  for (let i = 0; i < 260; i++) {
    const clientIndex = i % demoClients.length;
    const type = TYPES[i % TYPES.length]!;
    const quantity = (1000 + Math.floor(rand() * 40) * 250).toFixed(4);
    const q = toDecimal(quantity);
    const cancelKind = rand();
    const cancelled = cancelKind < 0.06 ? q : cancelKind < 0.15 ? q.times('0.2').floor() : toDecimal(0);
    const open = q.minus(cancelled);
    const deliveredShare = pick([0, 0, 0, 0.25, 0.5, 1, 1.1]);
    const delivered = open.times(deliveredShare).floor();
    const pricedShare =
      type === 'spot' || type === 'flat' || type === 'basic_cs' ? pick([1, 1, 0.5]) : pick([0, 0, 0.5, 1]);
    const priced = open.times(pricedShare).floor();
    const start = addDays(today, Math.floor(rand() * 300) - 180);
    const end = addDays(start, 30 + Math.floor(rand() * 60));
    const futures = (4 + Math.floor(rand() * 80) / 100).toFixed(4);
    const basis = (-0.6 + Math.floor(rand() * 40) / 100).toFixed(4);
    const cash = decimalString(toDecimal(futures).plus(toDecimal(basis)));
    const isOption = type === 'mp' || type === 'mp_plus';
    const hasPrice = priced.greaterThan(0);
    const priceStatus: PriceStatus = open.isZero()
      ? hasPrice
        ? 'priced'
        : 'unpriced'
      : priced.greaterThanOrEqualTo(open)
        ? 'priced'
        : hasPrice
          ? 'partially_priced'
          : type === 'hta'
            ? 'futures_set'
            : 'unpriced';
    const status = contractStatus({
      quantity,
      deliveredQuantity: delivered.toFixed(),
      cancelledQuantity: cancelled.toFixed(),
      pricedQuantity: priced.toFixed(),
    });
    const cropId = i % 7 === 6 ? 73 : i % 3 === 2 ? 2 : 1;
    const cropYear = year - (i % 5 === 4 ? 1 : 0);
    const esignEligible = i % 4 !== 0;
    const signed = esignEligible && i % 3 === 0;
    const terms = {
      contractType: type,
      direction: 'purchase' as const,
      cropId,
      cropYear,
      quantity,
      cancelledQuantity: cancelled.toFixed(4),
      deliveryStart: start,
      deliveryEnd: end,
      optionMonth: i % 9 === 8 ? null : `${end.slice(0, 4)}-${pick(['03', '05', '07', '09', '12'])}`,
      futuresPrice: type === 'hta' || hasPrice ? futures : null,
      basis: hasPrice ? basis : null,
      cashPrice: hasPrice ? cash : null,
      offerPrice: i % 6 === 0 ? (Number(cash) + 0.25).toFixed(4) : null,
      strike: isOption ? (4 + Math.floor(rand() * 100) / 100).toFixed(4) : null,
      callOptionFee: isOption ? '0.1200' : null,
      expiration:
        isOption || type === 'pp' ? (i % 11 === 0 ? null : addDays(today, Math.floor(rand() * 200) - 60)) : null,
      mpOption: type === 'mp_plus' ? pick(['premium', 'floor_plus']) : null,
    };
    const termsHash = sha256(contractTermsText(terms));
    values.push({
      ...terms,
      partnerId: 'demo',
      marketId: i % 20 === 19 ? marketBidsOnly : marketAll,
      clientId: demoClients[clientIndex]!,
      displayContractId: `FX-${String(10000 + i)}`,
      status,
      deliveredQuantity: delivered.toFixed(4),
      pricedQuantity: priced.toFixed(4),
      priceStatus,
      description: i % 5 === 0 ? `Contract for ${pick(['organic', 'food grade', 'seed'])} grain` : null,
      specialty: i % 13 === 0 ? 'non-GMO' : null,
      esignEligible,
      esignSent: esignEligible && i % 2 === 0,
      signed,
      // Every sixth signed contract was amended after signing: its signed terms no longer match.
      signedTermsHash: signed ? (i % 6 === 0 ? sha256(`old:${i}`) : termsHash) : null,
      termsHash,
      contractDate: addDays(start, -Math.floor(rand() * 90) - 1),
      lastTicketDate: delivered.greaterThan(0) ? addDays(start, 5) : null,
    });
  }
  // A signature-mismatch contract (whose columns include the description) carries a spreadsheet formula.
  const formula = values.find(
    (v) => v.marketId === marketAll && v.signed && v.signedTermsHash !== v.termsHash && v.status !== 'cancelled',
  )!;
  formula.description = '=HYPERLINK("http://evil.test","click")';
  const inserted = await db.insert(contracts).values(values).returning({
    id: contracts.id,
    display: contracts.displayContractId,
    description: contracts.description,
    esign: contracts.esignEligible,
    signed: contracts.signed,
    marketId: contracts.marketId,
    status: contracts.status,
  });
  const formulaContract = inserted.find((r) => r.display === formula.displayContractId)!.id;

  // Pricing events for some HTAs, documents for e-sign contracts, an amendment on mismatched ones.
  const ames = inserted.filter((r) => r.marketId === marketAll);
  await db.insert(contractDocuments).values(
    ames
      .filter((r) => r.esign)
      .map((r, k) => ({
        contractId: r.id,
        fileName: `${r.display}.pdf`,
        status: r.signed ? ('signed' as const) : k % 2 === 0 ? ('sent' as const) : ('draft' as const),
        content: `Contract ${r.display}`,
        createdAt: new Date(now.getTime() - (k % 40) * 86_400_000),
      })),
  );
  await db
    .insert(contractAmendments)
    .values(
      ames
        .filter((_, k) => k % 6 === 0)
        .map((r) => ({ contractId: r.id, displayContractAmendmentId: `${r.display}-A1`, action: 'roll', details: {} })),
    );
  const htaIds = values
    .map((v, k) => ({ v, id: inserted[k]!.id }))
    .filter((x) => x.v.contractType === 'hta' && x.v.priceStatus === 'futures_set');
  if (htaIds.length > 0) {
    await db.insert(pricingEvents).values(
      htaIds.map((x) => ({
        contractId: x.id,
        quantity: decimalString(toDecimal(x.v.quantity).minus(toDecimal(x.v.cancelledQuantity ?? '0'))),
        futuresPrice: x.v.futuresPrice ?? '4.5000',
      })),
    );
  }

  // Scale tickets: some applied to contracts, some not.
  const ticketValues = Array.from({ length: 70 }, (_, i) => {
    const quantity = (500 + Math.floor(rand() * 20) * 50).toFixed(4);
    const applied = i % 3 === 0 ? '0.0000' : i % 3 === 1 ? quantity : toDecimal(quantity).div(2).toFixed(4);
    return {
      partnerId: 'demo',
      marketId: i % 10 === 9 ? marketBidsOnly : marketAll,
      clientId: demoClients[i % demoClients.length]!,
      displayScaleTicketId: `FX-T${String(5000 + i)}`,
      cropId: i % 3 === 2 ? 2 : 1,
      cropYear: year - (i % 4 === 3 ? 1 : 0),
      deliveryDate: addDays(today, -Math.floor(rand() * 200)),
      quantity,
      weight: toDecimal(quantity).times(56).toFixed(2),
      appliedQuantity: applied,
      unappliedQuantity: toDecimal(quantity).minus(toDecimal(applied)).toFixed(4),
      moisture: (13 + Math.floor(rand() * 50) / 10).toFixed(2),
      testWeight: (54 + Math.floor(rand() * 40) / 10).toFixed(2),
      foreignMaterial: i === 4 ? null : (Math.floor(rand() * 30) / 10).toFixed(2),
      damage: (Math.floor(rand() * 20) / 10).toFixed(2),
    };
  });
  const tickets = await db
    .insert(scaleTickets)
    .values(ticketValues)
    .returning({ id: scaleTickets.id, applied: scaleTickets.appliedQuantity, clientId: scaleTickets.clientId });
  const firstContractOf = new Map<number, number>();
  values.forEach((v, k) => {
    if (!firstContractOf.has(v.clientId)) firstContractOf.set(v.clientId, inserted[k]!.id);
  });
  await db.insert(ticketApplications).values(
    tickets
      .filter((t) => toDecimal(t.applied).greaterThan(0))
      .map((t) => ({
        scaleTicketId: t.id,
        contractId: firstContractOf.get(t.clientId)!,
        quantity: t.applied,
        splitPct: '100.00',
      })),
  );

  // Prairie: one client, one contract.
  const [prairieRow] = await db
    .insert(contracts)
    .values({
      partnerId: 'prairie',
      marketId: prairieMarket,
      clientId: prairieClient,
      displayContractId: 'FX-P-1',
      contractType: 'flat',
      cropId: 11,
      cropYear: year,
      quantity: '2000.0000',
      deliveryStart: addDays(today, 10),
      deliveryEnd: addDays(today, 40),
      priceStatus: 'unpriced',
      contractDate: addDays(today, -5),
      esignEligible: true,
    })
    .returning({ id: contracts.id });
  await db.insert(contractDocuments).values({ contractId: prairieRow!.id, fileName: 'FX-P-1.pdf', status: 'sent' });
  await db.insert(notes).values({
    partnerId: 'prairie',
    marketId: prairieMarket,
    clientId: prairieClient,
    category: 'meeting',
    note: 'Prairie only',
    noteDate: today,
  });

  // Notes and follow-ups at Ames.
  await db.insert(notes).values(
    demoClients.slice(0, 6).flatMap((clientId, i) => [
      {
        partnerId: 'demo',
        marketId: marketAll,
        clientId,
        authorUserId: buyerId,
        category: 'farm_visit' as const,
        note: `Visited ${CLIENT_NAMES[i]}; bins half full.`,
        noteDate: addDays(today, -i),
      },
      {
        partnerId: 'demo',
        marketId: marketAll,
        clientId,
        authorUserId: buyerId,
        category: 'outbound_call' as const,
        note: 'Called about pricing.',
        noteDate: addDays(today, -10 - i),
      },
    ]),
  );
  await db.insert(followups).values(
    [5, 0, -1, -30, -89, -90, -200].map((offset, i) => ({
      partnerId: 'demo',
      marketId: marketAll,
      clientId: demoClients[i]!,
      assignedUserId: i % 2 === 0 ? buyerId : null,
      dueDate: addDays(today, offset),
      description: `Follow up ${offset}`,
    })),
  );
  await db.insert(followups).values({
    partnerId: 'demo',
    marketId: marketAll,
    clientId: demoClients[0]!,
    dueDate: addDays(today, -3),
    description: 'Done already',
    doneAt: now,
  });

  await db.execute(sql`analyze`);
  return {
    today,
    demoPlatformId,
    prairiePlatformId,
    marketAll,
    marketBidsOnly,
    marketNone,
    prairieMarket,
    demoClients,
    prairieClient,
    prairieContract: prairieRow!.id,
    formulaContract,
    buyerId,
    prairieBuyerId,
  };
}

// ---------------------------------------------------------------------------------------------------
// Test helpers: the rows as the domain's predicates read them, and signed-in callers.

/** Every contract of a partner as domain facts (with its client and the client's contracts). */
export async function contractFactsOf(db: Db, partnerId: string): Promise<ContractFacts[]> {
  const rows = await db
    .select()
    .from(contracts)
    .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
    .where(eq(contracts.partnerId, partnerId));
  const records = rows.map(({ contracts: c }) => {
    const { partnerId: _p, quantityUnit: _u, version: _v, createdAt: _c, updatedAt: _up, ...record } = c;
    return record;
  });
  const byClient = new Map<number, typeof records>();
  for (const r of records) byClient.set(r.clientId, [...(byClient.get(r.clientId) ?? []), r]);
  return rows.map(({ legal_entities: le }, i) => ({
    kind: 'contract' as const,
    ...records[i]!,
    client: {
      id: le.id,
      name: le.name,
      area: le.area,
      estimatedYield: le.estimatedYield,
      contractedWithOther: le.contractedWithOther,
    },
    clientContracts: byClient.get(le.id)!,
  }));
}

export async function ticketFactsOf(db: Db, partnerId: string): Promise<ScaleTicketFacts[]> {
  const rows = await db
    .select()
    .from(scaleTickets)
    .innerJoin(legalEntities, eq(legalEntities.id, scaleTickets.clientId))
    .where(eq(scaleTickets.partnerId, partnerId));
  return rows.map(({ scale_tickets: t, legal_entities: le }) => {
    const { partnerId: _p, createdAt: _c, ...record } = t;
    return {
      kind: 'scaleTicket' as const,
      ...record,
      client: {
        id: le.id,
        name: le.name,
        area: le.area,
        estimatedYield: le.estimatedYield,
        contractedWithOther: le.contractedWithOther,
      },
    };
  });
}

export type Caller = { cookie: string; csrf: string };

export async function signIn(t: TestApp, email: string): Promise<Caller> {
  const cookie = await t.sessionCookie(email);
  const csrf = (await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: { cookie } })).json()
    .csrf as string;
  return { cookie, csrf };
}

export function headersOf(caller: Caller, extra: Record<string, string> = {}): Record<string, string> {
  return { cookie: caller.cookie, 'x-csrf-token': caller.csrf, ...extra };
}
