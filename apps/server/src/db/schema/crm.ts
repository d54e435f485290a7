import { sql } from 'drizzle-orm';
import type { AmendmentTermsSnapshot } from '@granary/domain';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { partners, users } from './platform.ts';

/** Money, prices and quantities are exact decimals (strings in TypeScript), never floats. */
const qty = (name: string) => numeric(name, { precision: 18, scale: 4 });
const price = (name: string) => numeric(name, { precision: 12, scale: 4 });

/** Crops of grain-marketing.md 9 (platform crop ids), with their exchange symbols. */
export const crops = pgTable('crops', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  displayName: text('display_name').notNull(),
  /** Exchange commodity code (CN corn, SB soybeans, …); null when not exchange-traded. */
  symbol: text('symbol'),
  harvestMonth: integer('harvest_month'),
  hasBushelQuantity: boolean('has_bushel_quantity').notNull().default(true),
  exchangeContractMultiplier: integer('exchange_contract_multiplier'),
  filterable: boolean('filterable').notNull().default(false),
});

/** Buying locations (elevators, processors) of a partner. */
export const markets = pgTable(
  'markets',
  {
    id: serial('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    /** URL name of the public page: /market/:marketName. */
    slug: text('slug').notNull(),
    displayName: text('display_name'),
    city: text('city').notNull(),
    administrativeAreaLevel1: text('administrative_area_level_1').notNull(),
    countryCode: text('country_code').$type<'USA' | 'CAN' | 'AUS'>().notNull(),
    addressLine1: text('address_line_1'),
    postalCode: text('postal_code'),
    timezone: text('timezone').notNull().default('America/Chicago'),
    phone: text('phone'),
    email: text('email'),
    sustainabilityEnabled: boolean('sustainability_enabled').notNull().default(false),
    /** The details' version (MERCH/market, If-Match; issue 15). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('markets_partner_slug_idx').on(t.partnerId, t.slug)],
);

/** Per-market user permissions (grain-marketing.md 6): instruments, offers, info, dashboard, contracts, … */
export const marketUserPermissions = pgTable(
  'market_user_permissions',
  {
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissions: text('permissions').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.userId] }), index('market_user_permissions_user_idx').on(t.userId)],
);

/**
 * Legal entities: the partner's own (kind 'partner') and its farmer clients (kind 'client'). A client's
 * summary fields are editable with optimistic concurrency (version, If-Match).
 */
export const legalEntities = pgTable(
  'legal_entities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    kind: text('kind').$type<'partner' | 'client'>().notNull(),
    name: text('name').notNull(),
    /** grain-marketing.md 3 'Legal entity': the scope; 0 is the default scope. */
    scopeLegalEntityId: bigint('scope_legal_entity_id', { mode: 'number' }).notNull().default(0),
    extClientId: text('ext_client_id'),
    phoneNumber: text('phone_number'),
    emailAddress: text('email_address'),
    city: text('city'),
    administrativeAreaLevel1: text('administrative_area_level_1'),
    /** Enterprise of the platform this client is onboarded as (the farmer's farm), if any. */
    enterpriseId: integer('enterprise_id'),
    defaultCropId: integer('default_crop_id'),
    defaultCropYear: integer('default_crop_year'),
    area: numeric('area', { precision: 14, scale: 2 }),
    estimatedYield: numeric('estimated_yield', { precision: 10, scale: 2 }),
    estimatedStorage: qty('estimated_storage'),
    contractedWithOther: qty('contracted_with_other'),
    esignEligible: boolean('esign_eligible').notNull().default(false),
    ach: boolean('ach').notNull().default(false),
    lastFarmVisit: date('last_farm_visit'),
    contactPersonId: bigint('contact_person_id', { mode: 'number' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('legal_entities_partner_idx').on(t.partnerId, t.kind, t.name),
    index('legal_entities_name_lower_idx').on(t.partnerId, sql`lower(${t.name})`),
    index('legal_entities_enterprise_idx').on(t.enterpriseId),
    /** Scope search (ctrm scope/:scopeLegalEntityId/search): the clients in a legal entity's scope. */
    index('legal_entities_scope_idx').on(t.partnerId, t.scopeLegalEntityId),
  ],
);

/** Which markets a client sells to (le-search by market). */
export const clientMarkets = pgTable(
  'client_markets',
  {
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => legalEntities.id, { onDelete: 'cascade' }),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.clientId] }), index('client_markets_client_idx').on(t.clientId)],
);

