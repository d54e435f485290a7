import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
/** Key/value settings shared by every server process (e.g. the CSRF signing secret). */
export const appSettings = pgTable('app_settings', {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
/** Fixed-window counters for rate limits and lockouts, shared by every server process. */
export const rateLimitCounters = pgTable('rate_limit_counters', {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
}, (t) => [index('rate_limit_counters_window_idx').on(t.windowEndsAt)]);
/** White-label partners (grain-marketing.md 1 and 3: partner branding and white-label partner records). */
export const partners = pgTable('partners', {
    id: text('id').primaryKey(),
    vhost: text('vhost'),
    vhostRegex: text('vhost_regex'),
    intent: text('intent'),
    displayName: text('display_name').notNull(),
    logo: text('logo'),
    publicHeader: jsonb('public_header').$type().notNull(),
    legalFooter: text('legal_footer').notNull(),
    assets: jsonb('assets').$type().notNull().default({}),
    experiences: text('experiences').array().notNull(),
    publicPageFeatures: text('public_page_features').array().notNull(),
    branding: jsonb('branding').$type().notNull(),
    theme: jsonb('theme').$type().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
    uniqueIndex('partners_vhost_idx').on(t.vhost),
    uniqueIndex('partners_intent_idx').on(t.intent),
]);
export const users = pgTable('users', {
    id: uuid('id').primaryKey().defaultRandom(),
    legacyId: serial('legacy_id').notNull().unique(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash'),
    status: text('status').$type().notNull().default('active'),
    experiences: jsonb('experiences').$type().notNull().default({}),
    /** User-level feature permissions (e.g. 'developer-debug', 'my-sales-lite'). */
    permissions: text('permissions').array().notNull().default(sql `'{}'::text[]`),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    adminPermissions: jsonb('admin_permissions').$type().notNull().default({}),
    employeeInfo: jsonb('employee_info').$type(),
    /** The white-label partner a grain buyer works for (null for farmers and staff). */
    partnerId: text('partner_id').references(() => partners.id),
    tosAcceptedAt: timestamp('tos_accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('users_email_lower_idx').on(sql `lower(${t.email})`)]);
export const enterprises = pgTable('enterprises', {
    id: serial('id').primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    name: text('name').notNull(),
    countryCode: text('country_code').$type().notNull().default(''),
    administrativeAreaLevel1: text('administrative_area_level_1'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export const enterpriseUsers = pgTable('enterprise_users', {
    enterpriseId: integer('enterprise_id').notNull().references(() => enterprises.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type().notNull(),
}, (t) => [uniqueIndex('enterprise_users_pk').on(t.enterpriseId, t.userId), index('enterprise_users_user_idx').on(t.userId)]);
/** Server-side sessions: the cookie holds a random token, only its SHA-256 is stored. */
export const sessions = pgTable('sessions', {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    currentEnterpriseId: integer('current_enterprise_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
}, (t) => [index('sessions_user_idx').on(t.userId), index('sessions_last_seen_idx').on(t.lastSeenAt)]);
