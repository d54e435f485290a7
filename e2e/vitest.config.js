import { defineConfig } from 'vitest/config';
// End-to-end specs: real server on a real (PGlite) database, the built web app, Debian's Chromium.
export default defineConfig({
    test: {
        include: ['specs/**/*.spec.ts'],
        globalSetup: ['./support/global-setup.ts'],
        testTimeout: 60000,
        hookTimeout: 120000,
        // Two cores: one browser at a time keeps timings honest.
        fileParallelism: false,
    },
});
