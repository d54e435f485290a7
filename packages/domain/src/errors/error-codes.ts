// The error codes of the API (DESIGN.md, Conventions 3): services throw AppError(code); the one error handler answers
// {code, message, details?} with the status of the server's registry (apps/server/src/platform/errors.ts, typed by
// ErrorCode), and the web maps the code to the specs' wording. Written once here, so a code the server does not know
// or the web misspells is a type error on either side.

/** Every code an error answer of the server can carry. */
export const ERROR_CODES = [
  'invalid_request',
  'unauthenticated',
  'forbidden',
  'csrf_invalid',
  // Identity (grain-marketing.md 8 'Sign-in and password', platform.md 5.3 and 8.2).
  'invalid_credentials',
  'oauth_failed',
  'account_locked',
  'account_suspended',
  'account_deleted',
  'no_account',
  'link_invalid',
  'incorrect_password',
  'code_invalid',
  'invalid_signup',
  'email_taken',
  'verification_step',
  'insecure_password',
  'bot_check_failed',
  // Generic HTTP refusals.
  'not_found',
  'method_not_allowed',
  'conflict',
  'precondition_failed',
  'precondition_required',
  'payload_too_large',
  'upload_type_not_allowed',
  'upload_empty',
  'unsupported_media_type',
  'rate_limited',
  // The store's cart and checkout (platform.md 8.3, 6.2, 2.9).
  'cart_conflict',
  'cart_already_checked_out',
  'items_need_adjustment',
  'invalid_checkout_cart_content',
  'invalid_promo_code',
  'invalid_referral_code',
  'invalid_shipping_address',
  'invalid_billing_address',
  'invalid_fulfillment_promise',
  'invalid_future_delivery_date',
  'item_restricted',
  'variant_not_sold_in_region',
  'cart_not_available_in_region',
  'terms_not_accepted',
  'payment_failed',
  // Saved views of the CRM grids (issue 13): a user's view names are unique per grid.
  'saved_view_name_taken',
  // The CRM administrator's users (issue 15; grain-marketing.md 8 'CRM' admin user errors).
  'user_taken',
  'phone_invalid',
  'admin_self_change',
  'invitation_invalid',
  // ERP syncs and file imports (issue 15): a file refused before any row is written.
  'ingest_not_csv',
  'ingest_empty_file',
  'ingest_wrong_encoding',
  'ingest_missing_column',
  'ingest_no_mapping',
  // An original file the retention rule removed (the sync and its counts stay).
  'ingest_file_removed',
  // A farm business's address book and Australian business number (issue 16, decision 051).
  'invalid_address',
  'invalid_delivery_contact',
  'invalid_abn',
  'abn_not_found',
  'abn_taken',
  'abn_inactive',
  // A farm business's team (issue 16, decision 052): an access flag missing (platform.md 8.1 'Access denied: contact
  // the primary account owner…') — the one code of every flag check (cart and checkout, billing and payments, profit
  // center, team pages, the enterprise's records), details {flag} naming the flag — a change of one's own role or
  // flags, the last owner, an invitee already in the team.
  'enterprise_access_required',
  'team_self_change',
  'last_owner',
  'already_member',
  // A farm business's billing (issue 17, decision 056): a card the provider declined, micro-deposit amounts that do not
  // match, a bank account not verified yet where a verified one is needed.
  'card_declined',
  'micro_deposits_incorrect',
  'bank_account_not_verified',
  // Partner onboarding (issue 17, decision 060): the code expired, was used or died of wrong tries; the contact has no
  // phone on file for a text; the client legal entity is already another farm business's.
  'onboarding_code_expired',
  'contact_phone_missing',
  'legal_entity_linked_elsewhere',
  // Sustainability (decision 059): signing an enrolment would take its program past its acre cap (details maxAcres,
  // acresLeft, acres).
  'enrolment_over_cap',
  // Structured products (issue 18, decision 062): inconsistent terms the engine refuses (details {field}), a move the
  // structure's status does not allow, a futures month without a quote to price at.
  'invalid_structure_terms',
  'structure_status_conflict',
  'no_futures_quote',
  // The server's own failures.
  'internal_error',
  'unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The codes the web's request function gives a call the server did not answer in a readable way: `disconnected`
 * (the server could not be reached, status 0), `timeout` (the request timed out, status 0) and `unexpected` (an
 * answer without a known code, or a body that is not JSON). The server never sends them.
 */
export const CLIENT_ERROR_CODES = ['disconnected', 'timeout', 'unexpected'] as const;

export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** The code of a failed call as the web sees it: the server's code, or one the web gave it. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

const SERVER_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && SERVER_CODES.has(value);
}
