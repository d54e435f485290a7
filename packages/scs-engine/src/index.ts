// @granary/scs-engine: the pricing engine of structured grain products (issue 18, docs/decisions/061). The server
// imports it; the web never runs it (it calls the server). README.md describes the API.

export { black76, black76Price, type Black76Input, type Black76Result, type OptionKind } from './black76.ts';
export { barrierOptionPrice, discreteBarrierOptionPrice, BGK_BETA, type BarrierInput } from './barrier.ts';
export { normalCdf, normalPdf } from './normal.ts';
export { createRng, type Rng } from './rng.ts';
export {
  addDays,
  cbotHolidays,
  daysBetween,
  easterSunday,
  isTradingDay,
  tradingDays,
  weeklyTradingDays,
  type Holiday,
} from './calendar.ts';
export {
  DEFAULT_PARAMETERS,
  SCS_CROP_IDS,
  marketFromParameters,
  resolveMarket,
  skewAt,
  type ContractKey,
  type FutureBeta,
  type OptionBeta,
  type OptionVol,
  type PricingParameters,
  type ResolvedMarket,
  type ScsParameters,
  type Skew,
  type SkewPoint,
} from './parameters.ts';
export {
  INITIAL_STATE,
  bandFor,
  finalize,
  observe,
  sideSign,
  type Band,
  type KnockOut,
  type Market,
  type Observation,
  type ObservationEvent,
  type PriceRule,
  type Side,
  type StructureKind,
  type StructureState,
  type StructureTerms,
} from './structure.ts';
export { accumulator, averagePrice, hta, minimumPrice, type AccumulatorInput } from './builders.ts';
export { SCS_TERMS_ERROR, ScsTermsError, validateMarket, validateTerms, type ScsField } from './validate.ts';
export { DEFAULT_PATHS, DEFAULT_SEED, type RunOptions } from './plan.ts';
export type { Valuation } from './result.ts';
export { priceStructure } from './price.ts';
export { calcTheos, valueStructure, type EngineOptions, type MonthDelta, type TheoItem } from './engine.ts';
export {
  PRICING_WORKER_ERROR,
  PricingWorkerError,
  createPricingPool,
  runInThread,
  type BlockRunner,
  type PricingPool,
} from './pool.ts';
export {
  solveZeroPremium,
  solveZeroTable,
  type SolveFor,
  type ZeroPremiumRequest,
  type ZeroPremiumResult,
  type ZeroTableCell,
  type ZeroTableOptions,
  type ZeroTableRequest,
} from './solver.ts';
