import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { partners, users } from './platform.ts';
import { contractDocuments } from './contract-documents.ts';
import { contracts, crops, legalEntities, markets } from './crm.ts';
import { sustainabilityEnrolments } from './sustainability.ts';

// Issue 5: futures and quotes, cash bids (instruments), farmer offers, the public page's settings,
// e-signing and the background job table. Money, prices and quantities are exact decimals (numeric,
// strings in TypeScript), never floats.

const qty = (name: string) => numeric(name, { precision: 18, scale: 4 });
const price = (name: string) => numeric(name, { precision: 12, scale: 4 });
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A futures contract month of an exchange-traded crop: ZCZ26 = CBOT corn, December 2026. The calendar
 * (first notice, last trade) comes from the exchange's rules (packages/domain futures calendar).
 */
export const futuresSymbols = pgTable(
  'futures_symbols',
  {
    symbol: text('symbol').primaryKey(),
    /** Exchange root: ZC corn, ZS soybeans, ZW SRW wheat, KE HRW wheat, MWE spring wheat, RS canola, … */
    root: text('root').notNull(),
    exchange: text('exchange').notNull(),
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id),
    /** Exchange month code (F G H J K M N Q U V X Z). */
    monthCode: text('month_code').notNull(),
    /** Contract month as 'YYYY-MM' (the contracts' optionMonth). */
    optionMonth: text('option_month').notNull(),
    firstNoticeDay: date('first_notice_day'),
    lastTradeDay: date('last_trade_day').notNull(),
    /** Price unit of the quotes: dollars per bushel (USD) or per tonne (CAD for canola). */
    priceUnit: text('price_unit').notNull().default('bushel'),
    currency: text('currency').notNull().default('USD'),
  },
  (t) => [
    index('futures_symbols_crop_idx').on(t.cropId, t.lastTradeDay),
    uniqueIndex('futures_symbols_root_month_idx').on(t.root, t.optionMonth),
  ],
);

/** The latest quote of each futures symbol, written by the price feed (simulated, CSV import, or a provider). */
export const quotes = pgTable('quotes', {
  symbol: text('symbol')
    .primaryKey()
    .references(() => futuresSymbols.symbol, { onDelete: 'cascade' }),
  last: price('last').notNull(),
  open: price('open'),
  high: price('high'),
  low: price('low'),
  /** The previous session's settlement; change = last − previousSettle. */
  previousSettle: price('previous_settle'),
  /** Trading day the quote belongs to. */
  tradeDate: date('trade_date').notNull(),
  source: text('source').$type<'simulated' | 'import' | 'provider'>().notNull(),
  quotedAt: timestamp('quoted_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

/** Price history of a symbol (charts, futures-historical): one row per tick kept, and one per settlement. */
export const quoteHistory = pgTable(
  'quote_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    symbol: text('symbol')
      .notNull()
      .references(() => futuresSymbols.symbol, { onDelete: 'cascade' }),
    price: price('price').notNull(),
    kind: text('kind').$type<'tick' | 'settle'>().notNull(),
    source: text('source').$type<'simulated' | 'import' | 'provider'>().notNull(),
    quotedAt: timestamp('quoted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('quote_history_symbol_idx').on(t.symbol, t.quotedAt)],
);

/** A market's rounding of computed cash prices per commodity (rounding-mode/:roundingMode). */
export const marketRoundingModes = pgTable(
  'market_rounding_modes',
  {
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id),
    roundingMode: text('rounding_mode').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.cropId] })],
);

