// When the nightly observation runs (decision 062 'Nightly observation'), on the one job system (platform/jobs.ts):
// - on each new settlement: the futures module's quotes-changed hook names the symbols that settled (the feed's close
//   of a day, or the admin's import of a settle); a 'structures.observe' job is enqueued for them, which one process
//   claims and runs (a settlement event is rare — once a trading day per symbol, or an import — and a run with nothing
//   new writes nothing, so two of them are harmless);
// - when a client signs a structure traded through e-sign (booking-signed.ts): a 'structures.observe' job for its symbol,
//   so a late-booked structure's past days with a recorded settle are observed at once, not at the next catch-up;
// - on a recurring catch-up ('structures.observe-catch-up', every 15 minutes and when a worker starts): every observed
//   structure, whatever its symbol — a day missed (the feed down, a process stopped mid-run, a settle imported for a
//   day already past) is observed once its settlement is there, never twice.
// A run that observed something asks for the structures' risk to be valued again (positions.risk.ts).

import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { enqueue, ensureRecurring, registerJobHandler } from '../../platform/jobs.ts';
import { onQuotesChanged } from '../futures/futures.public.ts';
import { observeStructures } from './observation.service.ts';
import { enqueueRiskRefresh } from './positions.risk.ts';

const STRUCTURES_OBSERVE_JOB = 'structures.observe';
const STRUCTURES_CATCH_UP_JOB = 'structures.observe-catch-up';
const CATCH_UP_EVERY_MS = 15 * 60_000;
/** A run over 10,000 structures takes seconds; the lease leaves room for a slow database. */
const OBSERVE_LEASE_MS = 10 * 60_000;

/** Enqueues an observation of the structures of these symbols (in the caller's transaction, if any). */
export function enqueueObservation(db: Db, symbols: readonly string[], runAt?: Date): Promise<number | null> {
  return enqueue(db, STRUCTURES_OBSERVE_JOB, { symbols: [...symbols] }, runAt ? { runAt } : {});
}

let hooked = false;

/** The observation's triggers in this process: the quotes-changed hook (settlements) and the two job kinds. */
function registerObservationJobs(log?: { error(obj: object, msg: string): void }): void {
  if (!hooked) {
    hooked = true;
    onQuotesChanged(async ({ db, settled, now }) => {
      if (settled.length > 0) await enqueueObservation(db, settled, now);
    });
  }
  registerJobHandler(
    STRUCTURES_OBSERVE_JOB,
    async ({ db, job, now }) => {
      const symbols = Array.isArray(job.payload.symbols)
        ? job.payload.symbols.filter((s): s is string => typeof s === 'string')
        : [];
      if (symbols.length === 0) return;
      const run = await observeStructures(db, now, { symbols, ...(log ? { log } : {}) });
      if (run.observed > 0) await enqueueRiskRefresh(db, now);
    },
    { maxAttempts: 3, leaseMs: OBSERVE_LEASE_MS },
  );
  registerJobHandler(
    STRUCTURES_CATCH_UP_JOB,
    async ({ db, now }) => {
      const run = await observeStructures(db, now, log ? { log } : {});
      if (run.observed > 0) await enqueueRiskRefresh(db, now);
    },
    { everyMs: CATCH_UP_EVERY_MS, maxAttempts: 1, leaseMs: OBSERVE_LEASE_MS },
  );
}

/** Registers the observation's jobs with the app; the catch-up's first run is scheduled when the app is ready. */
export const structureObservationJobs: FastifyPluginAsync<{ ctx: AppContext }> = async (app, deps) => {
  registerObservationJobs(app.log);
  app.addHook('onReady', async () => {
    await ensureRecurring(deps.ctx.database.db, STRUCTURES_CATCH_UP_JOB);
  });
};
