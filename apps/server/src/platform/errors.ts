import type { EnterpriseAccessFlag, ErrorCode } from '@granary/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isConnectionError, sqlStateOf } from './db.ts';

export type { ErrorCode };

/**
 * Every error code the server answers with (ERROR_CODES of @granary/domain, the one list the web shares), its HTTP
 * status and default message. `satisfies Record<ErrorCode, …>` keeps the two lists the same: a code missing here or
 * one the domain does not know is a type error.
 */
export const ERRORS = {
  invalid_request: { status: 400, message: 'The request is not valid.' },
  unauthenticated: { status: 401, message: 'Your session expired' },
  forbidden: { status: 403, message: 'You do not have permissions for this action' },
  csrf_invalid: { status: 403, message: 'Access denied to requested method' },
  invalid_credentials: { status: 401, message: 'Incorrect username/password combination.' },
  /** grain-marketing.md 8: the message names the identity provider ('Could not sign in with your Google account.'). */
  oauth_failed: { status: 401, message: 'Could not sign in with your account.' },
  account_locked: { status: 423, message: 'Your account is locked, please wait a while before trying again.' },
  account_suspended: { status: 403, message: 'Your account is suspended. Contact Support if you need help.' },
  account_deleted: { status: 403, message: 'This account has been deleted. Contact Support if you need help.' },
  no_account: {
    status: 404,
    message:
      'Sorry, but we cannot create an account for this email and password combination. Contact Support if you need help.',
  },
  link_invalid: { status: 410, message: 'The password link is no longer valid.' },
  incorrect_password: { status: 400, message: 'The current password you provided was incorrect, please try again.' },
  code_invalid: { status: 400, message: 'Incorrect MFA code supplied.' },
  /** platform.md 5.3: details.fields maps each refused field to its validation key. */
  invalid_signup: { status: 400, message: 'Please check the highlighted fields.' },
  /** platform.md 8.2; only said to someone who has proved they own the address (no enumeration). */
  email_taken: {
    status: 409,
    message:
      'Sorry, but we cannot create an account for this email and password combination. Contact Support if you need help.',
  },
  /** A verification session asked for a step it is not at (reload the page and go on from its step). */
  verification_step: {
    status: 409,
    message: 'This step is already done or not reached yet. Reload the page to go on.',
  },
  insecure_password: { status: 400, message: 'This password is too common. Choose one that is harder to guess.' },
  bot_check_failed: { status: 400, message: 'TRY_AGAIN' },
  not_found: { status: 404, message: 'The page you are looking for does not exist.' },
  method_not_allowed: { status: 405, message: 'Access denied to requested method' },
  conflict: { status: 409, message: 'The record was changed by someone else.' },
  precondition_failed: { status: 412, message: 'The record was changed by someone else. Reload it and try again.' },
  /** A write to a shared record must say which version it edits (If-Match). */
  precondition_required: { status: 428, message: 'This change needs the If-Match header with the version you edited.' },
  payload_too_large: { status: 413, message: 'The request is too large.' },
  /** Uploads (platform.md 4.4): only PDF, PNG and JPEG files, never an empty one. */
  upload_type_not_allowed: { status: 400, message: 'Only PDF, PNG and JPEG files can be uploaded.' },
  upload_empty: { status: 400, message: 'The file is empty.' },
  ingest_not_csv: { status: 400, message: 'The file is not a CSV file.' },
  ingest_empty_file: { status: 400, message: 'The file is empty.' },
  ingest_wrong_encoding: { status: 400, message: 'The file is not text in UTF-8, UTF-16 or Windows-1252.' },
  ingest_missing_column: { status: 400, message: 'A mapped column is missing from the file.' },
  ingest_no_mapping: { status: 400, message: 'Map the columns of this record type before sending a file.' },
  ingest_file_removed: { status: 410, message: 'The original file was removed after the retention period.' },
  unsupported_media_type: { status: 415, message: 'The request content type is not supported.' },
  rate_limited: { status: 429, message: 'Too many requests. Please wait a while before trying again.' },
  // The store's cart and checkout codes (platform.md 8.3), used verbatim as `code`; shared by cart and checkout.
  cart_conflict: {
    status: 409,
    message: 'Your cart was changed in another window. It has been refreshed; please review it.',
  },
  cart_already_checked_out: { status: 409, message: 'This cart has already been ordered.' },
  items_need_adjustment: {
    status: 409,
    message: 'Some items changed in price or availability since you added them. Please review your cart.',
  },
  invalid_checkout_cart_content: { status: 400, message: 'Some items in your cart cannot be ordered as it is.' },
  invalid_promo_code: { status: 400, message: 'This promo code is not valid.' },
  invalid_referral_code: { status: 400, message: 'This referral code is not valid.' },
  invalid_shipping_address: { status: 400, message: 'Please check the shipping address.' },
  invalid_billing_address: { status: 400, message: 'Please check the billing address.' },
  invalid_address: { status: 400, message: 'Please check the address.' },
  invalid_delivery_contact: { status: 400, message: 'Please check the delivery contact.' },
  invalid_abn: {
    status: 400,
    message: 'This is not a valid ABN: an ABN is 11 digits and its check digits must match.',
  },
  abn_not_found: { status: 404, message: 'No business is registered under this ABN.' },
  abn_taken: { status: 409, message: 'This ABN already belongs to a farm business.' },
  abn_inactive: { status: 400, message: 'This ABN is cancelled in the register; an account needs an active ABN.' },
  invalid_fulfillment_promise: { status: 400, message: 'Please choose when the order should be delivered.' },
  invalid_future_delivery_date: {
    status: 400,
    message: 'Please choose delivery dates in the future, the first not after the last.',
  },
  // The cart's own refusals: an item restriction of 8.3 broken (details {restriction, max|min|jurisdiction}), a
  // variant not sold in the visitor's region, and the cart off (6.2) for the region or for want of the permission.
  item_restricted: { status: 400, message: 'This quantity is not allowed for this product.' },
  variant_not_sold_in_region: { status: 400, message: 'This product is not sold in your region.' },
  cart_not_available_in_region: { status: 403, message: 'Buying online is not available in your region.' },
  /** platform.md 2.9: the store's terms of service must be accepted before an order is placed. */
  terms_not_accepted: { status: 403, message: "Please accept the store's terms of service before placing an order." },
  payment_failed: { status: 402, message: 'Your payment failed. Please try again with a different payment method.' },
  // The CRM administrator's users (issue 15; grain-marketing.md 8 'CRM' admin user errors).
  user_taken: { status: 409, message: 'User email or phone number already taken' },
  phone_invalid: { status: 400, message: 'The mobile phone number is invalid' },
  /** A buyer-admin cannot suspend themselves or take away their own buyer-admin permission. */
  admin_self_change: {
    status: 409,
    message: 'You cannot suspend yourself or remove your own buyer-admin permission. Ask another administrator.',
  },
  /** An invitation link that is unknown, used, revoked or expired. */
  invitation_invalid: {
    status: 410,
    message: 'This invitation is no longer valid. Ask your administrator for a new one.',
  },
  // A farm business's team (issue 16, decision 052). The access-denied wording is platform.md 8.1's; the one refusal
  // of every access-flag check (accessDenied below).
  enterprise_access_required: {
    status: 403,
    message: 'Access denied: contact the primary account owner, who can toggle permissions in My Team.',
  },
  team_self_change: {
    status: 409,
    message: 'You cannot change your own role or access. Ask an owner of the farm business.',
  },
  last_owner: { status: 409, message: 'A farm business needs at least one owner. Make another member an owner first.' },
  already_member: { status: 409, message: 'This person is already a member of the team.' },
  // A farm business's billing (issue 17, decision 056).
  card_declined: { status: 402, message: 'Your card was declined. Please try a different card.' },
  micro_deposits_incorrect: { status: 400, message: 'The amounts do not match the deposits made to your account.' },
  bank_account_not_verified: { status: 409, message: 'Verify this bank account first.' },
  // Sustainability (decision 059): a signature that would take the program past its acre cap.
  enrolment_over_cap: { status: 400, message: 'Signing would take the program past its acre cap.' },
  saved_view_name_taken: { status: 400, message: 'You already have a view with this name.' },
  // Structured products (issue 18, decision 062): `invalid_structure_terms` carries details {field}, the form field.
  invalid_structure_terms: { status: 400, message: 'These structure terms are not consistent.' },
  structure_status_conflict: { status: 409, message: 'This structure is no longer in a state that allows this.' },
  no_futures_quote: {
    status: 409,
    message: 'There is no futures price for this month yet; enter the futures to price.',
  },
  // Partner onboarding (issue 17, decision 060).
  onboarding_code_expired: { status: 400, message: 'This code is no longer valid. Ask for a new one.' },
  contact_phone_missing: {
    status: 400,
    message: 'There is no phone number on file for this contact. Ask your grain buyer to update it.',
  },
  legal_entity_linked_elsewhere: {
    status: 409,
    message: 'This grain account is already linked to another farm business. Contact your grain buyer.',
  },
  internal_error: { status: 500, message: 'Sorry, an unexpected issue occurred. Please come back later!' },
  unavailable: { status: 503, message: 'Sorry, an unexpected issue occurred. Please come back later!' },
} as const satisfies Record<ErrorCode, { status: number; message: string }>;

