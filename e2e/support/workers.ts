/**
 * Spec files run side by side on this many workers, each against a server of its own (support/server.ts): one per
 * core of CI's two. E2E_WORKERS=1 runs them one after another on one server.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? '2') || 2);
