import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/workers.ts';

/**
 * Specs run in name order, with the identity spec last: it resets and changes demo accounts' passwords, which ends
 * their sessions (the pre-made sessions other specs sign in with). Any order would do but that one.
 */
class SessionSafeSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const last = (file: TestSpecification) => (/identity\.spec\.ts$/.test(file.moduleId) ? 1 : 0);
    return [...files].sort((a, b) => last(a) - last(b) || a.moduleId.localeCompare(b.moduleId));
  }
}

// End-to-end specs: real server on a real (PGlite) database, the built web app, Debian's Chromium.
export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Spec files run on E2E_WORKERS workers (two: CI's cores), each against a seeded server of its own, so a spec never
    // shares its server with a spec running beside it (support/server.ts, docs/decisions/064).
    maxWorkers: E2E_WORKERS,
    sequence: { sequencer: SessionSafeSequencer },
  },
});
