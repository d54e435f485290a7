// E-signing of contracts (issue 5; grain-marketing.md 2 '/profit-center/{provider}/contract-signed', 3 eSignEligible /
// eSignSent / signed, 4 get_signatures and signature_mismatch, 7 contracts/sign, signing/urls, document/:documentId).
// The calls' shapes, the states of a contract's signature and of a signing request, and the provider adapter's types.
// docs/decisions/016-e-signing.md says how the catalogue is read.

import { z } from 'zod';
import { CONTRACT_TYPES } from '../crm/contracts.ts';
import { decimalStringSchema, isoDateSchema } from '../crm/exact.ts';
import { hasControlCharacter } from '../format/text.ts';
import { farmerAmendmentChangesSchema } from '../profit-center/api.ts';
import { enrolmentSigningTermsSchema } from '../sustainability/sustainability.ts';
import { structureSigningTermsSchema } from '../structures/signing.ts';

const id = z.number().int();
const instant = z.string();
const decimal = decimalStringSchema.nullable();

/** The built-in provider: the signer reviews the generated PDF in the app and signs there. */
export const BUILTIN_ESIGN_PROVIDER = 'builtin';
/** Provider names: a URL path segment ('/profit-center/{provider}/contract-signed'). */
export const ESIGN_PROVIDER_NAME = /^[a-z][a-z0-9-]{1,30}$/;

/** How long a signing link stays valid. */
export const SIGNING_REQUEST_TTL_DAYS = 14;
/** The one-time token in a signing link: 32 random bytes as hex. */
export const SIGNING_TOKEN_PATTERN = /^[0-9a-f]{64}$/;
/** The typed name of a signature. */
export const SIGNER_NAME_MIN = 2;
export const SIGNER_NAME_MAX = 120;

export const SIGNING_REQUEST_STATUSES = ['sent', 'viewed', 'signed', 'declined', 'expired', 'void'] as const;
export type SigningRequestStatus = (typeof SIGNING_REQUEST_STATUSES)[number];

/**
 * What a signing link offers now: 'open' (can be signed), 'signed', 'expired', 'void' (replaced by a resend or
 * withdrawn), 'terms_changed' (the contract was amended after it was sent: the buyer must send it again).
 */
export const SIGNING_STATES = ['open', 'signed', 'expired', 'void', 'terms_changed'] as const;
export type SigningState = (typeof SIGNING_STATES)[number];

export type SigningRequestFacts = { status: SigningRequestStatus; expiresAt: Date | string; termsHash: string };

export function signingState(
  request: SigningRequestFacts,
  contractTermsHash: string | null,
  now: Date = new Date(),
): SigningState {
  if (request.status === 'signed') return 'signed';
  if (request.status === 'void' || request.status === 'declined') return 'void';
  if (request.status === 'expired' || new Date(request.expiresAt).getTime() <= now.getTime()) return 'expired';
  if (contractTermsHash !== request.termsHash) return 'terms_changed';
  return 'open';
}

/** A signing request's expiry, SIGNING_REQUEST_TTL_DAYS after it is sent. */
export function signingExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + SIGNING_REQUEST_TTL_DAYS * 24 * 60 * 60 * 1000);
}

/**
 * The e-sign state of a contract as the buyer sees it: not eligible; cancelled (nothing to sign); eligible (never
 * sent); sent (waiting for the signature); signed; mismatch (signed, then amended: the signed terms differ).
 */
export const CONTRACT_ESIGN_STATES = ['not_eligible', 'cancelled', 'eligible', 'sent', 'signed', 'mismatch'] as const;
export type ContractEsignState = (typeof CONTRACT_ESIGN_STATES)[number];

export type ContractEsignFacts = {
  status: 'open' | 'completed' | 'cancelled';
  esignEligible: boolean;
  esignSent: boolean;
  signed: boolean;
  termsHash: string | null;
  signedTermsHash: string | null;
};

