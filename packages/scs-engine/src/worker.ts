// A pricing worker thread: simulates the blocks it is given and answers their sums (pool.ts).

import { parentPort } from 'node:worker_threads';
import type { Plan } from './plan.ts';
import { simulateBlocks } from './simulate.ts';

type Job = { id: number; plan: Plan; from: number; to: number };

parentPort?.on('message', (job: Job) => {
  try {
    const stats = simulateBlocks(job.plan, job.from, job.to);
    parentPort?.postMessage({ id: job.id, stats }, [stats.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