/** Services throw this; the one error handler maps it to `{code, message}` and the status of ERRORS. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  constructor(code: ErrorCode, message?: string, details?: unknown) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.details = details;
  }
  get status(): number {
    return ERRORS[this.code].status;
  }
}

/**
 * The one refusal of every enterprise access-flag check (platform.md 6.2 and 8.1, decision 052): 403
 * enterprise_access_required, 'Access denied: contact the primary account owner, who can toggle permissions in My
 * Team.', with the missing flag in details (cart and checkout add the cart's `reason`, the same code).
 */
export function accessDenied(flag: EnterpriseAccessFlag, details: Record<string, unknown> = {}): AppError {
  return new AppError('enterprise_access_required', undefined, { ...details, flag });
}

type ErrorBody = { code: ErrorCode; message: string; details?: unknown };

function fromFastifyError(err: FastifyError): { status: number; body: ErrorBody } | null {
  const status = err.statusCode ?? 500;
  if (status >= 500) return null;
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { code: 'payload_too_large', message: ERRORS.payload_too_large.message } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { code: 'unsupported_media_type', message: ERRORS.unsupported_media_type.message } };
    default:
      break;
  }
  // The rate limiter's own message says how long to wait; keep it.
  if (status === 429)
    return { status, body: { code: 'rate_limited', message: err.message || ERRORS.rate_limited.message } };
  if (status === 404) return { status, body: { code: 'not_found', message: ERRORS.not_found.message } };
  // Any other client error fastify raises (bad JSON, empty body with a JSON content type, …) is a 400 with its reason.
  return { status: status === 400 ? 400 : status, body: { code: 'invalid_request', message: err.message } };
}