/** Per-market settings of bids and offers. */
export const marketTradingSettings = pgTable('market_trading_settings', {
  marketId: integer('market_id')
    .primaryKey()
    .references(() => markets.id, { onDelete: 'cascade' }),
  /** A price-hit offer becomes a contract on its own (else it waits for a buyer to accept it). */
  autoFillOffers: boolean('auto_fill_offers').notNull().default(false),
  /** A farmer's offer waits for a buyer's approval before it works. */
  offersRequireApproval: boolean('offers_require_approval').notNull().default(false),
  /** Farmers may place offers against this market's bids. */
  offersEnabled: boolean('offers_enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A cash bid (instrument): what a market pays for a crop delivered in a period. Cash = futures + basis
 * (rounded by the market's rounding mode), or a flat cash price for crops without futures.
 */
export const instruments = pgTable(
  'instruments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id),
    cropYear: integer('crop_year').notNull(),
    /** Delivery period label, e.g. 'Dec 2026' or 'Harvest 2026'. */
    name: text('name').notNull(),
    deliveryStart: date('delivery_start').notNull(),
    deliveryEnd: date('delivery_end').notNull(),
    /** Futures reference; null for a flat-price bid. */
    futuresSymbol: text('futures_symbol').references(() => futuresSymbols.symbol),
    basis: price('basis'),
    /** Flat cash price, for crops without futures. */
    flatPrice: price('flat_price'),
    /** Most this bid buys in total (null: no cap); contracted counts what offers and sales took. */
    quantityCap: qty('quantity_cap'),
    quantityContracted: qty('quantity_contracted').notNull().default('0'),
    quantityUnit: text('quantity_unit').notNull().default('bushels'),
    visibility: text('visibility').$type<'public' | 'private'>().notNull().default('public'),
    /** Farmers may place offers against it. */
    offersAllowed: boolean('offers_allowed').notNull().default(true),
    notes: text('notes'),
    sortOrder: integer('sort_order').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('instruments_market_crop_idx').on(t.marketId, t.cropId, t.deliveryStart, t.id),
    index('instruments_symbol_idx')
      .on(t.futuresSymbol)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * A farmer's offer: a working order to sell a quantity against a bid at a target cash price until it
 * expires. States and transitions: packages/domain offer state machine.
 */
export const offers = pgTable(
  'offers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    instrumentId: bigint('instrument_id', { mode: 'number' })
      .notNull()
      .references(() => instruments.id),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => legalEntities.id),
    /** The user who placed it (a farmer, or a buyer on the farmer's behalf). */
    placedBy: uuid('placed_by').references(() => users.id, { onDelete: 'set null' }),
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id),
    cropYear: integer('crop_year').notNull(),
    quantity: qty('quantity').notNull(),
    quantityUnit: text('quantity_unit').notNull().default('bushels'),
    targetCashPrice: price('target_cash_price').notNull(),
    status: text('status')
      .$type<'pending_approval' | 'working' | 'price_hit' | 'filled' | 'cancelled' | 'expired' | 'rejected'>()
      .notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    priceHitAt: timestamp('price_hit_at', { withTimezone: true }),
    /** Cash price when the target was reached (futures + basis at that tick). */
    priceHitCash: price('price_hit_cash'),
    filledAt: timestamp('filled_at', { withTimezone: true }),
    contractId: bigint('contract_id', { mode: 'number' }).references(() => contracts.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    /**
     * The origin (scheme://host) of the farmer's page where they placed or last edited the offer: the offer's
     * e-mails link there, whoever or whatever causes them (a buyer's action, the price watcher's tick), so the
     * farmer lands on the host they use and are signed in on. Null when a buyer placed it for the farmer.
     */
    linkOrigin: text('link_origin'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offers_market_status_idx').on(t.marketId, t.status, t.expiresAt, t.id),
    index('offers_instrument_idx').on(t.instrumentId, t.status),
    index('offers_client_idx').on(t.clientId, t.createdAt),
    /** The price watcher: working offers by instrument. */
    index('offers_working_idx')
      .on(t.instrumentId, t.targetCashPrice)
      .where(sql`${t.status} = 'working'`),
  ],
);

/**
 * A bid's daily close (bid chart, `bid/:bidId/chart`; basis analysis): one row per bid per day holding the last
 * futures month, futures price, basis, flat price and cash of that day. Written (upserted) by every write of the bid
 * and by every futures move of its month, so a day's row is the day's latest state; a day without a change has no
 * row (the chart carries the previous one). Daily rather than per change: a chart of 1M/3M/1Y needs a point a
 * day, and the feed moves quotes every minute (decision 057 addendum).
 */
export const bidHistory = pgTable(
  'bid_history',
  {
    instrumentId: bigint('instrument_id', { mode: 'number' })
      .notNull()
      .references(() => instruments.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    futuresSymbol: text('futures_symbol'),
    /** The futures price the cash was computed from (null: a flat bid, or no quote yet). */
    futures: price('futures'),
    basis: price('basis'),
    flatPrice: price('flat_price'),
    /** futures + basis rounded by the market's rounding mode, or the flat price; null without a quote. */
    cash: price('cash'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instrumentId, t.day] })],
);

/** Offer history: every transition with who made it (the offer's audit trail and the farmer's notifications). */
export const offerEvents = pgTable(
  'offer_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offerId: bigint('offer_id', { mode: 'number' })
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offer_events_offer_idx').on(t.offerId, t.id)],
);

/** What a market's public page shows (publicPageFeatures per market) and its texts. */
export const marketPublicPages = pgTable('market_public_pages', {
  marketId: integer('market_id')
    .primaryKey()
    .references(() => markets.id, { onDelete: 'cascade' }),
  /** The partner's public page features this market turns on (a subset of the partner's). */
  features: text('features').array().notNull(),
  published: boolean('published').notNull().default(true),
  deliveryInformation: text('delivery_information'),
  additionalInfo: text('additional_info'),
  /** Public contacts: [{name, title, phone, email}]. */
  contacts: jsonb('contacts')
    .$type<{ name: string; title?: string; phone?: string; email?: string }[]>()
    .notNull()
    .default([]),
  version: integer('version').notNull().default(1),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Announcements on a market's public page (announcement/:announcementId?). */
export const announcements = pgTable(
  'announcements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_market_idx').on(t.marketId, t.startsAt)],
);

/** Users who have read an announcement (markets/announcements/user/read). */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: bigint('announcement_id', { mode: 'number' })
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] })],
);