export const clientContacts = pgTable(
  'client_contacts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => legalEntities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role'),
    phoneNumber: text('phone_number'),
    emailAddress: text('email_address'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The ERP's contact id, when a clients file sends one (matched on it before the name). */
    extContactId: text('ext_contact_id'),
  },
  (t) => [
    index('client_contacts_client_idx').on(t.clientId),
    // The partner onboarding's match of a signed-in user to their contacts (partner-onboarding.repo.ts contactsOfUser,
    // decision 060): by user id, by e-mail case-insensitively, or by the phone's last ten digits. One index per arm of
    // its OR, with the query's exact expressions, so PostgreSQL answers it with a bitmap OR instead of reading every
    // contact of every partner.
    index('client_contacts_user_idx').on(t.userId),
    index('client_contacts_email_lower_idx').on(sql`lower(${t.emailAddress})`),
    index('client_contacts_phone_digits_idx').on(
      sql`right(regexp_replace(coalesce(${t.phoneNumber}, ''), '\\D', '', 'g'), 10)`,
    ),
    uniqueIndex('client_contacts_ext_idx')
      .on(t.clientId, t.extContactId)
      .where(sql`${t.extContactId} is not null`),
  ],
);

/** When each buyer last opened a client (lastAccessed.perUser). */
export const clientAccess = pgTable(
  'client_access',
  {
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => legalEntities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessedAt: timestamp('accessed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId] })],
);

/**
 * Grain contracts (grain-marketing.md 3 'Contract list row'). Derived quantities (delivered, priced,
 * cancelled) are kept on the row, maintained by the services that change them, so every list filter
 * and sort is an indexed column.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: text('partner_id').notNull(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => legalEntities.id),
    displayContractId: text('display_contract_id').notNull(),
    contractType: text('contract_type')
      .$type<'pp' | 'mp' | 'mp_plus' | 'hta' | 'spot' | 'flat' | 'basic_cs'>()
      .notNull(),
    /** purchase (from a farmer) or sale. */
    direction: text('direction').$type<'purchase' | 'sale'>().notNull().default('purchase'),
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id),
    cropYear: integer('crop_year').notNull(),
    status: text('status').$type<'open' | 'completed' | 'cancelled'>().notNull().default('open'),
    quantity: qty('quantity').notNull(),
    quantityUnit: text('quantity_unit').notNull().default('bushels'),
    deliveredQuantity: qty('delivered_quantity').notNull().default('0'),
    cancelledQuantity: qty('cancelled_quantity').notNull().default('0'),
    pricedQuantity: qty('priced_quantity').notNull().default('0'),
    deliveryStart: date('delivery_start').notNull(),
    deliveryEnd: date('delivery_end').notNull(),
    /** Futures month of the contract (optionMonth), e.g. '2026-12' for December corn. */
    optionMonth: text('option_month'),
    futuresPrice: price('futures_price'),
    basis: price('basis'),
    cashPrice: price('cash_price'),
    priceStatus: text('price_status')
      .$type<'priced' | 'unpriced' | 'partially_priced' | 'basis_set' | 'futures_set'>()
      .notNull(),
    offerPrice: price('offer_price'),
    strike: price('strike'),
    callOptionFee: price('call_option_fee'),
    expiration: date('expiration'),
    description: text('description'),
    specialty: text('specialty'),
    mpOption: text('mp_option'),
    esignEligible: boolean('esign_eligible').notNull().default(false),
    esignSent: boolean('esign_sent').notNull().default(false),
    signed: boolean('signed').notNull().default(false),
    /** Hash of the terms that were signed; a later amendment makes a signature mismatch. */
    signedTermsHash: text('signed_terms_hash'),
    termsHash: text('terms_hash'),
    contractDate: date('contract_date').notNull(),
    lastTicketDate: date('last_ticket_date'),
    /** Written in the CRM (issue 14): how and when the farmer is paid, e.g. 'on_settlement', 'net_30', 'deferred'. */
    paymentTerms: text('payment_terms'),
    /** A pricing program's window (pp, mp_plus): the days over which its futures are averaged. */
    pricingPeriodStart: date('pricing_period_start'),
    pricingPeriodEnd: date('pricing_period_end'),
    /** The marketing program the contract belongs to (sending for signature needs one when the partner's programs do). */
    program: text('program'),
    /** A credit sale's deferred payment date (convert to credit sale): payment is not made before it. */
    deferredPaymentDate: date('deferred_payment_date'),
    /** Bushels of applied, priced deliveries already on a settlement (never more than delivered). */
    settledQuantity: qty('settled_quantity').notNull().default('0'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contracts_partner_display_idx').on(t.partnerId, t.displayContractId),
    /**
     * The lists' covering index: a market's (and crop year's) contracts with every column the view rules,
     * filters and sorts read, so counts and the id phase of a page are index-only scans (a market's rows
     * are scattered over the heap: one page per row otherwise). Key columns, not INCLUDE (drizzle has no
     * INCLUDE); suffix truncation keeps the inner pages small. docs/decisions/013.
     */
    index('contracts_market_list_idx').on(
      t.marketId,
      t.cropYear,
      t.id,
      t.partnerId,
      t.clientId,
      t.cropId,
      t.status,
      t.direction,
      t.contractType,
      t.quantity,
      t.cancelledQuantity,
      t.deliveredQuantity,
      t.pricedQuantity,
      t.deliveryStart,
      t.deliveryEnd,
      t.contractDate,
      t.expiration,
      t.optionMonth,
      t.priceStatus,
      t.cashPrice,
      t.esignEligible,
      t.esignSent,
      t.signed,
      t.lastTicketDate,
      t.strike,
      t.displayContractId,
      t.signedTermsHash,
      t.termsHash,
    ),
    /** A client's contracts of a crop year, covering the double-obligation sum over them (index-only). */
    index('contracts_client_idx').on(
      t.clientId,
      t.cropYear,
      t.cropId,
      t.partnerId,
      t.direction,
      t.status,
      t.quantity,
      t.cancelledQuantity,
    ),
    /**
     * Narrow indexes for the lists' hot paths (docs/decisions/014): an index-only scan deforms every column
     * of each index tuple, so counting a market's crop year on the 28-column covering index costs ~8× what
     * it costs on a 5-column one. The market and crop year's contracts by contract date (the default view's
     * count and default sort), then one partial index per view rule (its time-independent part as the
     * predicate, its default sort after the crop year): a view's count reads only its own rows, its first
     * and keyset pages walk the index in order. The covering index stays for the other filters and sorts.
     */
    index('contracts_year_date_idx').on(t.marketId, t.cropYear, t.contractDate, t.id, t.partnerId),
    index('contracts_view_undelivered_idx')
      .on(t.marketId, t.cropYear, t.deliveryEnd, t.id, t.partnerId, t.deliveryStart)
      .where(sql`${t.status} = 'open' and ${t.quantity} - ${t.cancelledQuantity} - ${t.deliveredQuantity} > 0`),
    index('contracts_view_committed_idx')
      .on(t.marketId, t.cropYear, t.deliveryEnd, t.id, t.partnerId)
      .where(
        sql`${t.status} = 'open' and ${t.pricedQuantity} >= ${t.quantity} - ${t.cancelledQuantity} and ${t.quantity} - ${t.cancelledQuantity} - ${t.deliveredQuantity} > 0`,
      ),
    index('contracts_view_unpriced_idx')
      .on(t.marketId, t.cropYear, t.deliveryEnd, t.id, t.partnerId)
      .where(sql`${t.status} = 'open' and ${t.quantity} - ${t.cancelledQuantity} - ${t.pricedQuantity} > 0`),
    index('contracts_view_mp_idx')
      .on(t.marketId, t.cropYear, t.expiration, t.id, t.partnerId)
      .where(
        sql`${t.contractType} in ('mp', 'mp_plus') and ${t.status} = 'open' and ${t.quantity} - ${t.cancelledQuantity} - ${t.pricedQuantity} > 0`,
      ),
    index('contracts_view_signatures_idx')
      .on(t.marketId, t.cropYear, t.contractDate, t.id, t.partnerId)
      .where(sql`${t.status} <> 'cancelled' and ${t.esignEligible} and not ${t.signed}`),
    index('contracts_view_mismatch_idx')
      .on(t.marketId, t.cropYear, t.contractDate, t.id, t.partnerId)
      .where(
        sql`${t.status} <> 'cancelled' and ${t.signed} and ${t.signedTermsHash} is not null and ${t.termsHash} is distinct from ${t.signedTermsHash}`,
      ),
    index('contracts_market_delivery_start_idx').on(t.marketId, t.deliveryStart, t.id),
    index('contracts_market_delivery_end_idx').on(t.marketId, t.deliveryEnd, t.id),
    index('contracts_market_expiration_idx').on(t.marketId, t.expiration, t.id),
    index('contracts_market_crop_idx').on(t.marketId, t.cropId, t.cropYear, t.id),
    index('contracts_market_type_idx').on(t.marketId, t.contractType, t.id),
    index('contracts_market_date_idx').on(t.marketId, t.contractDate, t.id),
  ],
);

