// @granary/domain: pure TypeScript shared by the server and the web app (see ../README.md).

export * from './region/locales.ts';
export * from './region/countries.ts';
export * from './region/units.ts';

export * from './format/number.ts';
export * from './format/text.ts';
export * from './format/date.ts';
export * from './format/number-input.ts';

export * from './shell/experience.ts';
export * from './shell/redirect.ts';
export * from './shell/version.ts';
export * from './shell/constants.ts';
export * from './shell/browser.ts';
export * from './shell/native.ts';
export * from './shell/trace-id.ts';
export * from './shell/partner.ts';
export * from './shell/bootstrap.ts';

export * from './routing/match-path.ts';
export * from './routing/routes.ts';
export * from './routing/redirects.ts';

export * from './lists/limits.ts';

export * from './identity/patterns.ts';
export * from './identity/signup.ts';
