import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import {
  enterpriseAgronomics,
  enterpriseFields,
  enterpriseSubscriptions,
  enterpriseUsers,
  enterprises,
  users,
} from '../db/schema/index.ts';

/**
 * A grower with two farm businesses (issue 16): the header's switcher and /account show both. Not one of
 * DEMO_ACCOUNTS' four, so that the demo farmer keeps the one enterprise other tests rely on.
 */
export const DEMO_TWO_FARMS_GROWER = 'grower@demo.granary.test';

type Profile = Partial<typeof enterprises.$inferInsert>;

const FIELDMAN_PROFILE: Profile = {
  facts: ['grows_corn', 'grows_soybeans', 'uses_precision_ag'],
  crops: ['corn', 'soybeans', 'wheat'],
  softwareTools: ['climate_fieldview', 'john_deere_operations_center'],
  plantingMonitorBrands: ['precision_planting'],
  harvestMonitorBrands: ['john_deere'],
  applicationMonitorBrands: ['raven'],
  acresEstimate: '2480.00',
  areaEstimate: '2480.00',
  areaEstimateUnits: 'acres',
  validForBilling: true,
  qualifyingAnswers: { primary_operation: 'row_crops', farm_size: '2000_4999', grain_marketing: 'forward_contracts' },
  businessUnits: ['grain', 'trucking'],
};

const FIELDMAN_FIELDS = [
  { name: 'Home 80', areaAcres: '78.40', crop: 'corn' },
  { name: 'North Quarter', areaAcres: '156.20', crop: 'soybeans' },
  { name: 'River Bottom', areaAcres: '212.75', crop: 'corn' },
  { name: 'Schmidt Place', areaAcres: '318.00', crop: 'soybeans' },
  { name: 'West 40', areaAcres: '39.60', crop: 'wheat' },
];

/** Fills the demo farmer's enterprise profile and adds the two-farm grower. */
export async function seedEnterpriseProfileDemo(
  tx: Db,
  input: { farmEnterpriseId: number; passwordHash: string; year: number },
): Promise<void> {
  const { farmEnterpriseId: farm, year } = input;
  await tx.update(enterprises).set(FIELDMAN_PROFILE).where(eq(enterprises.id, farm));
  await tx.insert(enterpriseFields).values(FIELDMAN_FIELDS.map((f) => ({ ...f, enterpriseId: farm })));
  await tx.insert(enterpriseSubscriptions).values([
    { enterpriseId: farm, type: 'market_intelligence', startsOn: `${year - 1}-01-01`, endsOn: null },
    { enterpriseId: farm, type: 'data_product', startsOn: `${year - 2}-03-01`, endsOn: `${year - 1}-02-28` },
  ]);
  await tx.insert(enterpriseAgronomics).values([
    {
      enterpriseId: farm,
      cropYear: year - 1,
      crop: 'corn',
      area: '1290.00',
      areaUnits: 'acres',
      averageYield: '204.50',
    },
    {
      enterpriseId: farm,
      cropYear: year - 1,
      crop: 'soybeans',
      area: '1190.00',
      areaUnits: 'acres',
      averageYield: '61.20',
    },
    {
      enterpriseId: farm,
      cropYear: year - 2,
      crop: 'corn',
      area: '1240.00',
      areaUnits: 'acres',
      averageYield: '198.00',
    },
  ]);

  const [grower] = await tx
    .insert(users)
    .values({
      email: DEMO_TWO_FARMS_GROWER,
      firstName: 'Jordan',
      lastName: 'Rivers',
      passwordHash: input.passwordHash,
      emailVerifiedAt: new Date(),
      verificationStatus: 'verified',
      experiences: { enterprise_agronomics: true },
      countryCode: 'USA',
      tosAcceptedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!grower) throw new Error('grower not inserted');
  const farms = await tx
    .insert(enterprises)
    .values([
      {
        name: 'Rivers Ridge Farms',
        countryCode: 'USA',
        administrativeAreaLevel1: 'NE',
        crops: ['corn', 'soybeans'],
        softwareTools: ['granular'],
        harvestMonitorBrands: ['case_ih'],
        acresEstimate: '1650.00',
        areaEstimate: '1650.00',
        validForBilling: true,
      },
      {
        name: 'Rivers Prairie Grain (Saskatchewan)',
        countryCode: 'CAN',
        administrativeAreaLevel1: 'SK',
        crops: ['canola', 'wheat'],
        acresEstimate: '2965.26',
        areaEstimate: '1200.00',
        areaEstimateUnits: 'hectares',
      },
    ])
    .returning({ id: enterprises.id });
  await tx
    .insert(enterpriseUsers)
    .values(farms.map((f) => ({ enterpriseId: f.id, userId: grower.id, role: 'owner' as const })));
}
