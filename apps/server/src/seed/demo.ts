import { count } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { enterpriseUsers, enterprises, partners, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/identity/passwords.ts';
import { DEMO_PARTNERS } from './demo-partners.ts';

export const DEMO_PASSWORD = 'granary-demo';

export const DEMO_ACCOUNTS = {
  buyer: 'buyer@demo.granary.test',
  farmer: 'farmer@demo.granary.test',
  admin: 'admin@demo.granary.test',
  prairieBuyer: 'buyer@prairie.granary.test',
} as const;

/** Seeds the demo data of DESIGN.md once: on an empty database only (the partners table is the marker). */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(partners);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(partners).values(DEMO_PARTNERS);
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
          adminPermissions: { 'buyer-admin': ['all'] },
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
  });
  return true;
}
