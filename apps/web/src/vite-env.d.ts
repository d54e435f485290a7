/// <reference types="vite/client" />

/** Injected by vite.config.ts (`define`); absent under vitest, see src/lib/build-info.ts. */
declare const __BUILD_TAG__: string;
declare const __WEB_VERSION__: { required: number; latest: number };
