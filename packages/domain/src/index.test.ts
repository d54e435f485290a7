import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

// The names other packages are written against (README, "The shell contract"): renaming or dropping
// one breaks the server or the web app, so this list is checked here.
const CONTRACT = [
  'LOCALES', 'DEFAULT_LOCALE', 'isLocale', 'COUNTRIES', 'CURRENCY_IDS', 'regionForLocale', 'SQUARE_METRES_PER_ACRE', 'convertArea',
  'splitLocalePrefix',
  'formatNumber', 'formatMoney', 'formatCents', 'formatCompact', 'limitFractionDigits', 'slugify', 'humanize', 'joinTitle',
  'DATE_FORMATS', 'formatDate', 'normalizeNumberInput',
  'EXPERIENCES', 'selectExperience', 'safeRedirectTarget', 'historyUrl', 'signInUrl', 'WEB_VERSION', 'versionAction',
  'VERSION_POLL_MS', 'VERSION_POLL_COOKIE', 'FORCED_RELOAD_COUNTDOWN_S', 'TOAST_AUTO_CLOSE_MS', 'ERROR_REDIRECT_DELAY_MS',
  'SESSION_IDLE_MS', 'RETRY', 'BREAKPOINTS', 'DIALOG_WIDTHS', 'TRACE_ID_HEADER', 'BUILD_TAG_HEADER', 'CSRF_HEADER',
  'UNSUPPORTED_BROWSER_COOKIE', 'FLASH_COOKIES', 'LOGGED_IN_COOKIE', 'SUPPORTED_BROWSERS', 'isSupportedBrowser', 'isNativeApp',
  'NATIVE_MESSAGES', 'randomTraceId',
  'ROUTES', 'REDIRECTS', 'homeTarget', 'resolveRedirect', 'matchRoute', 'NOT_FOUND_MESSAGE',
  'PAGE_SIZES', 'DEFAULT_PAGE_SIZE', 'MAX_TOTAL_ROWS', 'MIN_PAGE', 'clampPageSize', 'clampPage', 'NUMERIC_BOUND',
  'EMAIL_PATTERN', 'RESET_EMAIL_PATTERN', 'PHONE_PATTERN', 'VERIFICATION_CODE_PATTERN', 'isNumericOnly',
  'PUBLIC_PAGE_FEATURES', 'partnerBrandingSchema', 'whiteLabelPartnerSchema', 'bootstrapUserSchema', 'enterpriseSummarySchema',
  'bootstrapResponseSchema', 'versionResponseSchema', 'apiErrorSchema',
] as const;

describe('@granary/domain exports', () => {
  it.each(CONTRACT)('exports %s', (name) => {
    expect(domain[name]).toBeDefined();
  });
});