/** The same rule as the signature_mismatch view: signed, with a signed hash that differs from the current terms. */
export function isSignatureMismatch(
  c: Pick<ContractEsignFacts, 'status' | 'signed' | 'termsHash' | 'signedTermsHash'>,
): boolean {
  return c.status !== 'cancelled' && c.signed && c.signedTermsHash !== null && c.termsHash !== c.signedTermsHash;
}

export function contractEsignState(c: ContractEsignFacts): ContractEsignState {
  if (!c.esignEligible) return 'not_eligible';
  if (c.status === 'cancelled') return 'cancelled';
  if (isSignatureMismatch(c)) return 'mismatch';
  if (c.signed) return 'signed';
  if (c.esignSent) return 'sent';
  return 'eligible';
}

/**
 * Whether the buyer may send the contract for signature: eligible and not cancelled; not when it is signed and the
 * signature still matches (a mismatch is sent again: 'Resend').
 */
export function canSendForSignature(
  c: ContractEsignFacts,
): { ok: true } | { ok: false; reason: 'not_eligible' | 'cancelled' | 'signed' } {
  const state = contractEsignState(c);
  if (state === 'not_eligible' || state === 'cancelled' || state === 'signed') return { ok: false, reason: state };
  return { ok: true };
}

/** The web path of the built-in signing page for a link's reference (a one-time token, or a request id). */
export function signingPagePath(provider: string, ref: string | number): string {
  return `/profit-center/${provider}/sign/${ref}`;
}

/** The landing page after signing (grain-marketing.md 2). */
export function contractSignedPath(provider: string): string {
  return `/profit-center/${provider}/contract-signed`;
}

/** A signing link's reference: the one-time token (anyone holding the link), or a request id (the signed-in signer). */
export type SigningRef = { kind: 'token'; token: string } | { kind: 'request'; requestId: number };

export function parseSigningRef(ref: string): SigningRef | null {
  if (SIGNING_TOKEN_PATTERN.test(ref)) return { kind: 'token', token: ref };
  if (/^[1-9][0-9]{0,15}$/.test(ref)) return { kind: 'request', requestId: Number(ref) };
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Calls

/** POST profit-center/contracts/sign: send a contract for signature (again, when the signature mismatches). */
export const esignSendSchema = z.object({ contractId: id.positive() }).strict();
export type EsignSendInput = z.infer<typeof esignSendSchema>;

/** POST profit-center/signing/:ref/sign: a typed name and the consent to sign electronically. */
export const esignSignSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(SIGNER_NAME_MIN, `At least ${SIGNER_NAME_MIN} characters`)
      .max(SIGNER_NAME_MAX, `At most ${SIGNER_NAME_MAX} characters`)
      .refine((v) => !hasControlCharacter(v), 'Must not contain control characters'),
    consent: z.literal(true, 'The consent to sign electronically is required'),
  })
  .strict();
export type EsignSignInput = z.infer<typeof esignSignSchema>;

export const signingRefParamSchema = z.object({ ref: z.string().max(80) });

