/**
 * The API reference's table of contents: each area of the API (one OpenAPI tag, named as the area is named in
 * packages/domain/README.md 'Areas'), the server modules that serve it, and a one-line summary of each of their
 * operations. `api-docs.ts` puts the area's tag and the summary on every route as it is registered, unless the
 * route's schema declares its own; api-docs.test.ts fails when an operation has neither, or when an entry here
 * names a route that no longer exists.
 *
 * A new route: add its line under its module (`'METHOD /path'` exactly as the route declares it, Fastify's `:param`
 * form), or give it `schema.summary` where it is declared. A new module: add it under its area.
 */
import { INGEST_OPERATIONS } from './api-operations-ingest.ts';
import { PAYMENTS_OPERATIONS, SETTLEMENTS_OPERATIONS } from './api-operations-grain-book.ts';
import { SUSTAINABILITY_OPERATIONS } from './api-operations-sustainability.ts';
import { MARKETING_OPERATIONS } from './api-operations-marketing.ts';
import { MORE_AREAS } from './api-operations-areas.ts';

type ApiArea = {
  /** The OpenAPI tag: the area's name. */
  tag: string;
  description: string;
  /** Server module (a folder of apps/server/src/modules, or `platform`) → its operations → summary. */
  modules: Readonly<Record<string, Readonly<Record<string, string>>>>;
};

const MERCH = '/api/commodities/merchandising';
const CTRM = '/api/commodities/ctrm';
const PC = '/api/commodities/profit-center';
const CLIENT = `${MERCH}/le/:platformId/market/:marketId/le/:clientId`;
const CONTRACT = `${CTRM}/seller/:clientId/contract/:contractId`;
const ROUNDING = `${MERCH}/le/:enterpriseId/market/:marketId`;

