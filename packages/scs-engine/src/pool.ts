// Worker threads for speed (node:worker_threads): a pool splits a plan's blocks into contiguous ranges, one per worker,
// and adds their sums in block order. Each block has its own random stream, so the result is the one thread's result
// whatever the number of workers (up to the order of floating-point additions inside sumBlocks, which is fixed).
//
// A worker that dies (it exits, is terminated, runs out of memory, throws outside a job) fails only the jobs it held:
// they reject with PricingWorkerError, and a fresh worker takes its place on the next run that needs it, so the pool's
// other runs go on and the next run works. Several runs may be in flight at once (each worker answers its jobs in the order they were posted).

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Plan } from './plan.ts';
import { simulateBlocks } from './simulate.ts';

export type BlockRunner = (plan: Plan) => Promise<Float64Array[]>;

/** Runs every block in the calling thread (tests, one-off valuations). */
export const runInThread: BlockRunner = async (plan) => [simulateBlocks(plan, 0, plan.blocks)];

export const PRICING_WORKER_ERROR = 'pricing-worker-failed';

/**
 * A run that could not finish because its worker thread died or the pool was closed: nothing is wrong with the terms,
 * and the same run again (on the replaced worker) answers. The server answers it as a temporary unavailability.
 */
export class PricingWorkerError extends Error {
  readonly code = PRICING_WORKER_ERROR;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PricingWorkerError';
  }
}

export type PricingPool = {
  run: BlockRunner;
  size: number;
  close: () => Promise<void>;
  /** The running worker threads (started by the runs that need them; a lost one is gone until a run replaces it). */
  threads: () => readonly Worker[];
  /** Jobs posted and not yet answered, over all workers. */
  pending: () => number;
  /** Workers lost (they died) since the pool started; each is replaced by the next run that needs it. */
  lost: () => number;
};

type Pending = { resolve: (stats: Float64Array) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; jobs: Map<number, Pending> };

const WORKER_URL = new URL('./worker.ts', import.meta.url);

/** A pool of `size` workers (default: the machine's cores, at most 8). Close it when done (workers keep a process alive). */
export function createPricingPool(size = Math.min(8, availableParallelism())): PricingPool {
  let closed = false;
  let nextId = 1;
  let lost = 0;
  const slots: (Slot | null)[] = [];

  /**
   * Fails the slot's jobs and empties the slot; the next run that needs it starts a fresh worker (lazily: a worker that
   * cannot start at all fails the runs that need it, instead of being restarted in a loop).
   */
  function lose(slot: Slot, reason: string, cause?: unknown): void {
    const i = slots.indexOf(slot);
    if (i < 0) return; // already lost ('error' is followed by 'exit')
    const failure = new PricingWorkerError(`A pricing worker thread stopped (${reason}); try again.`, { cause });
    for (const job of slot.jobs.values()) job.reject(failure);
    slot.jobs.clear();
    slots[i] = null;
    if (closed) return;
    // Make sure the dead worker is gone (an 'error' comes before its 'exit'; its later events find no slot).
    slot.worker.terminate().catch(() => undefined);
    lost++;
  }

  function start(): Slot {
    const slot: Slot = { worker: new Worker(WORKER_URL), jobs: new Map() };
    slot.worker.on('message', (msg: { id: number; stats?: Float64Array; error?: string }) => {
      const job = slot.jobs.get(msg.id);
      if (!job) return;
      slot.jobs.delete(msg.id);
      if (msg.stats) job.resolve(msg.stats);
      else job.reject(new Error(msg.error ?? 'pricing worker failed'));
    });
    slot.worker.on('error', (error) => lose(slot, error.message, error));
    slot.worker.on('exit', (code) => lose(slot, `exit code ${code}`));
    return slot;
  }

  // Each worker starts with the first run that needs it (a failure to start is then that run's PricingWorkerError).
  for (let i = 0; i < Math.max(1, size); i++) slots.push(null);

  const post = (i: number, plan: Plan, from: number, to: number) =>
    new Promise<Float64Array>((resolve, reject) => {
      let slot: Slot;
      try {
        slot = slots[i] ??= start();
      } catch (cause) {
        // No thread could be started (the process is out of threads or memory): as unavailable as a dead one.
        reject(new PricingWorkerError('A pricing worker thread could not start; try again.', { cause }));
        return;
      }
      const id = nextId++;
      slot.jobs.set(id, { resolve, reject });
      slot.worker.postMessage({ id, plan, from, to });
    });

  const run: BlockRunner = (plan) => {
    if (closed) return Promise.reject(new PricingWorkerError('The pricing pool is closed.'));
    const n = Math.min(slots.length, plan.blocks);
    const per = Math.ceil(plan.blocks / n);
    const jobs: Promise<Float64Array>[] = [];
    for (let i = 0; i < n; i++) {
      const from = i * per;
      const to = Math.min(plan.blocks, from + per);
      if (from >= to) break;
      jobs.push(post(i, plan, from, to));
    }
    return Promise.all(jobs);
  };

  return {
    run,
    size: slots.length,
    close: async () => {
      closed = true;
      const all = slots.filter((s) => s !== null);
      for (const slot of all) {
        const failure = new PricingWorkerError('The pricing pool was closed.');
        for (const job of slot.jobs.values()) job.reject(failure);
        slot.jobs.clear();
      }
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
    threads: () => slots.flatMap((s) => (s ? [s.worker] : [])),
    pending: () => slots.reduce((n, s) => n + (s?.jobs.size ?? 0), 0),
    lost: () => lost,
  };
}
