// The live structures' stored risk (docs/decisions/062 'Positions', addendum 'Stored risk'): the background job that
// values each live structure's delta and gamma (positions.deltas.ts, the engine's calcTheos on the pool's threads) and
// keeps them in structure_risk, so that the position call only reads them. On the one job system
// (platform/jobs.ts), as the nightly observation's jobs are (observation.job.ts):
// - 'structures.risk-refresh', keyed (one pending at a time), enqueued after a trade, after an observation run that
//   changed structures, when quotes change (the futures module's quotes-changed hook: the feed's ticks and the
//   admin's import), and by a position call that found a structure not yet valued or stale;
// - 'structures.risk-catch-up', recurring every 5 minutes and when a worker starts: the same run.
// - A run values only the stale rows — a live structure with no row yet (first), its version (state) moved on, the
//   partner's parameters changed, valued on an earlier exchange day or more than a day ago, or its month's futures
//   more than REVALUE_MOVE from the F0 it was valued at (between those, the position moves the delta by the gamma) —
//   in batches of RISK_BATCH, each written in one statement, until none is stale; a run longer than RUN_BUDGET_MS
//   leaves the rest to a follow-up job (its own key), so a lease never expires under a large book.

import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { exchangeToday } from '@granary/domain';
import type { BlockRunner, PricingParameters, StructureState, StructureTerms } from '@granary/scs-engine';
import type { AppContext } from '../../platform/context.ts';
import { rowsOf, type Db } from '../../platform/db.ts';
import { enqueue, ensureRecurring, registerJobHandler } from '../../platform/jobs.ts';
import { onQuotesChanged } from '../futures/futures.public.ts';
import { pricingRunner } from './engine-pool.ts';
import { partnerParameters } from './parameters.service.ts';
import { POSITION_PATHS, eachLimited, structureRisk } from './positions.deltas.ts';

const RISK_REFRESH_JOB = 'structures.risk-refresh';
const RISK_CATCH_UP_JOB = 'structures.risk-catch-up';
const RISK_MORE_KEY = `${RISK_REFRESH_JOB}:more`;
/** Futures moved this much (relative) from F0: the delta is valued again rather than moved by the gamma. */
export const REVALUE_MOVE = 0.01;
/** A stored delta is valued again when older than this, whatever else (time decay, a parameter missed). */
const MAX_AGE_MS = 24 * 3_600_000;
/** Structures valued and written together. */
const RISK_BATCH = 50;
/** A run stops taking batches after this long; a follow-up job goes on. */
const RUN_BUDGET_MS = 4 * 60_000;
const RISK_LEASE_MS = 10 * 60_000;
const CATCH_UP_EVERY_MS = 5 * 60_000;

/** Asks for a refresh of the stale risk rows (in the caller's transaction, if any); a no-op when one is pending. */
export function enqueueRiskRefresh(db: Db, runAt?: Date): Promise<number | null> {
  return enqueue(db, RISK_REFRESH_JOB, {}, { key: RISK_REFRESH_JOB, ...(runAt ? { runAt } : {}) });
}

