// Benchmarks print their figures and the budget they are held to; they never fail a build by timing.
import { runShellBench } from './shell.bench.ts';

await runShellBench();