export const API_AREAS: readonly ApiArea[] = [
  {
    tag: 'shell',
    description:
      'What every page loads first: the bootstrap (user, partner branding, CSRF token), the web version, partners ' +
      'by intent, and the pages themselves (index.html with the right status).',
    modules: {
      shell: {
        'GET /api/bootstrap': 'The bootstrap: the user, their enterprises, the partner (by host), the CSRF token',
        'GET /version.json': 'The web versions required and latest (open pages update or reload)',
        'GET /*': 'A page of the web app: index.html with 200 or 404, the public market pages, static assets',
      },
      partners: {
        [`GET ${MERCH}/intent/:intent`]: 'A white-label partner by its intent name',
        'GET /favicon.svg': "The host partner's icon (SVG in its colour)",
        'GET /favicon.ico': "The host partner's icon, for browsers asking for /favicon.ico (the same SVG)",
        [`GET ${MERCH}/partner/price-notation`]: "The buyer's partner's price notation (futures, cash, basis)",
        [`PUT ${MERCH}/partner/price-notation`]: "Changes the partner's price notation (its CRM administrators)",
        [`GET ${MERCH}/partner/contract-signing`]: "The partner's contract signing rules (amendments, program)",
        [`PUT ${MERCH}/partner/contract-signing`]: "Changes the partner's contract signing rules (CRM administrators)",
      },
      'legal-texts': {
        'GET /api/legal-texts': "The partner's legal texts (terms, privacy, CCPA, community content, EFT)",
        'GET /api/legal-texts/:document': "One of the partner's legal texts",
        'PUT /api/legal-texts/:document': "Changes a legal text (the partner's administrators, super admins)",
      },
    },
  },
  {
    tag: 'identity',
    description:
      'Sign-in (password, magic link, SMS code, OpenID Connect), sign-up, password recovery, e-mail and phone ' +
      'verification, acting as another user, the bot check. docs/api/identity.md.',
    modules: {
      identity: {
        'POST /api/auth/login/basic': 'Sign in with e-mail and password (Basic credentials)',
        'POST /api/auth/logout': 'Sign out: end the session',
        'POST /api/auth/login/magic-link/initiate':
          'E-mail a sign-in link (same answer whether or not the account exists)',
        'POST /api/auth/login/magic-link/app-initiate': 'E-mail a sign-in link that opens in the native app',
        'POST /api/auth/login/magic-link/verify': "Sign in with an e-mailed link's token",
        'POST /api/auth/password/recovery/initiate': 'E-mail a password reset link',
        'POST /api/auth/password/recovery/confirm': 'Check a password reset link before showing the form',
        'POST /api/auth/password/reset/:token': 'Set a new password with a reset link (ends every session)',
        'POST /api/auth/password/update': "Change the signed-in user's password",
        'GET /api/auth/password': 'Whether the signed-in user has a password (one who has none sets a first one)',
        'GET /api/auth/session': 'Who is signed in (401 when no one)',
        'GET /api/auth/oidc/providers': 'The configured OpenID Connect providers, for the sign-in buttons',
        'GET /api/auth/oidc/:provider/start': 'Start OpenID Connect sign-in: redirect to the provider',
        'GET /api/auth/oidc/:provider/callback': "The provider's redirect back (query): sign in and redirect",
        'POST /api/auth/oidc/:provider/callback':
          "The provider's redirect back (form post, Apple): sign in and redirect",
        'GET /api/auth/oidc/:provider/nonce': 'A single-use nonce for a page that gets an ID token itself',
        'POST /api/auth/login/google-oauth': "Sign in with an ID token from Google's web button",
        'POST /api/auth/login/apple-oauth': 'Sign in with an authorization code from Apple (mobile apps)',
        'POST /api/auth/login/sms/initiate': 'Text a sign-in code to a phone number',
        'POST /api/auth/login/sms/verify': 'Sign in with a texted code',
        'POST /api/auth/act-as': 'Act as another user (admins with the act-as permission)',
        'DELETE /api/auth/act-as': 'Stop acting as another user',
        'POST /api/auth/act-as/scope': 'Narrow or widen what the admin may do while acting (read only or full)',
        'POST /api/auth/admin/password-reset': "Reset a user's password to a mailed one-time password (admins)",
        'POST /api/auth/signup': 'Sign up: create an account (or e-mail a link to finish it)',
        'POST /api/auth/users/signup/validate': 'Check sign-up fields as they are typed',
        'POST /api/auth/signup-verify-first/verify': 'Verify-first sign-up: the next step (identifier, code, rest)',
        'GET /api/auth/signup-verify-first/token/:token': 'Verify-first sign-up: where a session is (after a reload)',
        'POST /api/auth/session/users/:userId/login': 'Sign in to an account of a verified identifier',
        'POST /api/auth/signup-jit-verify/verify': "Confirm a sign-up e-mail's link: create the account, sign in",
        'POST /api/auth/session/email_verify/initiate/:workflow': 'Start verifying an e-mail address: send a code',
        'POST /api/auth/session/email_verify/verify': 'Verify an e-mail address with its code',
        'POST /api/auth/session/email_verify/reset': 'Send a new e-mail verification code',
        'POST /api/auth/session/email_verify/state/set': 'Skip or cancel an e-mail verification',
        'POST /api/auth/session/phone_number_verify/initiate': 'Start verifying a phone number: text a code',
        'POST /api/auth/session/phone_number_verify/verify': 'Verify a phone number with its code',
        'POST /api/auth/session/phone_number_verify/reset': 'Text a new phone verification code',
        'POST /api/auth/session/phone_number_verify/set/state': 'Skip or cancel a phone verification',
        'POST /api/auth/users/phone_number/sms_verify/initiate': "Verify the signed-in user's phone: text a code",
        'POST /api/auth/users/phone_number/sms_verify/verify': "Verify the signed-in user's phone with its code",
        'GET /api/auth/users/:userIdLegacy/verified_info':
          "Whether the user's e-mail and phone are verified (own only)",
        'GET /api/auth/v2/users/:userIdLegacy/verified_info': "The user's e-mail and phone with their verification",
        'GET /api/auth/verified/:identifier': "Whether an e-mail or phone number is the caller's own, verified",
        'POST /api/auth/email/update': "Change the signed-in user's e-mail address (verified by a code)",
        'GET /api/auth/bot-check/challenge': 'A bot-check challenge (altcha proof of work) for an action',
        'GET /api/dev/mailbox': 'The outbox of mail and SMS (outside production, this machine only)',
        'GET /api/dev/mailbox/templates':
          'Every e-mail template rendered with sample data (outside production, this machine only)',
      },
    },
  },
  {
    tag: 'team',
    description:
      "A farm business's team: members with their role and access flags, invitations by e-mail or phone and their " +
      'acceptance, and the access-flag calls of /permissions (each route carries its own summary).',
    modules: { 'enterprise-team': {} },
  },
  {
    tag: 'crm',
    description:
      "The grain buyer's CRM: markets and dashboard, clients, notes and follow-ups, contracts and deliveries lists " +
      '(views, filters, CSV), contract operations, contract documents. docs/api/crm.md, docs/crm-views.md.',
    modules: {
      'saved-views': {
        [`GET ${MERCH}/saved-views`]: "The signed-in user's saved views of the CRM grids",
        [`POST ${MERCH}/saved-views`]: 'Save a grid view (filters, sort, columns, density) under a name',
        [`PATCH ${MERCH}/saved-views/:viewId`]: 'Rename a saved view or save its new state',
        [`DELETE ${MERCH}/saved-views/:viewId`]: 'Delete a saved view',
      },
      'crm-markets': {
        [`GET ${MERCH}/bootstrap`]: "The CRM's bootstrap: the partner, its legal entity and CRM flags",
        [`GET ${MERCH}/le/:platformId/markets`]: "The partner's markets with the user's permissions and entitlements",
        [`GET ${MERCH}/le/:platformId/task-list`]: "The dashboard's task counts (signatures, pricing, deliveries)",
        [`GET ${MERCH}/followups`]: 'Follow-ups, upcoming or past, with counts',
        [`POST ${MERCH}/followups`]: 'Create a follow-up on a client',
        [`PATCH ${MERCH}/followups/:followupId`]: 'Edit a follow-up or mark it done',
        [`GET ${MERCH}/recent-activity`]: "A market's latest notes, contracts and scale tickets",
        [`GET ${MERCH}/last-updated`]: "When a market's contracts, tickets and notes last changed",
      },
      'crm-clients': {
        [`GET ${MERCH}/market/:marketIds/le-search`]: 'Search the clients of one or more markets',
        [`GET ${CTRM}/legal-entities/search`]: 'Search clients across the markets the user may search',
        [`GET ${CLIENT}/profile`]: "A client's profile and exposure for its default crop and year",
        [`GET ${CLIENT}/profile/:crop`]: "A client's profile and exposure for a crop",
        [`GET ${CLIENT}/profile/:crop/:cropYear`]: "A client's profile and exposure for a crop and crop year",
        [`PATCH ${CLIENT}/profile`]: "Edit a client's area, yield, storage and sales to others (If-Match)",
        [`GET ${CLIENT}/notes`]: "A client's notes, newest first",
        [`GET ${CLIENT}/notes/:noteId`]: 'One note',
        [`POST ${CLIENT}/notes`]: 'Add a note (text/plain; category and day as query parameters)',
        [`PUT ${CLIENT}/notes/:noteId`]: 'Edit a note (If-Match)',
        [`DELETE ${CLIENT}/notes/:noteId`]: 'Delete a note (If-Match)',
        [`GET ${MERCH}/notes`]: "The notes feed of the user's markets",
      },
      'crm-contracts': {
        [`GET ${CTRM}/contracts/search`]: 'The contracts or deliveries list: a view, filters, sort, pages, CSV',
        [`GET ${CTRM}/scope/:scopeLegalEntityId/search`]:
          "The contracts or deliveries list within a legal entity's scope",
        [`GET ${CTRM}/seller/:clientId/contract`]: "One client's contracts or deliveries list",
        [`GET ${CONTRACT}`]: 'A contract with its pricing events and amendments',
        [`POST ${CONTRACT}/cancel`]: 'Cancel what is left undelivered of a contract (If-Match)',
        [`POST ${CONTRACT}/partial-cancel`]: 'Cancel part of the undelivered quantity (If-Match)',
        [`POST ${CONTRACT}/futures-roll`]: 'Roll a contract to a later futures month (If-Match)',
        [`POST ${CONTRACT}/basis-roll`]: 'Roll the delivery window later with a basis adjustment (If-Match)',
        [`POST ${CONTRACT}/roll`]: 'Futures and basis roll in one amendment (If-Match)',
        [`POST ${CONTRACT}/note`]: 'Add a note amendment to a contract (text/plain)',
        [`GET ${CTRM}/option-months`]: "The futures months a market's contracts use (the list filter's choices)",
        [`GET ${MERCH}/documents`]: "Contract documents of the user's markets",
        [`GET ${MERCH}/document/:documentId`]: 'A contract document with its content (or its PDF)',
        [`GET ${CTRM}/contracts/:contractId`]: 'One contract by its id (the contract page)',
        // Pricing operations (issue 14, task B; docs/decisions/041).
        [`POST ${CONTRACT}/basis-set`]: 'Fix the basis on part of the quantity (If-Match)',
        [`POST ${CONTRACT}/futures-set`]:
          'Fix the futures on part of the quantity, typed or at the live price (If-Match)',
        [`POST ${CONTRACT}/pricing-addenda`]: 'Price part of the quantity as an addendum: futures + basis (If-Match)',
        [`POST ${CONTRACT}/structured-addendum`]: 'Record a structured addendum: a name and its terms (If-Match)',
        [`POST ${CONTRACT}/credit-sale`]: 'Convert a priced purchase into a credit sale paid on a later day (If-Match)',
        [`POST ${CONTRACT}/secondary-obligation`]: 'Add a secondary obligation to a contract (If-Match)',
        [`POST ${CONTRACT}/secondary-obligation/:obligationId/events`]:
          'Fulfil or cancel a secondary obligation (If-Match)',
        [`GET ${CONTRACT}/pricing`]: "A contract's addenda, obligations and the quantities open to pricing",
        [`GET ${CTRM}/contracts/open/purchase`]: 'Open purchase positions by crop, crop year and futures month',
        [`GET ${CTRM}/contracts/open/sales`]: 'Open sales positions by crop, crop year and futures month',
        [`GET ${CTRM}/contracts/related/:id`]: "The client's other contracts of the same crop and crop year",
        [`GET ${CTRM}/structured-addenda-names`]: "The partner's structured addenda",
        [`GET ${PC}/contracts/pricing-events`]: "Pricing events of the farmer's contracts",
        [`GET ${PC}/contracts/pricing-event/:id`]: "One pricing event of the farmer's",
        [`GET ${PC}/contracts/addenda`]: "Addenda of the farmer's contracts",
        [`GET ${PC}/contracts/addenda/:id`]: "One addendum of the farmer's",
      },
      // Issue 14, the grain book's write side: each module's operations go in its own block.
      'contract-writing': {
        [`POST ${CTRM}/seller/:clientId/contract`]: 'Write a contract of any type, numbered by the partner sequence',
        [`GET ${CONTRACT}/terms`]: "A contract's writable terms and splits, for editing",
        [`PUT ${CONTRACT}`]: "Edit a contract's terms (If-Match); an amendment once sent for signature",
      },
      deliveries: {
        [`GET ${CTRM}/discount-schedules/:marketId`]: "A market's discount schedules, one per crop",
        [`GET ${CTRM}/discount-schedules/:marketId/:cropId`]:
          "A market's discount schedule of a crop (its starting schedule, version 0, before the first save)",
        [`PUT ${CTRM}/discount-schedules/:marketId/:cropId`]:
          'Save a discount schedule: moisture shrink, drying, test-weight, damage and FM tables (If-Match)',
        [`POST ${CTRM}/scale-tickets/preview`]: "A load's net bushels, shrink, drying and discounts, without saving it",
        [`POST ${CTRM}/scale-tickets`]: 'Enter a scale ticket (at the scale or by hand), split between clients by %',
        [`GET ${CTRM}/scale-tickets/apply-proposal`]:
          "Tickets' first-in-first-out proposal: the clients' open contracts and what would go where",
        [`POST ${CTRM}/scale-tickets/apply`]:
          'Apply tickets to contracts, FIFO by delivery window or as chosen; partial',
        [`POST ${CTRM}/scale-tickets/unapply`]: 'Take ticket applications back (refused when settled)',
        [`GET ${CTRM}/scale-tickets/:ticketId/spot-sale`]: "A ticket's unapplied bushels at today's cash bid",
        [`POST ${CTRM}/scale-tickets/:ticketId/spot-sale`]:
          'Sell an unapplied ticket at the cash bid: a priced spot contract, applied, in one step',
      },
      settlements: SETTLEMENTS_OPERATIONS,
      payments: PAYMENTS_OPERATIONS,
      // Issue 15, data in and the CRM administrator: each module's operations go in its own block.
      ingest: INGEST_OPERATIONS,
      'crm-admin': {
        [`GET ${MERCH}/admin/offboarding-report`]: 'Suspended users, inactive clients, what is still open (CSV too)',
        [`GET ${MERCH}/admin/le/:platformId/legal-entities`]:
          "The partner's client legal entities with scope ids, searchable by name, external id or scope (buyer-admins)",
      },
      'api-tokens': {
        'GET /api/auth/users/:userLegacyId/tokens':
          "A user's API tokens: name, scopes, prefix, created, last used, expires, revoked (the user or a super admin)",
        'POST /api/auth/users/:userLegacyId/tokens': 'Make an API token for integrations: the token is answered once',
        'DELETE /api/auth/users/:userLegacyId/tokens/:tokenId': 'Revoke an API token (it stays listed, revoked)',
      },
    },
  },
  {
    tag: 'bids',
    description:
      "Cash bids (a market's instruments), farmer and buyer offers as working orders, futures months and quotes, " +
      'cash rounding. docs/api/trading.md.',
    modules: {
      bids: {
        [`GET ${MERCH}/instruments/market/:marketId`]: "A market's bids",
        [`GET ${MERCH}/v2/instruments/market/:marketId/crop/:cropId`]: "A market's bids of one crop",
        [`POST ${MERCH}/instruments/market/:marketId/basis`]: 'Move the basis of many bids at once (all or nothing)',
        [`GET ${MERCH}/instruments/market/:marketId/offers-hit`]: 'How many working offers a basis change would hit',
        [`GET ${MERCH}/instruments/:instrumentId`]: 'One bid',
        [`POST ${MERCH}/instruments`]: 'Create a bid',
        [`PUT ${MERCH}/instruments/:instrumentId`]: 'Edit a bid (If-Match)',
        [`DELETE ${MERCH}/instruments/:instrumentId`]: 'Delete a bid (soft; If-Match)',
        [`POST ${MERCH}/instruments/undelete/:instrumentId`]: 'Bring a deleted bid back',
        [`GET ${MERCH}/market/:marketId/bids`]: "A market's public bids, for a farmer who sells there",
      },
      offers: {
        [`GET ${MERCH}/offers`]: "A market's offers by status",
        [`POST ${MERCH}/offer`]: "Place an offer on a client's behalf",
        [`GET ${MERCH}/offer/:offerId`]: 'An offer with its history',
        [`PATCH ${MERCH}/offer/:offerId`]: 'Edit an offer (If-Match)',
        [`POST ${MERCH}/offer/:offerId/accept`]: 'Fill an offer into a contract',
        [`POST ${MERCH}/offer/:offerId/cancel`]: 'Cancel an offer',
        [`POST ${MERCH}/offer/:offerId/approve`]: "Approve a farmer's offer that waits for approval",
        [`POST ${MERCH}/offer/:offerId/reject`]: "Reject a farmer's offer that waits for approval",
        [`POST ${MERCH}/offers/reset-price-hit`]: 'Put price-hit offers back to working (all or none)',
        [`GET ${PC}/offers`]: "The farmer's offers and the markets their farms sell to",
        [`GET ${PC}/crop-offers/:id`]: "The farmer's offers of one crop",
        [`GET ${PC}/market/:marketId/request-make-offer`]: 'What a farmer may offer on at a market: farms and bids',
        [`POST ${PC}/offer`]: 'Place an offer as a farmer',
        [`GET ${PC}/offer/:offerId`]: "One of the farmer's offers with its history",
        [`PATCH ${PC}/offer/:offerId`]: "Edit one of the farmer's offers (If-Match)",
        [`POST ${PC}/offer/:offerId/cancel`]: "Cancel one of the farmer's offers",
      },
      futures: {
        [`GET ${PC}/futures-symbols/calendar`]: 'The listed futures months of every product',
        [`GET ${PC}/futures-symbols/commodity/:commodityId`]: 'The futures months of a crop by id',
        [`GET ${PC}/futures-symbols/:crop/:timeStamp?`]: 'The futures months of a crop listed at a time',
        [`GET ${PC}/quotes/:symbol`]: 'The latest quote of a futures month',
        [`GET ${PC}/quotes-symbols-list`]: 'Every quoted futures symbol',
        [`GET ${PC}/quotes-root/:symbol`]: 'The latest quotes of every month of a root',
        [`GET ${PC}/futures-historical/:symbol/:fromDate/:toDate`]: 'Ticks and settlements between two dates',
        [`POST ${PC}/quotes/import`]: 'Import quotes from CSV (super admins)',
        [`GET ${ROUNDING}/rounding-mode`]: "How a market rounds each crop's cash price",
        [`GET ${ROUNDING}/commodity/:commodityId/rounding-mode`]: "How a market rounds one crop's cash price",
        [`PUT ${ROUNDING}/commodity/:commodityId/rounding-mode/:roundingMode`]:
          "Set a crop's cash rounding at a market",
        [`POST ${ROUNDING}/commodity/:commodityId/rounding-mode/:roundingMode`]:
          "Set a crop's cash rounding at a market (POST form)",
      },
    },
  },
  {
    tag: 'public-market',
    description:
      'The public cash-bid page of each market (/market) and its settings: what it shows, office hours, ' +
      'announcements. docs/api/trading.md.',
    modules: {
      'public-market': {
        'GET /api/public/market/:marketName?': "A market's public page: the partner's header, its markets, the bids",
      },
      'public-market-admin': {
        [`GET ${MERCH}/market`]: "A market's details: display name, address, phone, e-mail, time zone (buyer-admins)",
        [`PUT ${MERCH}/market`]: "Change a market's details at the version read (If-Match; buyer-admins)",
        [`GET ${MERCH}/le/:partnerLegalEntity/market/:marketId/posts`]: "A market's posts to its farmers, drafts too",
        [`POST ${MERCH}/le/:partnerLegalEntity/market/:marketId/posts`]: 'Write a post to the farmers of a market',
        [`PUT ${MERCH}/le/:partnerLegalEntity/market/:marketId/posts/:postId`]: 'Change a market post (If-Match)',
        [`DELETE ${MERCH}/le/:partnerLegalEntity/market/:marketId/posts/:postId`]: 'Delete a market post (If-Match)',
        [`GET ${PC}/market/:marketId/posts`]: "A market's published posts, for a farmer whose farm sells there",
        [`GET ${MERCH}/market/:marketId/info`]: "What a market's public page shows",
        [`PUT ${MERCH}/market/:marketId/info`]: "Change what a market's public page shows (If-Match)",
        [`GET ${MERCH}/market/:marketId/hours`]: "A market's office hours",
        [`PUT ${MERCH}/market/:marketId/hours`]: "Set a market's office hours",
        [`GET ${MERCH}/v2/market/:marketId/hours`]: "A market's office hours (v2 path)",
        [`PUT ${MERCH}/v2/market/:marketId/hours`]: "Set a market's office hours (v2 path)",
        [`GET ${MERCH}/market/:marketId/closures`]: "A market's holiday hours and announced closures",
        [`PUT ${MERCH}/market/:marketId/closures`]: "Set a market's holiday hours and announced closures",
        [`GET ${MERCH}/announcement`]: "A market's announcements with their status",
        [`GET ${MERCH}/announcement/:announcementId`]: 'One announcement',
        [`POST ${MERCH}/announcement`]: 'Create an announcement',
        [`PUT ${MERCH}/announcement/:announcementId`]: 'Edit an announcement (If-Match)',
        [`DELETE ${MERCH}/announcement/:announcementId`]: 'Delete an announcement',
        [`GET ${PC}/markets/announcements/user`]: "The active announcements of a farmer's markets, with read state",
        [`POST ${PC}/markets/announcements/user/read`]: 'Mark announcements read',
      },
    },
  },
  {
    tag: 'esign',
    description: 'Sending contracts for e-signature, and the built-in signing page. docs/decisions/016-e-signing.md.',
    modules: {
      esign: {
        [`POST ${PC}/contracts/sign`]: 'Send a contract for signature (or again after its terms changed)',
        [`POST ${PC}/contract-amendments/sign`]: "Send an amended contract's terms for signature again",
        [`GET ${PC}/contracts/:contractId/signing`]: "A contract's e-signature state, requests and documents",
        [`GET ${PC}/signing/urls`]: "The signed-in signer's open signing links",
        [`GET ${PC}/signing/:ref`]: 'A signing request to review (by its one-time link or request id)',
        [`GET ${PC}/signing/:ref/document`]: "A signing request's PDF",
        [`POST ${PC}/signing/:ref/sign`]: 'Sign a contract: typed name and consent',
        [`POST ${PC}/contracts/:contractId/signing/void`]: "Void a contract's open signing request",
        [`GET ${PC}/contracts/:contractId/seller`]: "The farmer's view of a contract: terms, signature, amendments",
        [`GET ${PC}/contract-amendments/:amendmentId/seller`]: "The farmer's view of one amendment",
        [`GET ${PC}/contracts/:contractId/pdf`]: "A contract's PDF (the signed copy once signed)",
        [`GET ${PC}/contract-amendments/:amendmentId/pdf`]: "An amendment's PDF (the contract with the amended terms)",
      },
    },
  },
  {
    tag: 'profit-center',
    description:
      "My Sales Lite and the profit center: a farmer's own contracts, scale tickets, summary, balances and local " +
      'bids. docs/api/trading.md, docs/decisions/057.',
    modules: {
      'profit-center': {
        [`GET ${PC}/contracts`]: "The farmer's contracts",
        [`GET ${PC}/contracts/:id`]: "One of the farmer's contracts",
        [`GET ${PC}/scale-tickets`]: "The farmer's scale tickets",
        [`GET ${PC}/scale-tickets/:ticketIds`]: "Some of the farmer's scale tickets by id",
        [`GET ${PC}/summary`]: "The farmer's sales and profit figures per crop and crop year",
        [`GET ${PC}/summary/:cropName/:cropYear`]: "The farmer's sales and profit figures of one crop and crop year",
        [`GET ${PC}/crop/:cropId/stats`]: "One crop's sales and profit figures over its crop years",
        [`GET ${PC}/enterprise/:enterpriseId/bids`]: "The local bids of a farm business's markets, and the favourites",
        [`GET ${PC}/commodity/:commodityId/bids-matrix`]: "One crop's bids at each of the farmer's markets",
        [`GET ${PC}/market-summary`]: "The futures board of the farmer's crops: each one's nearest months",
        [`GET ${PC}/bid/:bidId/chart`]: "A local bid's daily closes (cash, futures, basis) over 1M, 3M or 1Y",
        [`GET ${PC}/basis-analysis/:locationId/:cropId`]:
          "A location's spot basis for a crop, day by day, against its seasonal average",
        [`GET ${PC}/favorite`]: "The user's favourite locations",
        [`PUT ${PC}/favorite/:locationId/:cropId`]: 'Make a location and crop a favourite',
        [`DELETE ${PC}/favorite/:locationId/:cropId`]: 'Stop a location and crop being a favourite',
        [`GET ${PC}/balances`]: "The farmer's balances",
        [`GET ${PC}/commodity-balances`]: "The farmer's balances per commodity",
        [`GET ${PC}/task-list`]: "The farmer's tasks: contracts to sign and to price, deliveries due",
        [`GET ${PC}/crops`]: "The farmer's crops",
        [`GET ${PC}/filters`]: "The values of the farmer's list filters",
        [`GET ${PC}/location`]: "The markets the farmer's farms sell to",
      },
      sustainability: SUSTAINABILITY_OPERATIONS,
      'marketing-plan': MARKETING_OPERATIONS,
    },
  },
  {
    tag: 'store',
    description:
      'The farm-input store: catalogue and information pages, cart, checkout and saved details, orders, shopping ' +
      'lists, terms and agreements. docs/decisions/020, 021, 022.',
    modules: {
      'store-catalog': {
        'GET /api/store/region': "The visitor's store region (country, currency, units)",
        'GET /api/store/home': "The store's home page",
        'GET /api/store/category/:category/about': 'About a store category',
        'GET /api/store/category/:category/:subcategory?': "A category's (or subcategory's) products",
        'GET /api/store/products': 'Every product, filtered and sorted',
        'GET /api/store/search': 'Search the store',
        'GET /api/store/search/suggest':
          'Suggestions as the user types a search (trade names and typos read as catalogue terms)',
        'GET /api/store/programs/:program': "A program's products",
        'GET /api/store/products/:slug': 'A product page',
        'GET /api/store/products/:slug/documents/:pdfType': "A product document's description (label, safety sheet)",
        'GET /api/store/products/:slug/documents/:pdfType/file': "A product document's PDF",
        'GET /api/store/ingredients': 'The active ingredients',
        'GET /api/store/ingredients/:slug': "An active ingredient's page and products",
        'GET /api/store/pests': 'The pests',
        'GET /api/store/pests/:slug': "A pest's page and products",
        'GET /api/store/marketplace/products/:uniqueProductId': 'A marketplace product page',
        'GET /api/store/marketplace/:section?': 'The marketplace, or one of its sections',
        'GET /api/store/images/:id': 'A product image',
        'GET /api/store/pages/warehouses': 'The warehouse locations',
        'GET /api/store/pages/feed-products': 'The feed products',
        'GET /api/store/pages/acre-plans': 'The acre plans',
        'GET /api/store/pages/acre-plans/:slug': 'An acre plan',
        'GET /api/store/pages/brand-packs': 'The house-brand packs',
        'GET /api/store/pages/brand-packs/:slug': 'A house-brand pack',
      },
      cart: {
        'GET /api/store/cart': 'The cart (a guest by cookie, or the signed-in user)',
        'POST /api/store/cart/items': 'Add a product to the cart',
        'PATCH /api/store/cart/items/:itemId': 'Change a cart item',
        'DELETE /api/store/cart/items/:itemId': 'Remove a cart item',
        'POST /api/store/cart/clear': 'Empty the cart',
        'POST /api/store/cart/changes': 'Apply a queue of cart changes in one request',
      },
      checkout: {
        'GET /api/store/checkout': 'The checkout: partitions, prices, payment and delivery choices',
        'PUT /api/store/checkout/partitions/:partitionKey': "Choose a partition's delivery or pickup",
        'PUT /api/store/checkout/payment': 'Choose the payment term',
        'PUT /api/store/checkout/billing-address': 'Set the billing address',
        'PUT /api/store/checkout/promo-code': 'Apply or remove a promo code',
        'PUT /api/store/checkout/referral-code': 'Apply or remove a referral code',
        'PUT /api/store/checkout/rup-holder': 'Set the restricted-use pesticide licence holder',
        'PUT /api/store/checkout/pickup-contact': 'Set the pickup contact',
        'PUT /api/store/checkout/notes': 'Set the order notes',
        'PUT /api/store/checkout/express': 'Turn express checkout on or off',
        'POST /api/store/checkout/reprice': 'Price the checkout again',
        'POST /api/store/checkout/place': 'Place the order',
        'GET /api/store/checkout/orders/:cartId': 'The order placed from a cart (the confirmation)',
        'POST /api/store/buy-now': 'Buy one product now (a checkout of its own)',
        'GET /api/store/addresses': "The buyer's saved addresses",
        'POST /api/store/addresses': 'Save an address',
        'PUT /api/store/addresses/:id': 'Edit a saved address',
        'DELETE /api/store/addresses/:id': 'Delete a saved address',
        'GET /api/store/delivery-contacts': "The buyer's delivery contacts",
        'POST /api/store/delivery-contacts': 'Add a delivery contact',
        'PUT /api/store/delivery-contacts/:id': 'Edit a delivery contact',
        'DELETE /api/store/delivery-contacts/:id': 'Delete a delivery contact',
        'GET /api/store/applicator-licences': "The buyer's pesticide applicator licences",
        'POST /api/store/applicator-licences': 'Add an applicator licence',
        'PUT /api/store/applicator-licences/:id': 'Edit an applicator licence',
        'DELETE /api/store/applicator-licences/:id': 'Delete an applicator licence',
      },
      'store-orders': {
        'GET /api/store/orders': "The buyer's order history",
        'GET /api/store/orders/readiness': "The buyer's orders with actions still needed before fulfilment",
        'POST /api/store/orders/readiness/:orderId/:section/complete': "Complete an order's readiness action",
        'GET /api/store/orders/by-cart/:cartId': 'An order by the cart it was placed from',
        'GET /api/store/orders/:orderId': 'An order',
        'GET /api/store/orders/:orderId/invoice': "An order's invoice as a PDF (its buyer only)",
        'POST /api/store/orders/:orderId/reorder': "Put an order's products into the cart again",
        'PUT /api/store/orders/:orderId/reviews/:productId': 'Review a product of an order',
        'PUT /api/store/admin/orders/:orderId/status':
          "Staff move an order's status on (store-order-wrangler-admin); the buyer is told under the orders topic",
        'GET /api/store/previously-purchased/:year': 'The products the buyer bought in a year',
        'GET /api/store/shopping-lists': "The buyer's shopping lists",
        'POST /api/store/shopping-lists': 'Create a shopping list',
        'GET /api/store/shopping-lists/with-variant/:variantId': 'Which shopping lists hold a product variant',
        'GET /api/store/shopping-lists/:listId': 'A shopping list',
        'PATCH /api/store/shopping-lists/:listId': 'Rename a shopping list',
        'DELETE /api/store/shopping-lists/:listId': 'Delete a shopping list',
        'PUT /api/store/shopping-lists/:listId/items/:variantId': 'Put a product variant on a shopping list',
        'DELETE /api/store/shopping-lists/:listId/items/:variantId': 'Take a product variant off a shopping list',
        'POST /api/store/shopping-lists/:listId/add-to-cart': "Put a shopping list's products into the cart",
      },
      'store-dialogs': {
        'POST /api/store/terms/accept': "Accept the store's terms of service",
        'POST /api/store/marketing-dialog/seen': 'Record that the marketing dialog was seen',
        'POST /api/store/marketing-dialog/subscribe': 'Subscribe to marketing from the dialog',
      },
      'store-agreements': {
        'GET /api/store/agreements': "The farm business's agreements with their status",
        'GET /api/store/agreements/:type': 'One agreement',
        'POST /api/store/agreements/:type/sign': 'Sign an agreement: typed name and consent',
        'GET /api/store/onboarding/report': "The buyer's readiness report (agreements, licences, details)",
      },
    },
  },
  {
    tag: 'uploads',
    description: "Uploaded files (PDF, PNG, JPEG): the owner's alone.",
    modules: {
      uploads: {
        'POST /api/uploads': 'Upload a file (the raw body)',
        'GET /api/uploads': "The user's uploaded files",
        'GET /api/uploads/:guid': 'An uploaded file',
        'DELETE /api/uploads/:guid': 'Delete an uploaded file',
      },
    },
  },
  {
    tag: 'live-events',
    description:
      'Server-sent event streams: bids, offers, quotes and cart changes as they happen (platform code). ' +
      'docs/api/live-events.md.',
    modules: {
      platform: {
        'GET /api/events': 'Live events of the topics the signed-in user may follow (server-sent events)',
        'GET /api/public/events': "A public market page's live bids and quotes (server-sent events)",
      },
    },
  },
  ...MORE_AREAS,
];