/**
 * What each client has contracted with the company per crop and crop year — Σ (quantity − cancelled) of
 * its purchase contracts that are not cancelled (the double_obligation view's "contracted with the
 * company", docs/crm-views.md) — beside copies of the client's area, estimated yield and contracted
 * with others, so that the view's comparison is a partial index of this table instead of a sum per
 * contract (docs/decisions/014). Kept by statement triggers on contracts and legal_entities (migration
 * 0007: every writer of contracts, bulk loads included, keeps it in the same transaction); a row exists
 * for every (partner, client, crop, crop year) that has or had a contract.
 */
export const clientCropYearExposure = pgTable(
  'client_crop_year_exposure',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => legalEntities.id, { onDelete: 'cascade' }),
    cropId: integer('crop_id').notNull(),
    cropYear: integer('crop_year').notNull(),
    contractedQuantity: numeric('contracted_quantity').notNull().default('0'),
    /** legal_entities.area, estimated_yield and contracted_with_other of the client, as they are now. */
    area: numeric('area', { precision: 14, scale: 2 }),
    estimatedYield: numeric('estimated_yield', { precision: 10, scale: 2 }),
    contractedWithOther: qty('contracted_with_other'),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.cropYear, t.cropId, t.partnerId] }),
    /** The double-obligation groups of a partner's crop year (the view rule's comparison as the predicate). */
    index('client_crop_year_exposure_over_idx')
      .on(t.partnerId, t.cropYear, t.clientId, t.cropId)
      .where(sql`${t.contractedQuantity} + coalesce(${t.contractedWithOther}, 0) > ${t.area} * ${t.estimatedYield}`),
  ],
);

