// @granary/domain: pure TypeScript shared by the server and the web app (see ../README.md).

export * from './region/locales.ts';
export * from './region/countries.ts';
export * from './region/units.ts';

export * from './format/number.ts';
export * from './format/text.ts';
export * from './format/date.ts';
export * from './format/duration.ts';
export * from './format/number-input.ts';
export * from './format/price.ts';
export * from './format/price-parse.ts';
export * from './format/price-notation.ts';

export * from './shell/experience.ts';
export * from './shell/redirect.ts';
export * from './shell/home.ts';
export * from './shell/legal.ts';
export * from './shell/version.ts';
export * from './shell/constants.ts';
export * from './shell/browser.ts';
export * from './shell/native.ts';
export * from './shell/trace-id.ts';
export * from './shell/partner.ts';
export * from './shell/bootstrap.ts';
export * from './shell/admin-permission.ts';

// The API's error codes (DESIGN.md Conventions 3): the server's registry and the web's ApiError are typed by them.
export * from './errors/error-codes.ts';

export * from './routing/match-path.ts';
export * from './routing/routes.ts';
export * from './routing/redirects.ts';

export * from './lists/limits.ts';

export * from './identity/patterns.ts';
export * from './identity/signup.ts';
export * from './identity/passwords.ts';
export * from './identity/staff-admin.ts';

// CRM rules (issue 4): crops, contract arithmetic, views, lists, permissions, notes and follow-ups.
export * from './crm/exact.ts';
export * from './crm/crops.ts';
export * from './crm/contracts.ts';
export * from './crm/contract-history.ts';
export {
  COLUMN_TYPES,
  CONDITION_TABLES,
  columnType,
  columnSqlName,
  evaluateCondition,
  evaluateExpr,
  compareExprValues,
  exprType,
  conditionBuilders,
  KEPT_SUM_NAMES,
  KEPT_SUMS,
} from './crm/conditions.ts';
export type {
  ValueType,
  ConditionTable,
  ContractColumn,
  ScaleTicketColumn,
  ClientColumn,
  ColumnRef,
  Literal,
  KeptSumName,
  KeptSumExpr,
  KeptSumDefinition,
  Expr,
  Comparison,
  Condition,
  ContractRecord,
  ScaleTicketRecord,
  ClientRecord,
  ContractFacts,
  ScaleTicketFacts,
  ViewFacts,
  EvalContext,
} from './crm/conditions.ts';
export * from './crm/views.ts';
export * from './crm/sorting.ts';
export * from './crm/list-row.ts';
export * from './crm/list-query.ts';
export * from './crm/pagination.ts';
export * from './crm/csv.ts';
export * from './crm/permissions.ts';
export * from './crm/markets.ts';
export * from './crm/followups.ts';
export * from './crm/saved-views.ts';
export * from './crm/notes.ts';
export * from './crm/records.ts';
export * from './crm/api.ts';
export * from './crm/client-api.ts';
export * from './crm/contract-api.ts';
export * from './crm/contract-writing.ts';
export * from './crm/pricing-operations.ts';
export * from './crm/deliveries.ts';
export * from './crm/discount-schedules.ts';
export * from './crm/settlements.ts';
export * from './crm/settlement-rates.ts';
export * from './crm/payments.ts';
export * from './crm/ingest.ts';
export * from './crm/admin-users.ts';
export * from './crm/api-tokens.ts';
export * from './crm/crm-admin.ts';
export * from './crm/contract-page.ts';

// E-signing of contracts (issue 5).
export * from './esign/esign.ts';
export * from './bids/futures.ts';
export * from './bids/pricing.ts';
export * from './bids/live-events.ts';
export * from './bids/quotes.ts';
export * from './bids/trading-session.ts';
export * from './bids/offers.ts';
export * from './bids/instruments.ts';
export * from './bids/instrument-writes.ts';
export * from './bids/instrument-reads.ts';
export * from './bids/offers-hit.ts';

// Public market pages (issue 5): what each market's public page shows, its hours and announcements.
export * from './public-market/page-settings.ts';
export * from './public-market/hours.ts';
export * from './public-market/closures.ts';
export * from './public-market/announcements.ts';
export * from './public-market/market-page-view.ts';
export * from './public-market/ci-score.ts';

// My Sales Lite (issue 5): the farmer's profit-center calls, sums and access rule.
export * from './profit-center/access.ts';
export * from './profit-center/sales.ts';
export * from './profit-center/api.ts';
export * from './profit-center/profit-summary.ts';
export * from './profit-center/marketing.ts';
export * from './profit-center/farmer-home.ts';
export * from './profit-center/onboarding.ts';
export * from './profit-center/market-summary.ts';
export * from './profit-center/basis-analysis.ts';

// Farm-input store catalogue (issue 6): kinds, categories and route slugs, regional flags, images, prices, calls.
export * from './store/catalogue.ts';
export * from './store/search-terms.ts';
export * from './store/regions.ts';
export * from './store/images.ts';
export * from './store/price.ts';
export * from './store/api.ts';
// The store's payment terms (platform.md 9.3), their groups and which a region offers.
export * from './store/payment-terms.ts';
// After an order (issue 6): order history, details, reviews, readiness, previously purchased, shopping lists.
export * from './store/orders.ts';
// The store's server-side cart (issue 6): call shapes, the serial rule, item restrictions, enablement (6.2).
export * from './store/cart.ts';
// The enterprise (farm business) profile and its calls (issue 16, decision 050).
export * from './enterprise/profile.ts';
// The store's information pages (issue 6): feed efficiency, acre plans, house-brand packs, warehouse locations.
export * from './store/feed-efficiency.ts';
export * from './store/acre-plans.ts';
export * from './store/store-pages-api.ts';
// The store's checkout (issue 6): sections, partitions, timing, addresses, totals, promotions, 8.3 errors, calls.
export * from './region/subdivisions.ts';
export * from './store/checkout.ts';
export * from './store/checkout-addresses.ts';
export * from './store/checkout-missing.ts';
export * from './store/checkout-money.ts';
export * from './store/checkout-api.ts';
// Uploaded files and the uploader (platform.md 3.6, 4.4, 2.10); the applicator licences page (2.4).
export * from './uploads/uploads.ts';
export * from './store/applicator.ts';
// The store dialogs (platform.md 2.9): marketing-subscribe and terms of service, experiment flags (4.6).
export * from './store/dialogs.ts';
// The store's agreements (platform.md 2.4 /direct/{brand}-agreements) and the buyer's readiness report.
export * from './store/agreements.ts';
// A farm business's one address book and its Australian business number (issue 16, decision 051).
export * from './addresses/address-book.ts';
export * from './addresses/abn.ts';
// Notification preferences, the in-app list and one-click unsubscribe (issue 16, decision 055).
export * from './notifications/notifications.ts';

// A farm business's team: roles, access flags and the team calls (issue 16, decision 052).
export * from './team/team.ts';

// A farm business's billing: payment methods, what it paid and was paid, the calls (issue 17, decision 056).
export * from './billing/billing.ts';

// Sustainability programs, surveys and enrolments (issue 17, decision 059).
export * from './sustainability/sustainability.ts';

// Structured grain products (issue 18, decisions 061 and 062): builder inputs, pricing calls, parameters, booking and
// positions — the SCS call shapes the server and the web share.
export * from './structures/inputs.ts';
export * from './structures/parameters.ts';
export * from './structures/pricing.ts';
export * from './structures/booking.ts';
export * from './structures/positions.ts';
export * from './structures/words.ts';
export * from './structures/signing.ts';
export * from './structures/booking-views.ts';
