/**
 * The 'structures' area of the API reference (api-operations.ts lists it; issue 18, decisions 061 and 062): structured
 * grain products — pricing, parameters, booking and the life of a structure, positions. One line per route.
 */

const SCS = '/api/commodities/scs';
const PC = '/api/commodities/profit-center';

/** Booking and the life of a structure (decision 062, booking): modules/structures/booking.* */
const BOOKING_OPERATIONS: Readonly<Record<string, string>> = {
  [`POST ${SCS}/structure`]: 'Quote a structure for a client: its terms built and valued at today’s market',
  [`POST ${SCS}/saved-structure`]: 'Save a structure as a quote (the same as POST structure)',
  [`GET ${SCS}/saved-structure`]: "The user's saved quotes",
  [`GET ${SCS}/structures`]: "The partner's structures with accumulated and remaining bushels and today's close cost",
  [`GET ${SCS}/structure/:structId`]: 'A structure with its observations, rules in words and confirmation',
  [`PUT ${SCS}/structure/:structId`]: 'Edit a quote (If-Match), re-valued at today’s market',
  [`DELETE ${SCS}/structure/:structId`]: 'Cancel a quote or a structure waiting for the client’s signature (If-Match)',
  [`POST ${SCS}/trade`]: 'Trade a quote (If-Match): live on a verbal confirmation, or sent to the client to e-sign',
  [`GET ${SCS}/structure/:structureId/close-cost`]:
    'What ending a live structure costs today (the merchandiser’s side)',
  [`POST ${SCS}/structure/:structureId/request-close`]: 'Ask to close a live structure on the client’s behalf',
  [`POST ${SCS}/structure/:structureId/close`]: 'Approve or decline a close request (If-Match)',
  [`GET ${PC}/structures`]: "The farmer's structures (read-only; never a quote)",
  [`GET ${PC}/structures/:structureId`]: "One of the farmer's structures with its observations",
  [`POST ${PC}/structures/:structureId/request-close`]: 'The farmer asks to close one of their live structures',
};

/** Pricing (decision 062): modules/structures/pricing.* — nothing is written. */
const PRICING_OPERATIONS: Readonly<Record<string, string>> = {
  [`POST ${SCS}/pricing-tool`]: 'Value a structure input at today’s market (or given futures, vol, rate), seeded',
  [`POST ${SCS}/calc-theos`]: 'Value saved structures or inputs with their deltas, summed per crop and futures month',
  [`POST ${SCS}/solve-zero-premium`]: 'The accumulation level or knock-out at which a structure costs the fee only',
  [`POST ${SCS}/solve-zero-table`]: 'Zero-cost accumulation levels over knock-outs × period ends (at most 8 × 8)',
  [`GET ${SCS}/futures-symbols/calendar`]: 'The CBOT grains’ trading days, weekly observation days and holidays',
  [`GET ${SCS}/current-price-info/cbot-symbol/:futuresSymbols`]: 'The latest quotes of futures symbols (ZCZ26,ZSX26)',
};

/** The pricing parameters (decision 062): modules/structures/parameters.* — structures-admin writes. */
const PARAMETERS_OPERATIONS: Readonly<Record<string, string>> = {
  [`GET ${PC}/scs_parameters/:contractList?`]: 'The SCS parameters per crop: discount rate, default fee, paths',
  [`PUT ${PC}/scs_parameters/:contractList?`]: 'Replace the SCS parameters of the listed crops (If-Match)',
  [`GET ${PC}/option_vol/:contractList?`]: 'The option volatilities per crop and contract month',
  [`PUT ${PC}/option_vol/:contractList?`]: 'Replace the option volatilities of the listed contracts (If-Match)',
  [`GET ${PC}/future_beta/:contractList?`]: 'The futures betas per crop and contract month',
  [`PUT ${PC}/future_beta/:contractList?`]: 'Replace the futures betas of the listed contracts (If-Match)',
  [`GET ${PC}/option_beta/:contractList?`]: 'The option betas per crop and contract month',
  [`PUT ${PC}/option_beta/:contractList?`]: 'Replace the option betas of the listed contracts (If-Match)',
  [`GET ${PC}/skew/:cropId?`]: 'The volatility skew by moneyness, per crop',
  [`PUT ${PC}/skew/:cropId?`]: 'Replace the skew of a crop, or of every crop (If-Match)',
};

/** The merchandiser's position (decision 062, positions): modules/structures/positions.* — structures-admin writes. */
const POSITIONS_OPERATIONS: Readonly<Record<string, string>> = {
  [`GET ${PC}/trades`]: "The partner's hedge trades (futures and options), newest first",
  [`POST ${PC}/trades`]: 'Record a hedge trade: futures or an option bought or sold, in 5,000-bu contracts',
  [`GET ${PC}/trades/:tradeId`]: 'One hedge trade',
  [`PUT ${PC}/trades/:tradeId`]: 'Edit a hedge trade (If-Match)',
  [`DELETE ${PC}/trades/:tradeId`]: 'Cancel a hedge trade (If-Match): it leaves the position',
  [`GET ${PC}/positions`]:
    'The position per crop and futures month: contracts priced, live structures’ deltas, hedges, net to hedge',
  [`GET ${SCS}/position-manager`]: 'The position manager’s figures (the same as GET positions)',
};

const STRUCTURES_OPERATIONS: Readonly<Record<string, string>> = {
  ...PRICING_OPERATIONS,
  ...PARAMETERS_OPERATIONS,
  ...BOOKING_OPERATIONS,
  ...POSITIONS_OPERATIONS,
};

export const STRUCTURES_AREA = {
  tag: 'structures',
  description:
    'Structured grain products (issue 18; decisions 061 and 062): accumulators and friends priced by the engine, ' +
    'quoted, traded (confirmed through e-sign when asked), observed every trading day, closed on request or written ' +
    "as an HTA at the end; the farmer's read-only view; the pricing parameters and the merchandiser's position.",
  modules: { structures: STRUCTURES_OPERATIONS },
};
