// Request and response shapes of the CRM's contract calls (grain-marketing.md 7 'Contract management'): the
// contract detail, its documents, option months and operations (cancel, rolls, notes), and the terms text.

import { z } from 'zod';
import { pagedFields } from './api.ts';
import { canonicalJson } from './pagination.ts';
import { decimalInSchema, decimalString, decimalStringSchema, isoDateSchema, toDecimalOrNull } from './exact.ts';
import { contractListRowSchema } from './list-row.ts';
import { type ContractRecord } from './conditions.ts';
import { decimal, id, instant, noNul } from './api-fields.ts';

export const pricingEventRowSchema = z.object({
  id,
  quantity: decimalStringSchema,
  futuresPrice: decimal,
  basis: decimal,
  cashPrice: decimal,
  pricedAt: instant,
});

export const CONTRACT_OPERATIONS = ['cancel', 'partial_cancel', 'note', 'futures_roll', 'basis_roll', 'roll'] as const;
export type ContractOperation = (typeof CONTRACT_OPERATIONS)[number];

export const contractAmendmentRowSchema = z.object({
  id,
  displayContractAmendmentId: z.string(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: instant,
});
export type ContractAmendmentRow = z.infer<typeof contractAmendmentRowSchema>;

export const DOCUMENT_STATUSES = ['draft', 'sent', 'signed', 'void'] as const;

export const contractDocumentRowSchema = z.object({
  id,
  contractId: id,
  displayContractId: z.string(),
  clientId: id,
  clientName: z.string(),
  marketId: id,
  kind: z.string(),
  fileName: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  sha256: z.string().nullable(),
  createdAt: instant,
  signedAt: instant.nullable(),
});
export type ContractDocumentRow = z.infer<typeof contractDocumentRowSchema>;

export const contractDocumentListResponseSchema = z.object({
  rows: z.array(contractDocumentRowSchema),
  ...pagedFields,
});
export const contractDocumentSchema = contractDocumentRowSchema.extend({ content: z.string().nullable() });

export const contractDetailSchema = z.object({
  contract: contractListRowSchema,
  /** Send as If-Match with an operation that changes the terms. */
  version: id,
  direction: z.enum(['purchase', 'sale']),
  termsHash: z.string().nullable(),
  signedTermsHash: z.string().nullable(),
  pricingEvents: z.array(pricingEventRowSchema),
  amendments: z.array(contractAmendmentRowSchema),
  ticketApplications: z.array(
    z.object({
      id,
      scaleTicketId: id,
      displayScaleTicketId: z.string(),
      deliveryDate: isoDateSchema,
      quantity: decimalStringSchema,
      splitPct: decimalStringSchema,
    }),
  ),
  documents: z.array(contractDocumentRowSchema),
  /** Operations the contract's state allows now. */
  allowedOperations: z.array(z.enum(CONTRACT_OPERATIONS)),
});
export type ContractDetail = z.infer<typeof contractDetailSchema>;

export const contractOperationResponseSchema = z.object({
  contract: contractDetailSchema,
  amendment: contractAmendmentRowSchema,
});
export type ContractOperationResponse = z.infer<typeof contractOperationResponseSchema>;

const reason = z.string().trim().max(500).refine(noNul, 'Must not contain NUL characters').optional();
const positiveQuantity = decimalInSchema({ min: '0', minExclusive: true, scale: 4 });
/** A signed price change in currency per unit, within ±5 (a month spread or a basis move). */
const priceChange = decimalInSchema({
  min: '-5',
  max: '5',
  scale: 4,
  messages: { min: 'At most 5.00 either way', max: 'At most 5.00 either way' },
});
const OPTION_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const contractCancelSchema = z.object({ reason }).strict();
export const contractPartialCancelSchema = z.object({ quantity: positiveQuantity, reason }).strict();
export const contractFuturesRollSchema = z
  .object({ optionMonth: z.string().regex(OPTION_MONTH, 'Expected YYYY-MM'), spread: priceChange.default('0'), reason })
  .strict();
export const contractBasisRollSchema = z
  .object({
    deliveryStart: isoDateSchema,
    deliveryEnd: isoDateSchema,
    basisAdjustment: priceChange.default('0'),
    reason,
  })
  .strict()
  .refine((x) => x.deliveryStart <= x.deliveryEnd, {
    message: 'The delivery start must not be after its end',
    path: ['deliveryEnd'],
  });
export const contractRollSchema = z
  .object({
    optionMonth: z.string().regex(OPTION_MONTH, 'Expected YYYY-MM'),
    spread: priceChange.default('0'),
    deliveryStart: isoDateSchema,
    deliveryEnd: isoDateSchema,
    basisAdjustment: priceChange.default('0'),
    reason,
  })
  .strict()
  .refine((x) => x.deliveryStart <= x.deliveryEnd, {
    message: 'The delivery start must not be after its end',
    path: ['deliveryEnd'],
  });
export const CONTRACT_NOTE_MAX_LENGTH = 2000;

export const optionMonthsResponseSchema = z.object({ marketId: id, optionMonths: z.array(z.string()) });

/** Terms that a signature covers; any change (roll, cancel, pricing) makes a signed contract mismatch. */
export type ContractTerms = Pick<
  ContractRecord,
  | 'contractType'
  | 'direction'
  | 'cropId'
  | 'cropYear'
  | 'quantity'
  | 'cancelledQuantity'
  | 'deliveryStart'
  | 'deliveryEnd'
  | 'optionMonth'
  | 'futuresPrice'
  | 'basis'
  | 'cashPrice'
  | 'offerPrice'
  | 'strike'
  | 'callOptionFee'
  | 'expiration'
  | 'mpOption'
>;

function normDecimal(v: string | null): string | null {
  const d = toDecimalOrNull(v);
  return d === null ? null : decimalString(d);
}

/** The canonical text of a contract's terms (the server stores its SHA-256 as terms_hash). */
export function contractTermsText(t: ContractTerms): string {
  return canonicalJson({
    contractType: t.contractType,
    direction: t.direction,
    cropId: t.cropId,
    cropYear: t.cropYear,
    quantity: normDecimal(t.quantity),
    cancelledQuantity: normDecimal(t.cancelledQuantity),
    deliveryStart: t.deliveryStart,
    deliveryEnd: t.deliveryEnd,
    optionMonth: t.optionMonth,
    futuresPrice: normDecimal(t.futuresPrice),
    basis: normDecimal(t.basis),
    cashPrice: normDecimal(t.cashPrice),
    offerPrice: normDecimal(t.offerPrice),
    strike: normDecimal(t.strike),
    callOptionFee: normDecimal(t.callOptionFee),
    expiration: t.expiration,
    mpOption: t.mpOption,
  });
}
