import { count } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { enterpriseUsers, enterprises, legalTexts, partners, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/identity/passwords.ts';
import { DEMO_PARTNERS } from './demo-partners.ts';
import { demoLegalTexts } from './legal-texts-demo.ts';
import { generateCrmData, type CrmGeneratorOptions } from './crm-generator.ts';
import { seedTradingDemo } from './trading-demo.ts';
import { seedStoreDemo } from './store-demo.ts';
import { seedStoreOrdersDemo } from './store-orders-demo.ts';
import { seedSettlementsDemo } from './settlements-demo.ts';
import { seedPaymentsDemo } from './payments-demo.ts';
import { seedPublicUpdatesDemo } from './public-updates-demo.ts';
import { seedMarketDiscountSchedules } from '../modules/deliveries/deliveries.public.ts';
import { syncContractNumberSequences } from '../modules/contract-writing/contract-writing.public.ts';
import { seedStructuredAddendaNames } from '../modules/crm-contracts/crm-contracts.public.ts';
import { seedSigningDemo } from '../modules/esign/esign.public.ts';
import { seedSustainabilityDemo } from '../modules/sustainability/sustainability.public.ts';
import { seedEnterpriseProfileDemo } from './enterprise-profile-demo.ts';
import { seedStructuresDemo } from '../modules/structures/structures.public.ts';

export const DEMO_PASSWORD = 'granary-demo';

export const DEMO_ACCOUNTS = {
  buyer: 'buyer@demo.granary.test',
  farmer: 'farmer@demo.granary.test',
  admin: 'admin@demo.granary.test',
  prairieBuyer: 'buyer@prairie.granary.test',
} as const;

/**
 * How much CRM data the demo gets: 'full' (what `npm start` shows: DESIGN.md 'Demo data'), 'small' (the
 * same markets and accounts, every contract view still populated, a tenth of the rows — the server tests'
 * fresh databases) or 'none'.
 */
export type DemoCrmSize = 'full' | 'small' | 'none';

export type DemoSeedOptions = {
  crm?: DemoCrmSize;
  /** 'YYYY-MM-DD': the day the CRM data is as of (default today, UTC); crop years are its year ± 1. */
  today?: string;
};

/** The demo partners' markets: four in Iowa, Illinois and Nebraska and two on the Canadian prairies; Prairie's two in Saskatchewan. */
export const DEMO_MARKETS = {
  demo: ['ames', 'decatur', 'grand-island', 'mason-city', 'saskatoon', 'brandon'],
  prairie: ['swift-current', 'yorkton'],
} as const;

const CRM_SIZES: Record<
  Exclude<DemoCrmSize, 'none'>,
  Record<'demo' | 'prairie', { clients: number; contracts: number; scaleTickets: number }>
> = {
  full: {
    demo: { clients: 300, contracts: 4000, scaleTickets: 8000 },
    prairie: { clients: 40, contracts: 400, scaleTickets: 800 },
  },
  small: {
    demo: { clients: 30, contracts: 300, scaleTickets: 600 },
    prairie: { clients: 8, contracts: 60, scaleTickets: 120 },
  },
};

/** Seeds the demo data of DESIGN.md once: on an empty database only (the partners table is the marker). */
export async function seedDemoData(db: Db, options: DemoSeedOptions = {}): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(partners);
  if ((row?.n ?? 0) > 0) return false;
  const crm = options.crm ?? 'full';
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const year = Number(today.slice(0, 4));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(partners).values(DEMO_PARTNERS);
    await tx.insert(legalTexts).values(demoLegalTexts(DEMO_PARTNERS));
    const inserted = await tx
      .insert(users)
      .values([
        {
          email: DEMO_ACCOUNTS.buyer,
          firstName: 'Dana',
          lastName: 'Merchant',
          phoneNumber: '+1 (515) 555-0110',
          normalizedPhoneNumber: '+15155550110',
          phoneVerifiedAt: new Date(),
          emailVerifiedAt: new Date(),
          verificationStatus: 'verified',
          passwordHash,
          experiences: { grain_buying: true },
          // The demo partner's buyer-admin also reads the offboarding report (issue 15) and administers structured
          // products (issue 18: prices, trades, edits the pricing parameters), so the demo can show both.
          adminPermissions: { 'buyer-admin': ['all'], 'structures-admin': ['all'], 'view-offboarding-report': ['all'] },
          partnerId: 'demo',
          tosAcceptedAt: new Date(),
        },
        {
          email: DEMO_ACCOUNTS.farmer,
          firstName: 'Sam',
          lastName: 'Fieldman',
          phoneNumber: '+1 (515) 555-0120',
          normalizedPhoneNumber: '+15155550120',
          phoneVerifiedAt: new Date(),
          emailVerifiedAt: new Date(),
          verificationStatus: 'verified',
          passwordHash,
          experiences: { enterprise_agronomics: true },
          permissions: ['my-sales-lite'],
          tosAcceptedAt: new Date(),
        },
        {
          email: DEMO_ACCOUNTS.admin,
          firstName: 'Alex',
          lastName: 'Admin',
          passwordHash,
          experiences: { granary_admin: true, grain_buying: true },
          isSuperAdmin: true,
          permissions: ['developer-debug'],
          employeeInfo: { role: 'account_manager' },
          partnerId: 'demo',
          tosAcceptedAt: new Date(),
        },
        {
          email: DEMO_ACCOUNTS.prairieBuyer,
          firstName: 'Pat',
          lastName: 'Prairie',
          passwordHash,
          experiences: { grain_buying: true },
          adminPermissions: { 'buyer-admin': ['all'] },
          partnerId: 'prairie',
          tosAcceptedAt: new Date(),
        },
      ])
      .returning({ id: users.id, email: users.email });
    const farmer = inserted.find((u) => u.email === DEMO_ACCOUNTS.farmer);
    if (!farmer) throw new Error('farmer not inserted');
    const [farm] = await tx
      .insert(enterprises)
      .values({ name: 'Fieldman Family Farms', countryCode: 'USA', administrativeAreaLevel1: 'IA' })
      .returning({ id: enterprises.id });
    if (!farm) throw new Error('enterprise not inserted');
    await tx.insert(enterpriseUsers).values({ enterpriseId: farm.id, userId: farmer.id, role: 'owner' });
    // The farm's profile (issue 16): crops, tools, monitors, fields, subscriptions, agronomics; a grower with two farms.
    await seedEnterpriseProfileDemo(tx, { farmEnterpriseId: farm.id, passwordHash, year });
    if (crm === 'none') return;

    const idOf = (email: string) => {
      const u = inserted.find((x) => x.email === email);
      if (!u) throw new Error(`${email} not inserted`);
      return u.id;
    };
    // Seeded as of now: nothing recorded later than this moment (see notAfter).
    const common: Pick<CrmGeneratorOptions, 'cropYears' | 'today' | 'notAfter'> = {
      cropYears: [year - 1, year, year + 1],
      today,
      ...(options.today === undefined ? { notAfter: new Date().toISOString() } : {}),
    };
    const sizes = CRM_SIZES[crm];
    await generateCrmData(tx, {
      ...common,
      ...sizes.demo,
      partnerId: 'demo',
      markets: DEMO_MARKETS.demo,
      seed: 1,
      buyerUserIds: [idOf(DEMO_ACCOUNTS.buyer)],
      // The demo farmer's farm is one of the demo partner's clients (My Sales Lite shows its contracts).
      namedClients: [
        {
          name: 'Fieldman Family Farms',
          marketSlug: 'ames',
          enterpriseId: farm.id,
          weight: 12,
          area: '1240',
          estimatedYield: '198.5',
          contact: { name: 'Sam Fieldman', userId: farmer.id, email: DEMO_ACCOUNTS.farmer, phone: '+1 (515) 555-0120' },
        },
      ],
    });
    await generateCrmData(tx, {
      ...common,
      ...sizes.prairie,
      partnerId: 'prairie',
      markets: DEMO_MARKETS.prairie,
      seed: 2,
      buyerUserIds: [idOf(DEMO_ACCOUNTS.prairieBuyer)],
    });
    // New contracts are numbered after the seeded ones (contract writing, decision 040).
    await syncContractNumberSequences(tx);
    await seedTradingDemo(tx, { today });
    // Each partner's structured addenda (pricing operations, decision 041).
    for (const partnerId of ['demo', 'prairie']) await seedStructuredAddendaNames(tx, partnerId);
    // Every market's discount schedules (shrink, drying, grade discounts) per crop it buys (deliveries, decision 043).
    await seedMarketDiscountSchedules(tx);
    // Checkoff and storage rates, and the demo farmer's lien, advance and settlements (settlements, decision 044).
    await seedSettlementsDemo(tx, { today });
    // The demo farmer's payment requests: one waiting for the buyer, one paid by check (payments, decision 045).
    await seedPaymentsDemo(tx, { today });
    // The Ames market's sustainability programs, a few clients enrolled (decision 059).
    await seedSustainabilityDemo(tx, { partnerId: 'demo', marketSlug: 'ames', today });
    // Each market's published posts; on the full demo, a successful ERP sync: /market says when data last came in.
    await seedPublicUpdatesDemo(tx, { buyerUserId: idOf(DEMO_ACCOUNTS.buyer), withSync: crm === 'full' });
    // The demo farmer's first sent contracts with real signing links: My Sales Lite shows Sign (decision 042).
    if (crm === 'full')
      await seedSigningDemo(tx, {
        partnerId: 'demo',
        clientName: 'Fieldman Family Farms',
        buyerEmail: DEMO_ACCOUNTS.buyer,
      });
    // Structured products at Ames (issue 18): the demo farmer's live accumulator with its observations, another
    // client's, a saved quote and one completed with its HTA — on the full demo only (the engine values each).
    if (crm === 'full')
      await seedStructuresDemo(tx, {
        partnerId: 'demo',
        marketSlug: 'ames',
        farmerClientName: 'Fieldman Family Farms',
        buyerUserId: idOf(DEMO_ACCOUNTS.buyer),
        now: options.today === undefined ? new Date() : new Date(`${today}T18:00:00Z`),
      });
    await seedStoreDemo(tx, { size: crm === 'full' ? 'full' : 'small' });
    await seedStoreOrdersDemo(tx, { today });
  });
  return true;
}
