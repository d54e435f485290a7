// A structure's confirmation as an e-sign document (decision 016's third document kind, issue 18 'trade'): what the
// signing page shows and the confirmation PDF prints. The levels are decimal strings ($/bu) the page formats in the
// partner's notation; `rules` are the sentences of structureRuleWords, written by the server with the same
// formatters as the PDF.

import { z } from 'zod';
import { decimalStringSchema, isoDateSchema } from '../crm/exact.ts';
import { STRUCTURE_SIDES } from './inputs.ts';

export const structureSigningTermsSchema = z.object({
  structureId: z.number().int().positive(),
  partnerName: z.string(),
  marketName: z.string(),
  clientName: z.string(),
  /** 'Accumulator', 'Minimum price', … (structureKindLabel). */
  kindLabel: z.string(),
  side: z.enum(STRUCTURE_SIDES),
  crop: z.string(),
  cropYear: z.number().int(),
  futuresSymbol: z.string(),
  optionMonth: z.string(),
  /** Committed bushels, before any double-up. */
  quantity: decimalStringSchema,
  start: isoDateSchema,
  end: isoDateSchema,
  /** $/bu taken off (a sale) or added to (a purchase) the futures price of each priced bushel. */
  fee: decimalStringSchema,
  currency: z.string(),
  /** The levels as typed: accumulation level, knock-out, double-up trigger, floor, barrier and protection. */
  levels: z.array(z.object({ label: z.string(), price: decimalStringSchema })),
  /** The rules in words (structureRuleWords). */
  rules: z.array(z.string()),
});
export type StructureSigningTerms = z.infer<typeof structureSigningTermsSchema>;