/** Seconds a client is asked to wait before it tries again when the database (or another dependency) is away. */
export const UNAVAILABLE_RETRY_AFTER_S = 2;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    // The error handler's bodies are its own shape, whatever a route declares for its 4xx answers: they are sent as
    // plain JSON, never through the route's response schema (where a mismatch turned a 400 into a 500).
    reply.serializer((payload: unknown) => JSON.stringify(payload)).type('application/json; charset=utf-8');
    if (err instanceof AppError) {
      const body: ErrorBody = { code: err.code, message: err.message };
      if (err.details !== undefined) body.details = err.details;
      if (err.status >= 500) request.log.error({ err }, 'request failed');
      // A dependency that is briefly away (a pricing worker that died and is being replaced): try again shortly,
      // unless the route said how long (the live events' stream limit).
      if (err.code === 'unavailable' && !reply.hasHeader('retry-after'))
        reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
      return reply.status(err.status).send(body);
    }
    if (isConnectionError(err)) {
      // The database could not be reached or the connection broke: a write was rolled back whole (one transaction
      // per request) and a read was already tried twice, so the client may simply try again shortly.
      request.log.error({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S))
        .send({ code: 'unavailable', message: ERRORS.unavailable.message });
    }
    if (sqlStateOf(err)?.startsWith('22')) {
      // A data exception (class 22: a number out of its column's range, a malformed uuid or date, text too long):
      // a value of the request PostgreSQL cannot take. The request's transaction was rolled back; the schema that let
      // the value through should be tightened, hence the warning.
      request.log.warn({ err }, 'a request value the database refused; tighten its schema');
      return reply.status(400).send({
        code: 'invalid_request',
        message: 'A value in the request is out of range or not of the expected kind.',
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message,
      }));
      const where = err.validationContext ?? 'request';
      return reply.status(400).send({
        code: 'invalid_request',
        message: `Invalid ${where}: ${details.map((d) => `${d.path || '(root)'} ${d.message}`.trim()).join('; ')}`,
        details,
      });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, cause: err.cause }, 'response did not match its schema');
      return reply.status(500).send({ code: 'internal_error', message: ERRORS.internal_error.message });
    }
    const mapped = fromFastifyError(err as FastifyError);
    if (mapped) return reply.status(mapped.status).send(mapped.body);
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: 'internal_error', message: ERRORS.internal_error.message });
  });
}
