// The contract page (/crm/contracts/:contractId, issue 14, docs/decisions/042-contract-page-and-amendments.md): the
// contract detail of the drawer, with the terms the list row does not carry.

import { z } from 'zod';
import { contractDetailSchema } from './contract-api.ts';
import { isoDateSchema } from './exact.ts';

export const contractPageTermsSchema = z.object({
  marketName: z.string(),
  paymentTerms: z.string().nullable(),
  program: z.string().nullable(),
  pricingPeriodStart: isoDateSchema.nullable(),
  pricingPeriodEnd: isoDateSchema.nullable(),
  /** A credit sale's deferred payment date. */
  deferredPaymentDate: isoDateSchema.nullable(),
});
export type ContractPageTerms = z.infer<typeof contractPageTermsSchema>;

/** GET ctrm/contracts/:contractId. */
export const contractPageSchema = contractDetailSchema.extend({ terms: contractPageTermsSchema });
export type ContractPageData = z.infer<typeof contractPageSchema>;
