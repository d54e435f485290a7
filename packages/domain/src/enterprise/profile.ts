// The enterprise (farm business) of platform.md 3.3 and its profile calls under /api/effu (7.2, 7.4), issue 16
// (docs/decisions/050-enterprise-profile-and-switcher.md). Fields travel in snake_case on the wire; the web's
// request wrapper turns them into camelCase (its `snakeCase` option).
import { z } from 'zod';
import { AREA_UNITS } from '../region/units.ts';
import { CROPS } from '../crm/crops.ts';
import { ENTERPRISE_ROLES } from '../team/team.ts';

/** 3.3 subscription types. */
export const SUBSCRIPTION_TYPES = [
  'data_product',
  'market_intelligence',
  'cash_grain_management',
  'cash_grain_management_plus',
  'cash_grain',
  'cash_grain_plus',
] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

/** Farm-management software an enterprise uses (the software-tools call); names are the products' own. */
export const SOFTWARE_TOOLS = [
  { id: 'climate_fieldview', name: 'Climate FieldView' },
  { id: 'john_deere_operations_center', name: 'John Deere Operations Center' },
  { id: 'granular', name: 'Granular' },
  { id: 'trimble_ag_software', name: 'Trimble Ag Software' },
  { id: 'farmers_edge', name: 'FarmLogs / Farmers Edge' },
  { id: 'ag_leader_sms', name: 'Ag Leader SMS' },
  { id: 'cnh_afs_connect', name: 'AFS Connect' },
  { id: 'agworld', name: 'Agworld' },
  { id: 'quickbooks', name: 'QuickBooks' },
  { id: 'spreadsheets', name: 'Spreadsheets' },
] as const;
export type SoftwareToolId = (typeof SOFTWARE_TOOLS)[number]['id'];

/** Yield, planter and sprayer monitor brands (the monitor-brands call); names are the makers' own. */
export const MONITOR_BRANDS = [
  { id: 'john_deere', name: 'John Deere' },
  { id: 'case_ih', name: 'Case IH' },
  { id: 'new_holland', name: 'New Holland' },
  { id: 'ag_leader', name: 'Ag Leader' },
  { id: 'trimble', name: 'Trimble' },
  { id: 'precision_planting', name: 'Precision Planting' },
  { id: 'raven', name: 'Raven' },
  { id: 'topcon', name: 'Topcon' },
  { id: 'agco', name: 'AGCO / Fendt' },
  { id: 'claas', name: 'CLAAS' },
] as const;
export type MonitorBrandId = (typeof MONITOR_BRANDS)[number]['id'];
export const MONITOR_KINDS = ['planting', 'harvest', 'application'] as const;
export type MonitorKind = (typeof MONITOR_KINDS)[number];

/** The crops an enterprise grows: the platform's crop keys (crm/crops.ts), not free text. */
export const ENTERPRISE_CROP_KEYS = CROPS.map((c) => c.name);

/** Qualifying questions (7.4 qualifying-questions): each with its answers; ids are stable, words are the web's. */
export const QUALIFYING_QUESTIONS = [
  { id: 'primary_operation', answers: ['row_crops', 'livestock', 'mixed', 'specialty_crops'] },
  { id: 'farm_size', answers: ['under_500', '500_1999', '2000_4999', '5000_plus'] },
  { id: 'input_purchasing', answers: ['local_retailer', 'cooperative', 'direct', 'mixed'] },
  { id: 'grain_marketing', answers: ['spot_sales', 'forward_contracts', 'advisor', 'on_farm_storage'] },
] as const;
export type QualifyingQuestionId = (typeof QUALIFYING_QUESTIONS)[number]['id'];

export const BUSINESS_UNITS = [
  'grain',
  'livestock',
  'specialty_crops',
  'seed_production',
  'custom_application',
  'trucking',
] as const;
export type BusinessUnit = (typeof BUSINESS_UNITS)[number];

/**
 * Features an enterprise unlocks by contributing data (7.4 data-feature-unlocks): benchmarks need fields, the yield
 * comparisons need agronomic summaries.
 */
