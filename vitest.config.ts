import { defineConfig } from 'vitest/config';

// One runner for unit, component and API tests. End-to-end specs live in e2e/ with their own config.
export default defineConfig({
  test: {
    // One worker per core (vitest's default leaves one core to its main process, which on CI's two cores means one
    // worker): the main process only collects results, and the PostgreSQL-server stage already runs two (decision 033).
    maxWorkers: '100%',
    projects: [
      // Domain and server test files share each worker's modules (isolate: false): they import the same large module
      // graph (the whole app, for the server), which isolation re-evaluated per file — about a quarter of the run
      // (docs/decisions/033). Neither keeps module state a test relies on: each server test builds its own app and
      // database; none mocks a module, fakes timers or sets process.env.
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'], isolate: false } },
      { test: { name: 'scs-engine', root: 'packages/scs-engine', include: ['src/**/*.test.ts'], isolate: false } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          isolate: false,
          testTimeout: 30_000,
        },
      },
    ],
  },
});
