import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './platform.ts';

export type AuthTokenPurpose =
  | 'magic_link'
  | 'password_reset'
  | 'email_verify'
  | 'sms_login'
  | 'phone_verify'
  | 'oidc_state'
  | 'native_login'
  /** An invitation to join a partner's CRM (issue 15; user_invitations). */
  | 'invitation';

/**
 * Single-use secrets sent to a person (links, codes) or held for a redirect (OIDC state). Only hashes are
 * stored; each has an expiry, a use mark and an attempt counter for guessable codes.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<AuthTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** A short code (SMS, e-mail) that goes with the token, hashed with the token as salt. */
    codeHash: text('code_hash'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The e-mail address or phone number the secret was sent to. */
    identifier: text('identifier'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    redirect: text('redirect'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_idx').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.purpose, t.userId),
    index('auth_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** Verification sessions: the verify-first signup and the e-mail / phone verification workflows. */
export const verificationSessions = pgTable(
  'verification_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Hash of the opaque id the browser holds (cookie or link token). */
    tokenHash: text('token_hash').notNull(),
    workflow: text('workflow').notNull(),
    step: text('step').notNull(),
    identifierType: text('identifier_type').$type<'email' | 'phone'>(),
    identifier: text('identifier'),
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('verification_sessions_hash_idx').on(t.tokenHash),
    index('verification_sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Accounts of an OpenID Connect provider (Google, Apple, a partner's SSO) linked to a user. */
export const externalIdentities = pgTable(
  'external_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('external_identities_pk').on(t.provider, t.subject),
    index('external_identities_user_idx').on(t.userId),
  ],
);

/**
 * Mail and SMS to send. Messages are written in the same transaction as what caused them; a worker
 * claims pending rows with FOR UPDATE SKIP LOCKED and delivers them when a transport is configured.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra mail headers (List-Unsubscribe and List-Unsubscribe-Post of a notification or marketing mail). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    template: text('template').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** suppressed: a notification or marketing mail whose recipient unsubscribed before it went (decision 055). */
    status: text('status').$type<'pending' | 'sent' | 'failed' | 'held' | 'suppressed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.availableAt), index('outbox_recipient_idx').on(t.recipient)],
);

/** Who did what, including every action taken while acting as someone else. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: uuid('actor_user_id'),
    actingAsUserId: uuid('acting_as_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    traceId: text('trace_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
    index('audit_log_as_idx').on(t.actingAsUserId, t.createdAt),
    // A user's recent audit on the staff area's user page (what was done to them).
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);