export const DATA_FEATURES = [
  { id: 'field_benchmarks', needs: 'fields' },
  { id: 'yield_comparisons', needs: 'agronomics' },
  { id: 'input_price_insights', needs: 'fields' },
] as const;
export type DataFeatureId = (typeof DATA_FEATURES)[number]['id'];

const listOf = <T extends readonly [string, ...string[]]>(values: T, max = 30) =>
  z
    .array(z.enum(values))
    .max(max)
    .transform((list) => [...new Set(list)]);

const ids = <T extends readonly { id: string }[]>(items: T) =>
  items.map((i) => i.id) as unknown as readonly [T[number]['id'], ...T[number]['id'][]];

export const softwareToolIds = ids(SOFTWARE_TOOLS);
export const monitorBrandIds = ids(MONITOR_BRANDS);
const cropKeys = ENTERPRISE_CROP_KEYS as unknown as readonly [string, ...string[]];

/** An area as the profile stores it: not negative, at most 10 million, two decimals. */
const areaNumber = z.number().finite().min(0).max(10_000_000);

const personSchema = z.object({
  public_id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
});

export const enterpriseSubscriptionSchema = z.object({
  type: z.string(),
  starts_on: z.string(),
  ends_on: z.string().nullable(),
  active: z.boolean(),
});

/** GET /api/effu/enterprises/:enterpriseId/profile and the v2 profile by public id: the enterprise of 3.3. */
export const enterpriseProfileSchema = z.object({
  id: z.number().int(),
  legacy_id: z.number().int(),
  public_id: z.string(),
  name: z.string(),
  facts: z.array(z.string()),
  fields: z.object({ count: z.number().int(), area_acres: z.number() }),
  has_monitors: z.boolean(),
  crops: z.array(z.string()),
  software_tools: z.array(z.string()),
  planting_monitor_brands: z.array(z.string()),
  harvest_monitor_brands: z.array(z.string()),
  application_monitor_brands: z.array(z.string()),
  acres_estimate: z.number(),
  area_estimate: z.number(),
  area_estimate_units: z.enum(AREA_UNITS),
  subscriptions: z.array(enterpriseSubscriptionSchema),
  active_subscriptions: z.record(z.string(), z.boolean()),
  legal_entities: z.array(z.object({ id: z.number().int(), name: z.string(), partner_name: z.string() })),
  partners: z.array(z.object({ id: z.string(), name: z.string() })),
  referral_code: z.string().nullable(),
  user_enterprise_referrer_code: z.string().nullable(),
  features: z.record(z.string(), z.boolean()),
  /** The caller's access flags on this enterprise (an owner holds all). */
  permissions: z.record(z.string(), z.boolean()),
  /** The caller's role on it; null for staff reading another's enterprise. */
  role: z.enum(ENTERPRISE_ROLES).nullable(),
  owner: personSchema.nullable(),
  users: z.array(personSchema.extend({ role: z.enum(ENTERPRISE_ROLES) })),
  location: z.object({ country: z.string(), state: z.string().nullable(), valid_for_billing: z.boolean() }),
  has_contributed_data: z.boolean(),
});
export type EnterpriseProfileWire = z.infer<typeof enterpriseProfileSchema>;

/** GET /api/effu/v1/enterprises/:enterpriseId/profile: the first version's smaller shape (the native app reads it). */
export const enterpriseProfileV1Schema = enterpriseProfileSchema.pick({
  id: true,
  public_id: true,
  name: true,
  crops: true,
  acres_estimate: true,
  location: true,
  facts: true,
});

export const enterpriseFieldSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  area_acres: z.number(),
  crop: z.string().nullable(),
});
export const enterpriseFieldsSchema = z.object({
  fields: z.array(enterpriseFieldSchema),
  summary: z.object({ count: z.number().int(), area_acres: z.number() }),
});

