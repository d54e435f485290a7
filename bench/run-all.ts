// Benchmarks print their figures and the budget they are held to; they never fail a build by timing.
import { runShellBench } from './shell.bench.ts';
import { runLoginBench } from './login.bench.ts';

const only = process.argv[2];
if (!only || only === 'shell') await runShellBench();
if (!only || only === 'login') await runLoginBench();