/** Pricing events of a contract (futures and/or basis fixed for a quantity). */
export const pricingEvents = pgTable(
  'pricing_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    quantity: qty('quantity').notNull(),
    futuresPrice: price('futures_price'),
    basis: price('basis'),
    cashPrice: price('cash_price'),
    pricedAt: timestamp('priced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pricing_events_contract_idx').on(t.contractId)],
);

/** Amendments: each change to a contract's terms (cancel, partial cancel, roll, pricing, note). */
export const contractAmendments = pgTable(
  'contract_amendments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    displayContractAmendmentId: text('display_contract_amendment_id').notNull(),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The contract's terms right after this amendment (its PDF shows them); null before migration 0030. */
    termsSnapshot: jsonb('terms_snapshot').$type<AmendmentTermsSnapshot>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_amendments_contract_idx').on(t.contractId, t.createdAt)],
);

/** Scale tickets: grain delivered at a market, applied (split) to contracts. */
export const scaleTickets = pgTable(
  'scale_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: text('partner_id').notNull(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => legalEntities.id),
    displayScaleTicketId: text('display_scale_ticket_id').notNull(),
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id),
    cropYear: integer('crop_year').notNull(),
    deliveryDate: date('delivery_date').notNull(),
    /** Net quantity in bushels after shrink. */
    quantity: qty('quantity').notNull(),
    weight: numeric('weight', { precision: 14, scale: 2 }),
    appliedQuantity: qty('applied_quantity').notNull().default('0'),
    unappliedQuantity: qty('unapplied_quantity').notNull(),
    moisture: numeric('moisture', { precision: 6, scale: 2 }),
    testWeight: numeric('test_weight', { precision: 6, scale: 2 }),
    foreignMaterial: numeric('foreign_material', { precision: 6, scale: 2 }),
    damage: numeric('damage', { precision: 6, scale: 2 }),
    /** Weighed at the scale (issue 14): gross and tare, in weight_unit ('lb' or 'kg'); `weight` is the net. */
    grossWeight: numeric('gross_weight', { precision: 14, scale: 2 }),
    tareWeight: numeric('tare_weight', { precision: 14, scale: 2 }),
    weightUnit: text('weight_unit').$type<'lb' | 'kg'>().notNull().default('lb'),
    /** Bushels before shrink (net weight / the crop's test weight), and the moisture and handling shrink taken off. */
    grossQuantity: qty('gross_quantity'),
    shrinkQuantity: qty('shrink_quantity').notNull().default('0'),
    /** Money taken off the ticket by the market's discount schedule: drying, and grade discounts (test weight, damage, FM). */
    dryingCharge: numeric('drying_charge', { precision: 14, scale: 2 }).notNull().default('0'),
    discountAmount: numeric('discount_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    /** Where the ticket came from: the scale, typed by hand in the CRM, or an ERP import. */
    source: text('source').$type<'scale' | 'manual' | 'import'>().notNull().default('import'),
    enteredBy: uuid('entered_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scale_tickets_partner_display_idx').on(t.partnerId, t.displayScaleTicketId),
    /** The deliveries list's covering index (as contracts_market_list_idx). */
    index('scale_tickets_market_idx').on(
      t.marketId,
      t.cropYear,
      t.id,
      t.partnerId,
      t.clientId,
      t.cropId,
      t.deliveryDate,
      t.quantity,
      t.appliedQuantity,
      t.unappliedQuantity,
      t.displayScaleTicketId,
    ),
    index('scale_tickets_market_delivery_idx').on(t.marketId, t.deliveryDate, t.id),
    index('scale_tickets_unapplied_idx')
      .on(t.marketId, t.id)
      .where(sql`${t.unappliedQuantity} > 0`),
    /** The unapplied view by crop year and delivery day (its count and default sort; docs/decisions/014). */
    index('scale_tickets_view_unapplied_idx')
      .on(t.marketId, t.cropYear, t.deliveryDate, t.id, t.partnerId)
      .where(sql`${t.unappliedQuantity} > 0`),
    index('scale_tickets_client_idx').on(t.clientId, t.deliveryDate),
  ],
);