/** PATCH /api/effu/profile/partial: what a member with has_manage may change; absent keys stay as they are. */
export const enterpriseProfilePatchSchema = z
  .object({
    enterprise_id: z.number().int().positive(),
    name: z.string().trim().min(1).max(120).optional(),
    area_estimate: areaNumber.optional(),
    area_estimate_units: z.enum(AREA_UNITS).optional(),
    crops: listOf(cropKeys).optional(),
    software_tools: listOf(softwareToolIds).optional(),
    planting_monitor_brands: listOf(monitorBrandIds).optional(),
    harvest_monitor_brands: listOf(monitorBrandIds).optional(),
    application_monitor_brands: listOf(monitorBrandIds).optional(),
  })
  .strict();
export type EnterpriseProfilePatch = z.infer<typeof enterpriseProfilePatchSchema>;

export const catalogueSchema = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });

export const userEnterpriseSummarySchema = z.object({
  id: z.number().int(),
  public_id: z.string(),
  name: z.string(),
  role: z.enum(ENTERPRISE_ROLES),
  country: z.string(),
  state: z.string().nullable(),
  area_estimate: z.number(),
  area_estimate_units: z.enum(AREA_UNITS),
});
export const userEnterprisesSchema = z.object({ enterprises: z.array(userEnterpriseSummarySchema) });

/** GET /api/effu/v2/users/:userPublicId/profile and /api/auth/user/:userId/profile. */
export const userProfileSchema = z.object({
  public_id: z.string(),
  legacy_id: z.number().int().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  enterprises: z.array(userEnterpriseSummarySchema),
});

export const userProfilePatchSchema = z
  .object({
    first_name: z.string().trim().min(1).max(80).optional(),
    last_name: z.string().trim().min(1).max(80).optional(),
  })
  .strict();

export const contributedDataSchema = z.object({
  has_contributed_data: z.boolean(),
  fields_count: z.number().int(),
  agronomics_count: z.number().int(),
});

export const dataFeatureUnlocksSchema = z.object({
  features: z.array(z.object({ id: z.string(), unlocked: z.boolean(), needs: z.enum(['fields', 'agronomics']) })),
});

export const qualifyingQuestionsSchema = z.object({
  questions: z.array(z.object({ id: z.string(), answers: z.array(z.string()), answer: z.string().nullable() })),
  business_units: z.array(z.string()),
  hidden: z.boolean(),
});

export const qualifyingAnswersBodySchema = z
  .object({ answers: z.record(z.string(), z.string().nullable()) })
  .strict()
  .superRefine((body, ctx) => {
    for (const [question, answer] of Object.entries(body.answers)) {
      const known = QUALIFYING_QUESTIONS.find((q) => q.id === question);
      if (!known) ctx.addIssue({ code: 'custom', path: ['answers', question], message: 'Unknown question' });
      else if (answer !== null && !(known.answers as readonly string[]).includes(answer)) {
        ctx.addIssue({ code: 'custom', path: ['answers', question], message: 'Unknown answer' });
      }
    }
  });
export const businessUnitsBodySchema = z.object({ business_units: listOf(BUSINESS_UNITS) }).strict();
export const hideQualifyingQuestionsBodySchema = z.object({ hidden: z.boolean() }).strict();

export const agronomicSummarySchema = z.object({
  crop_year: z.number().int(),
  crop: z.string(),
  area: z.number(),
  area_units: z.enum(AREA_UNITS),
  average_yield: z.number().nullable(),
});
export const agronomicsSchema = z.object({ summaries: z.array(agronomicSummarySchema) });
export const agronomicSummaryBodySchema = z
  .object({
    crop_year: z.number().int().min(1990).max(2100),
    crop: z.enum(cropKeys),
    area: z.number().finite().positive().max(10_000_000),
    area_units: z.enum(AREA_UNITS),
    average_yield: z.number().finite().min(0).max(1000).nullable(),
  })
  .strict();

export const readableEnterpriseFactsSchema = z.object({ facts: z.array(z.string()) });

/** PUT /api/effu/user/current-enterprise: the switcher's choice, kept with the session (3.1 current_enterprise_id). */
export const currentEnterpriseBodySchema = z.object({ enterprise_id: z.number().int().positive() }).strict();
export const currentEnterpriseSchema = z.object({ current_enterprise_id: z.number().int() });
