import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
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
import type { SustainabilityAnswer, SustainabilityQuestion } from '@granary/domain';
import { legalEntities, markets } from './crm.ts';
import { enterprises, partners, users } from './platform.ts';

/*
 * Sustainability programs (issue 17, docs/decisions/059-sustainability-programs.md).
 *
 * - sustainability_programs: a buyer's program at one market for one crop and crop year (premium per bushel or per
 *   acre, practices, enrolment window, a cap on acres). An open program makes its crop/year 'sustainability enabled'
 *   for the market, which is what the grain-buying-clients entitlement hinges on (grain-marketing.md 6).
 * - sustainability_surveys: the program's survey (its questions as one JSON list), the :surveyId of the catalogue.
 * - sustainability_enrolments: a client legal entity's enrolment (the farmer's enterprise onboarded as that client):
 *   answers, acres, status draft → sent (for signature) → enrolled / withdrawn, and the signature (typed name, user,
 *   time, IP, user agent, the hash of what was signed).
 */

export const sustainabilityPrograms = pgTable(
  'sustainability_programs',
  {
    id: serial('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    cropId: integer('crop_id').notNull(),
    cropYear: integer('crop_year').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Exact money: dollars per unit of premiumUnit. */
    premium: numeric('premium', { precision: 12, scale: 4 }).notNull(),
    premiumUnit: text('premium_unit').$type<'bushel' | 'acre'>().notNull(),
    practices: jsonb('practices')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    enrolmentOpens: date('enrolment_opens', { mode: 'string' }).notNull(),
    enrolmentCloses: date('enrolment_closes', { mode: 'string' }).notNull(),
    maxAcres: numeric('max_acres', { precision: 14, scale: 2 }),
    status: text('status').$type<'draft' | 'open' | 'closed'>().notNull().default('draft'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sustainability_programs_market_idx').on(t.marketId, t.cropId, t.cropYear),
    index('sustainability_programs_partner_idx').on(t.partnerId, t.status),
  ],
);

export const sustainabilitySurveys = pgTable(
  'sustainability_surveys',
  {
    id: serial('id').primaryKey(),
    programId: integer('program_id')
      .notNull()
      .references(() => sustainabilityPrograms.id, { onDelete: 'cascade' }),
    questions: jsonb('questions').$type<SustainabilityQuestion[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sustainability_surveys_program_idx').on(t.programId)],
);

export const sustainabilityEnrolments = pgTable(
  'sustainability_enrolments',
  {
    id: serial('id').primaryKey(),
    programId: integer('program_id')
      .notNull()
      .references(() => sustainabilityPrograms.id, { onDelete: 'cascade' }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => sustainabilitySurveys.id, { onDelete: 'cascade' }),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => legalEntities.id, { onDelete: 'cascade' }),
    enterpriseId: integer('enterprise_id').references(() => enterprises.id, { onDelete: 'set null' }),
    answers: jsonb('answers').$type<SustainabilityAnswer[]>().notNull(),
    acres: numeric('acres', { precision: 14, scale: 2 }).notNull(),
    status: text('status').$type<'draft' | 'sent' | 'enrolled' | 'withdrawn'>().notNull().default('draft'),
    /** sha256 of the enrolment's terms (program, answers, acres) when sent; signing checks it. */
    termsHash: text('terms_hash'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    signerUserId: uuid('signer_user_id').references(() => users.id, { onDelete: 'set null' }),
    signerName: text('signer_name'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedIp: text('signed_ip'),
    signedUserAgent: text('signed_user_agent'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sustainability_enrolments_program_client_idx').on(t.programId, t.clientId),
    index('sustainability_enrolments_client_idx').on(t.clientId),
    index('sustainability_enrolments_program_status_idx').on(t.programId, t.status),
  ],
);
