// A source of futures prices behind one interface: the simulated feed (demo), the admin CSV import, and a
// market-data provider later. A feed writes through futures.repo applyQuoteUpdates (quotes, history, the
// 'quotes' event) and tells onQuotesChanged's listeners exactly once per change (see quotes-listeners.ts).

import type { QuoteSource } from '@granary/domain';
import type { Db } from '../../../platform/db.ts';

export type FeedLog = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type PriceFeed = {
  readonly source: QuoteSource;
  /**
   * Registers the feed's jobs in this process and schedules its recurring job (once across all processes:
   * the job's key). Every process may call it at start; the job table decides who runs each tick.
   */
  start(db: Db, log?: FeedLog): Promise<void>;
  /** Stops scheduling from this process (the pending job stays for the other processes). */
  stop(): void;
};