type StaleRow = {
  id: number;
  partnerId: string;
  cropId: number;
  optionMonth: string;
  futuresSymbol: string;
  version: number;
  terms: StructureTerms | string;
  state: StructureState | string;
  parametersVersion: number;
  last: string | null;
};

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** The next stale live structures (never valued first, then by id), at most `limit`, ids in `skip` excluded. */
async function staleBatch(db: Db, now: Date, today: string, limit: number, skip: readonly number[]) {
  const skipped =
    skip.length > 0
      ? sql`and s.id not in (${sql.join(
          skip.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const result = await db.execute(sql`
    select s.id, s.partner_id as "partnerId", s.crop_id as "cropId", s.option_month as "optionMonth",
           s.futures_symbol as "futuresSymbol", s.version, s.terms, s.state,
           coalesce(p.version, 0) as "parametersVersion", q.last::text as last
    from structures s
    left join structure_risk r on r.structure_id = s.id
    left join scs_parameter_sets p on p.partner_id = s.partner_id
    left join quotes q on q.symbol = s.futures_symbol
    where s.status in ('live', 'close_requested') ${skipped}
      and (r.structure_id is null
        or r.version <> s.version
        or r.parameters_version <> coalesce(p.version, 0)
        or r.valuation_date < ${today}::date
        or r.computed_at < ${new Date(now.getTime() - MAX_AGE_MS).toISOString()}::timestamptz
        or (q.last is not null and r.futures is null)
        or (q.last is not null and abs(q.last - r.futures) > r.futures * ${REVALUE_MOVE}))
    order by (r.structure_id is null) desc, s.id
    limit ${limit}`);
  return rowsOf<StaleRow>(result);
}

type RiskWrite = {
  structureId: number;
  version: number;
  observedThrough: string | null;
  parametersVersion: number;
  futures: number | null;
  delta: number | null;
  gamma: number | null;
  vol: number | null;
  error: string | null;
};

/** Writes a batch's rows in one statement (insert or replace). */
async function writeRisk(db: Db, rows: readonly RiskWrite[], valuationDate: string, now: Date): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(
    (r) =>
      sql`(${r.structureId}::int, ${r.version}::int, ${r.observedThrough}::date, ${r.parametersVersion}::int,
        ${valuationDate}::date, ${r.futures === null ? null : r.futures.toFixed(4)}::numeric, ${r.delta}::float8,
        ${r.gamma}::float8, ${r.vol}::float8, ${POSITION_PATHS}::int, ${r.error}::text, ${now.toISOString()}::timestamptz)`,
  );
  // A structure deleted meanwhile (a cancelled quote never reaches here; the FK is the guard) is skipped by the join.
  await db.execute(sql`
    insert into structure_risk (structure_id, version, observed_through, parameters_version, valuation_date, futures,
      delta, gamma, vol, paths, error, computed_at)
    select v.* from (values ${sql.join(values, sql`, `)}) as v(structure_id, version, observed_through,
      parameters_version, valuation_date, futures, delta, gamma, vol, paths, error, computed_at)
    join structures s on s.id = v.structure_id
    on conflict (structure_id) do update set version = excluded.version, observed_through = excluded.observed_through,
      parameters_version = excluded.parameters_version, valuation_date = excluded.valuation_date,
      futures = excluded.futures, delta = excluded.delta, gamma = excluded.gamma, vol = excluded.vol,
      paths = excluded.paths, error = excluded.error, computed_at = excluded.computed_at`);
}

export type RiskRun = { valued: number; failed: number; batches: number; more: boolean; ms: number };

export type RiskOptions = {
  runner?: BlockRunner;
  /** Stop after this long and say so (`more`); the job enqueues a follow-up. Default RUN_BUDGET_MS. */
  budgetMs?: number;
  batchSize?: number;
  /** Structures valued at once on the pool (default 2: the pool has a thread per core). */
  lanes?: number;
};

/**
 * Values every stale live structure's delta and gamma at the latest quote of its month and its partner's
 * parameters, and stores them. A structure the engine cannot value (no quote, no vol, terms refused) gets a row with
 * the reason, so it is not valued again until something changes.
 */
export async function refreshStructureRisk(db: Db, now: Date, options: RiskOptions = {}): Promise<RiskRun> {
  const started = performance.now();
  const budget = options.budgetMs ?? RUN_BUDGET_MS;
  const runner = options.runner ?? pricingRunner();
  const today = exchangeToday(now);
  const parameters = new Map<string, Promise<PricingParameters>>();
  const parametersOf = (partnerId: string) => {
    let p = parameters.get(partnerId);
    if (!p) parameters.set(partnerId, (p = partnerParameters(db, partnerId).then((r) => r.parameters)));
    return p;
  };
  const run: RiskRun = { valued: 0, failed: 0, batches: 0, more: false, ms: 0 };
  // A row the engine failed on unexpectedly (not a terms error) is left stale but not retried in this run.
  const broken: number[] = [];
  for (;;) {
    if (performance.now() - started > budget) {
      run.more = (await staleBatch(db, now, today, 1, broken)).length > 0;
      break;
    }
    const batch = await staleBatch(db, now, today, options.batchSize ?? RISK_BATCH, broken);
    if (batch.length === 0) break;
    run.batches += 1;
    const writes = await eachLimited(batch, options.lanes ?? 2, async (row): Promise<RiskWrite | null> => {
      const state = json<StructureState>(row.state);
      const subject = { ...row, terms: json<StructureTerms>(row.terms), state };
      try {
        const risk = await structureRisk(
          subject,
          await parametersOf(row.partnerId),
          row.last === null ? null : Number(row.last),
          today,
          runner,
        );
        return {
          structureId: row.id,
          version: row.version,
          observedThrough: state.observedThrough,
          parametersVersion: Number(row.parametersVersion),
          futures: risk.futures,
          delta: risk.delta,
          gamma: risk.gamma,
          vol: risk.vol,
          error: risk.reason,
        };
      } catch {
        broken.push(row.id);
        return null;
      }
    });
    const rows = writes.filter((w): w is RiskWrite => w !== null);
    await writeRisk(db, rows, today, now);
    run.valued += rows.filter((r) => r.error === null).length;
    run.failed += batch.length - rows.length + rows.filter((r) => r.error !== null).length;
  }
  run.ms = performance.now() - started;
  return run;
}

let hooked = false;

/** The refresh's triggers in this process: quotes changed (ticks and settles), the job kind and its catch-up. */
function registerRiskJobs(log?: { error(obj: object, msg: string): void }): void {
  if (!hooked) {
    hooked = true;
    onQuotesChanged(async ({ db, symbols, now }) => {
      if (symbols.length > 0) await enqueueRiskRefresh(db, now);
    });
  }
  const refresh = async ({ db, now }: { db: Db; now: Date }) => {
    const run = await refreshStructureRisk(db, now);
    if (run.more) await enqueue(db, RISK_REFRESH_JOB, {}, { key: RISK_MORE_KEY });
    if (run.failed > 0 && log) log.error({ run }, 'structure risk: some structures could not be valued');
  };
  registerJobHandler(RISK_REFRESH_JOB, refresh, { maxAttempts: 3, leaseMs: RISK_LEASE_MS });
  registerJobHandler(RISK_CATCH_UP_JOB, refresh, {
    everyMs: CATCH_UP_EVERY_MS,
    maxAttempts: 1,
    leaseMs: RISK_LEASE_MS,
  });
}

/** Registers the risk refresh with the app; its catch-up's first run is scheduled when the app is ready. */
export const structureRiskJobs: FastifyPluginAsync<{ ctx: AppContext }> = async (app, deps) => {
  registerRiskJobs(app.log);
  app.addHook('onReady', async () => {
    await ensureRecurring(deps.ctx.database.db, RISK_CATCH_UP_JOB);
  });
};