export const ticketApplications = pgTable(
  'ticket_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scaleTicketId: bigint('scale_ticket_id', { mode: 'number' })
      .notNull()
      .references(() => scaleTickets.id, { onDelete: 'cascade' }),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    quantity: qty('quantity').notNull(),
    splitPct: numeric('split_pct', { precision: 6, scale: 2 }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_applications_ticket_idx').on(t.scaleTicketId),
    index('ticket_applications_contract_idx').on(t.contractId),
  ],
);

/** Notes on a client (categories of grain-marketing.md 4). */
export const notes = pgTable(
  'notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: text('partner_id').notNull(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => legalEntities.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    category: text('category')
      .$type<'inbound_call' | 'outbound_call' | 'farm_visit' | 'meeting' | 'office_visit' | 'other'>()
      .notNull(),
    note: text('note').notNull(),
    noteDate: date('note_date').notNull(),
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notes_client_idx').on(t.clientId, t.noteDate),
    index('notes_market_recent_idx').on(t.marketId, t.createdAt),
  ],
);

export const followups = pgTable(
  'followups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: text('partner_id').notNull(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => legalEntities.id, { onDelete: 'cascade' }),
    assignedUserId: uuid('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    noteId: bigint('note_id', { mode: 'number' }).references(() => notes.id, { onDelete: 'set null' }),
    dueDate: date('due_date').notNull(),
    description: text('description').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('followups_market_due_idx').on(t.marketId, t.dueDate),
    index('followups_user_due_idx').on(t.assignedUserId, t.dueDate),
  ],
);
