import { WEB_VERSION } from '@granary/domain';

/** The build tag sent as X-JS-Build-Tag; injected at build time, a dev value under tests. */
export const BUILD_TAG: string = typeof __BUILD_TAG__ === 'string' ? __BUILD_TAG__ : 'web-dev';

/** The version of the loaded bundle, compared with /version.json. */
export const LOADED_VERSION: { required: number; latest: number } =
  typeof __WEB_VERSION__ === 'object' && __WEB_VERSION__ !== null ? __WEB_VERSION__ : WEB_VERSION;
