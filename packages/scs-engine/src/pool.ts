// Worker threads for speed (node:worker_threads): a pool splits a plan's blocks into contiguous ranges, one per worker,
// and adds their sums in block order. Each block has its own random stream, so the result is the one thread's result
// whatever the number of workers (up to the order of floating-point additions inside sumBlocks, which is fixed).

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Plan } from './plan.ts';
import { simulateBlocks } from './simulate.ts';

export type BlockRunner = (plan: Plan) => Promise<Float64Array[]>;

/** Runs every block in the calling thread (tests, one-off valuations). */
export const runInThread: BlockRunner = async (plan) => [simulateBlocks(plan, 0, plan.blocks)];

export type PricingPool = { run: BlockRunner; size: number; close: () => Promise<void> };

type Pending = { resolve: (stats: Float64Array) => void; reject: (error: Error) => void };

/** A pool of `size` workers (default: the machine's cores, at most 8). Close it when done (workers keep a process alive). */
export function createPricingPool(size = Math.min(8, availableParallelism())): PricingPool {
  const workers = Array.from({ length: Math.max(1, size) }, () => new Worker(new URL('./worker.ts', import.meta.url)));
  const pending = new Map<number, Pending>();
  let nextId = 1;
  for (const worker of workers) {
    worker.on('message', (msg: { id: number; stats?: Float64Array; error?: string }) => {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.stats) p.resolve(msg.stats);
      else p.reject(new Error(msg.error ?? 'pricing worker failed'));
    });
    worker.on('error', (error) => {
      for (const p of pending.values()) p.reject(error);
      pending.clear();
    });
  }
  const run: BlockRunner = (plan) => {
    const n = Math.min(workers.length, plan.blocks);
    const per = Math.ceil(plan.blocks / n);
    const jobs: Promise<Float64Array>[] = [];
    for (let i = 0; i < n; i++) {
      const from = i * per;
      const to = Math.min(plan.blocks, from + per);
      if (from >= to) break;
      const id = nextId++;
      jobs.push(
        new Promise<Float64Array>((resolve, reject) => {
          pending.set(id, { resolve, reject });
          workers[i]!.postMessage({ id, plan, from, to });
        }),
      );
    }
    return Promise.all(jobs);
  };
  return {
    run,
    size: workers.length,
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
