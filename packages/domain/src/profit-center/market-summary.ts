// The profit center's market summary (issue 17 'marketSummary'): the futures board of the crops the farmer deals in,
// each crop's front months with their session figures. Quotes are the futures module's (decision 017).

import { z } from 'zod';
import { isoDateSchema } from '../crm/exact.ts';
import { quoteSchema } from '../bids/quotes.ts';

/** How many of a crop's nearest months the board shows. */
export const MARKET_SUMMARY_MONTHS = 3;

export const marketSummarySchema = z.object({
  /** The exchange's trading day the months are listed as of (expired months are left out). */
  asOf: isoDateSchema,
  crops: z.array(
    z.object({
      cropId: z.number().int(),
      cropName: z.string(),
      /** The futures product the crop is priced off (durum off spring wheat). */
      root: z.string(),
      productName: z.string(),
      exchange: z.string(),
      priceUnit: z.string(),
      currency: z.string(),
      /** Nearest month first, at most MARKET_SUMMARY_MONTHS. */
      quotes: z.array(quoteSchema),
    }),
  ),
});
export type MarketSummary = z.infer<typeof marketSummarySchema>;
