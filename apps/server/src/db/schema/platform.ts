import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Key/value settings shared by every server process (e.g. the CSRF signing secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters for rate limits and lockouts, shared by every server process. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowEndsAt)],
);

/**
 * Background jobs, all of them (price-feed ticks, offer expiry and auto-fill, imports, outbox delivery,
 * maintenance: platform/jobs.ts, docs/decisions/028): claimed with FOR UPDATE SKIP LOCKED so any number of server
 * processes share them. A recurring job re-enqueues itself with its next runAt; `key` keeps one pending row per
 * recurring job.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<'pending' | 'running' | 'done' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('jobs_pending_key_idx')
      .on(t.key)
      .where(sql`${t.status} in ('pending', 'running') and ${t.key} is not null`),
  ],
);

export type PartnerBrandingRow = {
  shortName: string;
  tradeName: string;
  legalName: string;
  vhostRegex: string | null;
  supportEmail: string;
  supportPhone: string;
  appSupportEmail: string;
  dataEmail: string;
  appSupportPhone: string;
  logoBanner: string | null;
  /** Support office hours (/support): weekday 0 = Sunday, 'HH:MM' in the zone; absent when not given. */
  supportHours?: { timezone: string; days: { day: number; open: string; close: string }[] };
};

/** White-label partners (grain-marketing.md 1 and 3: partner branding and white-label partner records). */
export const partners = pgTable(
  'partners',
  {
    id: text('id').primaryKey(),
    vhost: text('vhost'),
    vhostRegex: text('vhost_regex'),
    intent: text('intent'),
    displayName: text('display_name').notNull(),
    logo: text('logo'),
    publicHeader: jsonb('public_header').$type<{ title: string; links: { label: string; url: string }[] }>().notNull(),
    legalFooter: text('legal_footer').notNull(),
    assets: jsonb('assets').$type<Record<string, string>>().notNull().default({}),
    experiences: text('experiences').array().notNull(),
    publicPageFeatures: text('public_page_features').array().notNull(),
    branding: jsonb('branding').$type<PartnerBrandingRow>().notNull(),
    theme: jsonb('theme').$type<{ primary: string; secondary: string }>().notNull(),
    /** How the partner's pages write prices (issue 13): futures & cash notation and basis notation. */
    priceNotation: jsonb('price_notation')
      .$type<{ price: string; basis: string }>()
      .notNull()
      .default({ price: 'fraction', basis: 'cents' }),
    /** Contract signing rules (issue 14, decision 042): amendments signed again; a program needed to send. */
    contractSigning: jsonb('contract_signing')
      .$type<{ amendmentsRequireSignature: boolean; programRequired: boolean }>()
      .notNull()
      .default({ amendmentsRequireSignature: true, programRequired: false }),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partners_vhost_idx').on(t.vhost), uniqueIndex('partners_intent_idx').on(t.intent)],
);

export type AdminPermissionValue = true | 'all' | string[];

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    legacyId: serial('legacy_id').notNull().unique(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash'),
    status: text('status').$type<'active' | 'suspended' | 'deleted'>().notNull().default('active'),
    experiences: jsonb('experiences').$type<Record<string, boolean>>().notNull().default({}),
    /** User-level feature permissions (e.g. 'developer-debug', 'my-sales-lite'). */
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    adminPermissions: jsonb('admin_permissions').$type<Record<string, AdminPermissionValue>>().notNull().default({}),
    employeeInfo: jsonb('employee_info').$type<{ role: string } | null>(),
    /** The white-label partner a grain buyer works for (null for farmers and staff). */
    partnerId: text('partner_id').references(() => partners.id),
    tosAcceptedAt: timestamp('tos_accepted_at', { withTimezone: true }),
    /** platform.md 4.1: verified, pending or unverified. */
    verificationStatus: text('verification_status')
      .$type<'verified' | 'pending' | 'unverified'>()
      .notNull()
      .default('unverified'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** E.164 form of phone_number, for SMS sign-in look-ups. */
    normalizedPhoneNumber: text('normalized_phone_number'),
    /** The password is a one-time password: the next sign-in must set a new one. */
    oneTimePassword: boolean('one_time_password').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** What the signup form said (platform.md 3.6), kept for onboarding and analytics. */
    signupProfile: jsonb('signup_profile').$type<Record<string, unknown>>().notNull().default({}),
    signupReasonIds: integer('signup_reason_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    userType: integer('user_type'),
    countryCode: text('country_code').$type<'' | 'USA' | 'CAN' | 'AUS'>().notNull().default(''),
    postalCode: text('postal_code'),
    partnerIntent: text('partner_intent'),
    /** platform.md 3.1 completed_onboarding_steps: e.g. '<intent>-onboarding' once a partner's grain account is linked. */
    completedOnboardingSteps: text('completed_onboarding_steps')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_normalized_phone_idx').on(t.normalizedPhoneNumber),
  ],
);

/** A text[] column that is never null (an empty list by default). */
function textList(name: string) {
  return text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);
}

export const enterprises = pgTable('enterprises', {
  id: serial('id').primaryKey(),
  publicId: uuid('public_id').notNull().defaultRandom().unique(),
  name: text('name').notNull(),
  countryCode: text('country_code').$type<'' | 'USA' | 'CAN' | 'AUS'>().notNull().default(''),
  administrativeAreaLevel1: text('administrative_area_level_1'),
  // The profile of platform.md 3.3 (issue 16, docs/decisions/050-enterprise-profile-and-switcher.md).
  facts: textList('facts'),
  crops: textList('crops'),
  softwareTools: textList('software_tools'),
  plantingMonitorBrands: textList('planting_monitor_brands'),
  harvestMonitorBrands: textList('harvest_monitor_brands'),
  applicationMonitorBrands: textList('application_monitor_brands'),
  acresEstimate: numeric('acres_estimate', { precision: 14, scale: 2 }).notNull().default('0'),
  areaEstimate: numeric('area_estimate', { precision: 14, scale: 2 }).notNull().default('0'),
  areaEstimateUnits: text('area_estimate_units').$type<'acres' | 'hectares'>().notNull().default('acres'),
  validForBilling: boolean('valid_for_billing').notNull().default(false),
  /** Enterprise selective features (3.3 features), granted by staff. */
  selectiveFeatures: textList('selective_features'),
  /** Qualifying questions: question id → answer id; the business units; whether the member hid the prompt. */
  qualifyingAnswers: jsonb('qualifying_answers').$type<Record<string, string>>().notNull().default({}),
  businessUnits: textList('business_units'),
  qualifyingQuestionsHidden: boolean('qualifying_questions_hidden').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const enterpriseUsers = pgTable(
  'enterprise_users',
  {
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'owner' | 'subaccount' | 'professional'>().notNull(),
    /**
     * The member's access flags on this enterprise (platform.md 3.3: has_team_access, has_input_purchasing_access,
     * has_financial_access, has_profit_center_access, has_agronomics, has_manage). An owner passes every
     * enterprise permission check whatever is listed here (6.2).
     */
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('enterprise_users_pk').on(t.enterpriseId, t.userId),
    index('enterprise_users_user_idx').on(t.userId),
  ],
);

/** Server-side sessions: the cookie holds a random token, only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currentEnterpriseId: integer('current_enterprise_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** How the session began: password, magic_link, sms, google, apple, sso, act_as… */
    method: text('method').notNull().default('password'),
    /** An admin acting as another user: the session's user is the admin, this is whom they act as. */
    actAsUserId: uuid('act_as_user_id').references(() => users.id, { onDelete: 'set null' }),
    actAsScope: text('act_as_scope'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_last_seen_idx').on(t.lastSeenAt)],
);