/** A market's office hours per weekday (0 Sunday … 6 Saturday), in the market's time zone. */
export const marketHours = pgTable(
  'market_hours',
  {
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    /** 'HH:mm'; both null when closed that day. */
    opensAt: text('opens_at'),
    closesAt: text('closes_at'),
    closed: boolean('closed').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.dayOfWeek] })],
);

/**
 * A market's holiday hours and announced closures (issue 13): on `date` (the market's local calendar date) it is
 * closed all day, or open from opensAt to closesAt instead of its weekday's hours; `label` says why ('Thanksgiving').
 */
export const marketClosures = pgTable(
  'market_closures',
  {
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    label: text('label').notNull(),
    closed: boolean('closed').notNull().default(true),
    /** 'HH:mm'; both null when closed that day. */
    opensAt: text('opens_at'),
    closesAt: text('closes_at'),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.date] })],
);

/**
 * A signing request of a contract document: the built-in flow (a signer reviews the generated PDF and
 * signs) or a third-party provider's envelope, behind one adapter.
 */
export const signingRequests = pgTable(
  'signing_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => contractDocuments.id, { onDelete: 'cascade' }),
    /** The contract to sign, or null for an enrolment's request (enrolmentId set): exactly one of them. */
    contractId: bigint('contract_id', { mode: 'number' }).references(() => contracts.id, { onDelete: 'cascade' }),
    /** The sustainability enrolment to sign (decision 059's addendum), null for a contract's request. */
    enrolmentId: integer('enrolment_id').references((): AnyPgColumn => sustainabilityEnrolments.id, {
      onDelete: 'cascade',
    }),
    provider: text('provider').notNull().default('builtin'),
    /** The provider's envelope id (the built-in provider uses the request id). */
    externalId: text('external_id'),
    signerUserId: uuid('signer_user_id').references(() => users.id, { onDelete: 'set null' }),
    signerEmail: text('signer_email'),
    signerName: text('signer_name'),
    /** sha256 of the one-time signing token (the token itself is only in the signing URL). */
    tokenHash: text('token_hash').notNull(),
    status: text('status')
      .$type<'sent' | 'viewed' | 'signed' | 'declined' | 'expired' | 'void'>()
      .notNull()
      .default('sent'),
    /** Terms hash of the contract when it was sent; signing compares it with the contract's current one. */
    termsHash: text('terms_hash').notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    signedIp: text('signed_ip'),
    signedUserAgent: text('signed_user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('signing_requests_contract_idx').on(t.contractId, t.createdAt),
    index('signing_requests_enrolment_idx').on(t.enrolmentId, t.createdAt),
    uniqueIndex('signing_requests_token_idx').on(t.tokenHash),
    // At most one: a structure's confirmation has neither (structure_confirmations links it, issue 18).
    check('signing_requests_subject_check', sql`num_nonnulls(${t.contractId}, ${t.enrolmentId}) <= 1`),
  ],
);

/** Stored PDF files of contract documents (generated and signed), locked by their sha256. */
export const documentFiles = pgTable(
  'document_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => contractDocuments.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'generated' | 'signed'>().notNull(),
    contentType: text('content_type').notNull().default('application/pdf'),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_files_document_idx').on(t.documentId, t.kind)],
);

/** The in-app notifications (offers, contracts to sign, payments): /global-notifications and the headers' count. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    // The header's unread count.
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
  ],
);