/** A stored PDF of a contract document: the generated one, and the signed one once signed. */
export const documentFileSchema = z.object({
  kind: z.enum(['generated', 'signed']),
  sha256: z.string(),
  size: z.number().int(),
  createdAt: instant,
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

/** The contract's e-sign status for the buyer (the CRM drawer). */
export const contractEsignStatusSchema = z.object({
  contractId: id,
  state: z.enum(CONTRACT_ESIGN_STATES),
  canSend: z.boolean(),
  /** The partner's rule: whether an amendment is sent to the client to sign (decision 042). */
  amendmentsRequireSignature: z.boolean(),
  /** The latest signing request, if any. */
  request: z
    .object({
      id,
      provider: z.string(),
      state: z.enum(SIGNING_STATES),
      sentAt: instant,
      sentBy: z.string().nullable(),
      expiresAt: instant,
      signedAt: instant.nullable(),
      signerName: z.string().nullable(),
      documentId: id,
    })
    .nullable(),
  /** The latest signed document (kept when the contract is sent again after a mismatch). */
  signed: z.object({ documentId: id, signedAt: instant.nullable(), signerName: z.string().nullable() }).nullable(),
  documents: z.array(
    z.object({
      id,
      fileName: z.string(),
      status: z.string(),
      createdAt: instant,
      files: z.array(documentFileSchema),
      /** The amendment the document carries (decision 042); null or absent for the contract itself. */
      amendmentId: id.nullable().optional(),
    }),
  ),
});
export type ContractEsignStatus = z.infer<typeof contractEsignStatusSchema>;

export const esignSendResponseSchema = z.object({
  status: contractEsignStatusSchema,
  /** How many of the client's users were notified. */
  notified: z.number().int(),
});
export type EsignSendResponse = z.infer<typeof esignSendResponseSchema>;

/** signing/urls: the signed-in signer's open signing links. */
export const signingUrlsResponseSchema = z.object({
  rows: z.array(
    z.object({
      requestId: id,
      provider: z.string(),
      /** The contract to sign; null for a sustainability enrolment's request (enrolmentId set). */
      contractId: id.nullable(),
      /** The sustainability enrolment waiting for the signature (decision 016's enrolment kind). */
      enrolmentId: id.nullable().optional(),
      /** The enrolment's program name (enrolment rows; displayContractId is empty there). */
      programName: z.string().nullable().optional(),
      /** The structure whose confirmation waits for the signature (decision 016's structure kind, issue 18). */
      structureId: id.nullable().optional(),
      /** The amendment waiting for the signature (decision 042); null for the contract itself. */
      amendmentId: id.nullable().optional(),
      displayContractId: z.string(),
      clientName: z.string(),
      sentAt: instant,
      expiresAt: instant,
      url: z.string(),
    }),
  ),
});
export type SigningUrlsResponse = z.infer<typeof signingUrlsResponseSchema>;

/** The terms a signer reviews (the same as the generated PDF's). */
export const signingTermsSchema = z.object({
  partnerName: z.string(),
  marketName: z.string(),
  clientName: z.string(),
  displayContractId: z.string(),
  contractType: z.enum(CONTRACT_TYPES),
  direction: z.enum(['purchase', 'sale']),
  crop: z.string(),
  cropYear: z.number().int(),
  quantity: decimalStringSchema,
  quantityUnit: z.string(),
  deliveryStart: isoDateSchema,
  deliveryEnd: isoDateSchema,
  optionMonth: z.string().nullable(),
  futuresPrice: decimal,
  basis: decimal,
  cashPrice: decimal,
  currency: z.string(),
  contractDate: isoDateSchema,
});
export type SigningTerms = z.infer<typeof signingTermsSchema>;

/** GET profit-center/signing/:ref: what the signing page shows. */
export const signingReviewSchema = z.object({
  requestId: id,
  provider: z.string(),
  state: z.enum(SIGNING_STATES),
  /** The contract signed, or null for an enrolment (then `enrolment` holds what is signed and `terms` is null). */
  contractId: id.nullable(),
  documentId: id,
  sentAt: instant,
  expiresAt: instant,
  signedAt: instant.nullable(),
  signerName: z.string().nullable(),
  /** A name to suggest in the typed-name field (the signed-in signer's). */
  suggestedName: z.string().nullable(),
  terms: signingTermsSchema.nullable(),
  enrolment: enrolmentSigningTermsSchema.nullable().optional(),
  /** A structure's confirmation (decision 016's structure kind): its terms and rules; `terms` is null. */
  structure: structureSigningTermsSchema.nullable().optional(),
});
export type SigningReview = z.infer<typeof signingReviewSchema>;

export const signResultSchema = z.object({
  requestId: id,
  /** Null for an enrolment (enrolmentId set). */
  contractId: id.nullable(),
  enrolmentId: id.nullable().optional(),
  structureId: id.nullable().optional(),
  documentId: id,
  provider: z.string(),
  /** The contract's number, or the program's name for an enrolment. */
  displayContractId: z.string(),
  signerName: z.string(),
  signedAt: instant,
  sha256: z.string(),
  /** Where the page goes next: the landing page. */
  redirectTo: z.string(),
});
export type SignResult = z.infer<typeof signResultSchema>;

/** Why a signing call was refused (details.reason of a 409). */
export const SIGNING_REFUSALS = ['signed', 'expired', 'void', 'terms_changed'] as const;
export type SigningRefusal = (typeof SIGNING_REFUSALS)[number];

// ---------------------------------------------------------------------------------------------------
// The provider adapter (the server picks one by ESIGN_PROVIDER; 'builtin' unless set)

/** What the server hands a provider when a contract is sent. */
export type EsignEnvelopeInput = {
  requestId: number;
  contractId: number;
  displayContractId: string;
  /** The generated PDF (its sha256 is stored beside it). */
  pdf: Uint8Array;
  signers: { name: string; email: string }[];
  /** The app's origin for links (the partner's vhost or PUBLIC_URL). */
  origin: string;
  /** The one-time token of the request (only its hash is stored). */
  token: string;
};

export type EsignProvider = {
  /** The provider's name: the path segment of '/profit-center/{provider}/…'. */
  readonly name: string;
  /** Creates the envelope; answers the provider's id of it and the URL the signer opens. */
  createEnvelope(input: EsignEnvelopeInput): Promise<{ externalId: string; signingUrl: string }>;
  /** Withdraws an envelope (a resend replaces it). */
  voidEnvelope(externalId: string): Promise<void>;
};

// ---------------------------------------------------------------------------------------------------
// Amendments and the farmer's views (issue 14, docs/decisions/042-contract-page-and-amendments.md)

/**
 * Where an amendment stands with its signer, the same words for the buyer and the farmer: not_required (the partner
 * does not have amendments signed), not_sent (it needs a signature and was not sent yet), sent (open or waiting),
 * signed, void (the request was withdrawn).
 */
export const AMENDMENT_SIGNATURES = ['not_required', 'not_sent', 'sent', 'signed', 'void'] as const;
export type AmendmentSignature = (typeof AMENDMENT_SIGNATURES)[number];

/**
 * An amendment's signature state from the status of the latest document carrying it (null: none) and the partner's
 * `amendmentsRequireSignature`.
 */
export function amendmentSignatureOf(documentStatus: string | null, required: boolean): AmendmentSignature {
  if (documentStatus === null) return required ? 'not_sent' : 'not_required';
  if (documentStatus === 'signed') return 'signed';
  if (documentStatus === 'void') return 'void';
  return 'sent';
}

/** GET profit-center/contract-amendments/:amendmentId/seller: one amendment as the farmer sees it. */
export const sellerAmendmentSchema = z.object({
  id,
  contractId: id,
  displayContractAmendmentId: z.string(),
  action: z.string(),
  createdAt: instant,
  /** What changed, as the farmer's contract view gives it (the web writes it as the contract history's sentence). */
  changes: farmerAmendmentChangesSchema,
  signature: z.enum(AMENDMENT_SIGNATURES),
  signedAt: instant.nullable(),
  documentId: id.nullable(),
  /** The open signing link when this amendment waits for the farmer's signature. */
  signingUrl: z.string().nullable(),
});
export type SellerAmendment = z.infer<typeof sellerAmendmentSchema>;

/** GET profit-center/contracts/:contractId/seller: the farmer's contract, its signature and amendments. */
export const sellerContractSchema = z.object({
  contractId: id,
  displayContractId: z.string(),
  terms: signingTermsSchema,
  state: z.enum(CONTRACT_ESIGN_STATES),
  /** The open signing link (the contract, or its latest amendment when signingAmendmentId is set). */
  signingUrl: z.string().nullable(),
  signingAmendmentId: id.nullable(),
  amendments: z.array(sellerAmendmentSchema),
});
export type SellerContract = z.infer<typeof sellerContractSchema>;

/** The partner's contract signing rules, on /crm/administrator beside the price notation. */
export const contractSigningSettingsSchema = z
  .object({ amendmentsRequireSignature: z.boolean(), programRequired: z.boolean() })
  .strict();
export type ContractSigningSettings = z.infer<typeof contractSigningSettingsSchema>;
export const PARTNER_CONTRACT_SIGNING_PATH = '/api/commodities/merchandising/partner/contract-signing';
