// Shapes of the futures calls (grain-marketing.md 7 'Grain and profit center': futures-symbols, quotes,
// quotes-symbols-list, quotes-root, futures-historical; 'Merchandising': rounding-mode) and the admin CSV
// import of quotes. Prices are exact decimal strings (dollars per bushel, or per tonne for canola).

import { z } from 'zod';
import { decimalStringSchema, isoDateSchema } from '../crm/exact.ts';
import { ROUNDING_MODES } from './pricing.ts';

const decimal = decimalStringSchema;
const instant = z.string();

export const FUTURES_EXCHANGES = ['CBOT', 'KCBT', 'MGEX', 'ICE'] as const;
export const QUOTE_SOURCES = ['simulated', 'import', 'provider'] as const;
export type QuoteSource = (typeof QUOTE_SOURCES)[number];

/** The admin import of quotes (text/csv). */
export const QUOTES_IMPORT_PATH = '/api/commodities/profit-center/quotes/import';
/**
 * Columns of the import, in their order when the file has no header row. `settle` (last, so that older files keep
 * their meaning) is the settlement price of the row's trade_date: it is recorded as that day's settlement (one per
 * symbol and trading day, a re-import replaces it), which the structures' nightly observation reads. A row may carry
 * a settle without a last: it records the settlement only (a missed day's) and leaves the quote as it is.
 */
export const QUOTE_IMPORT_COLUMNS = [
  'symbol',
  'last',
  'open',
  'high',
  'low',
  'previous_settle',
  'trade_date',
  'quoted_at',
  'settle',
] as const;
export const QUOTE_IMPORT_MAX_ROWS = 5000;

export const futuresSymbolRowSchema = z.object({
  symbol: z.string(),
  root: z.string(),
  exchange: z.string(),
  cropId: z.number().int(),
  monthCode: z.string(),
  /** 'YYYY-MM'. */
  optionMonth: z.string(),
  firstNoticeDay: isoDateSchema.nullable(),
  lastTradeDay: isoDateSchema,
  priceUnit: z.string(),
  currency: z.string(),
});
export type FuturesSymbolRow = z.infer<typeof futuresSymbolRowSchema>;

export const futuresSymbolsResponseSchema = z.object({
  /** The crop asked for (null for the whole calendar). */
  cropId: z.number().int().nullable(),
  /** Symbols still trading on this day (their last trade day is not before it). */
  asOf: isoDateSchema,
  symbols: z.array(futuresSymbolRowSchema),
});
export type FuturesSymbolsResponse = z.infer<typeof futuresSymbolsResponseSchema>;

export const quoteSchema = z.object({
  symbol: z.string(),
  root: z.string(),
  exchange: z.string(),
  cropId: z.number().int(),
  monthCode: z.string(),
  optionMonth: z.string(),
  last: decimal,
  /** last − previousSettle; null without a settlement. */
  change: decimal.nullable(),
  open: decimal.nullable(),
  high: decimal.nullable(),
  low: decimal.nullable(),
  previousSettle: decimal.nullable(),
  tradeDate: isoDateSchema,
  source: z.enum(QUOTE_SOURCES),
  quotedAt: instant,
  version: z.number().int(),
  priceUnit: z.string(),
  currency: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quotesResponseSchema = z.object({ quotes: z.array(quoteSchema) });
export type QuotesResponse = z.infer<typeof quotesResponseSchema>;

export const quotesSymbolsListSchema = z.object({
  symbols: z.array(
    z.object({
      symbol: z.string(),
      root: z.string(),
      exchange: z.string(),
      cropId: z.number().int(),
      optionMonth: z.string(),
      monthCode: z.string(),
    }),
  ),
});
export type QuotesSymbolsList = z.infer<typeof quotesSymbolsListSchema>;

export const futuresHistoricalSchema = z.object({
  symbol: z.string(),
  fromDate: isoDateSchema,
  toDate: isoDateSchema,
  /** Oldest first: a tick row per minute kept for the last days, and each day's settlement. */
  points: z.array(z.object({ quotedAt: instant, price: decimal, kind: z.enum(['tick', 'settle']) })),
});
export type FuturesHistorical = z.infer<typeof futuresHistoricalSchema>;
/** A futures-historical range spans at most this many days. */
export const FUTURES_HISTORY_MAX_DAYS = 400;

/** A futures symbol in a path ('ZCZ26'), upper-cased; the route answers 404 for one that is not ours. */
export const futuresSymbolParamSchema = z
  .string()
  .max(12)
  .regex(/^[A-Za-z]{1,3}([FGHJKMNQUVXZfghjkmnquvxz]\d{2})?$/, 'Expected a futures symbol such as ZCZ26')
  .transform((s) => s.toUpperCase());

// ---------------------------------------------------------------------------------------------------
// Rounding modes of a market per commodity

export const roundingModeRowSchema = z.object({
  marketId: z.number().int(),
  cropId: z.number().int(),
  roundingMode: z.enum(ROUNDING_MODES),
  /** No mode stored: the default applies. */
  isDefault: z.boolean(),
  updatedAt: instant.nullable(),
});
export type RoundingModeRow = z.infer<typeof roundingModeRowSchema>;

export const roundingModesResponseSchema = z.object({
  marketId: z.number().int(),
  modes: z.array(roundingModeRowSchema),
});
export type RoundingModesResponse = z.infer<typeof roundingModesResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// CSV import

export const quoteImportResultSchema = z.object({
  imported: z.number().int(),
  /** Symbols the import listed (they were not in the calendar yet). */
  created: z.array(z.string()),
  symbols: z.array(z.string()),
  /** Settlements recorded (rows with a settle), one per symbol and trading day. */
  settlements: z.number().int(),
});
export type QuoteImportResult = z.infer<typeof quoteImportResultSchema>;

/** The 400 of a refused import: every bad row with its reasons (nothing was written). */
export type QuoteImportRowError = { row: number; reasons: string[] };
export const quoteImportErrorDetailsSchema = z.object({
  rows: z.array(z.object({ row: z.number().int(), reasons: z.array(z.string()) })),
});
