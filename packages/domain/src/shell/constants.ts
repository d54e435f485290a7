// Shell constants (grain-marketing.md 2, 7, 9; platform.md 2.7, 9.7, 9.10).

/** Version poll interval: 300000 ms, overridable by the VERSION_POLL_COOKIE cookie. */
export const VERSION_POLL_MS = 300_000;
export const VERSION_POLL_COOKIE = 'granary_version_poll_ms';
/** The update screen counts down this many seconds before reloading. */
export const FORCED_RELOAD_COUNTDOWN_S = 5;
export const TOAST_AUTO_CLOSE_MS = 3000;
/** Wait before following the redirect of an API error. */
export const ERROR_REDIRECT_DELAY_MS = 3000;
/** A new session starts after 30 minutes of inactivity. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** The retry helper retries once after 1000 ms. */
export const RETRY = { attempts: 1, delayMs: 1000 } as const;
export const BREAKPOINTS = { sm: 600, md: 840, lg: 1280, xl: 1440 } as const;
export const DIALOG_WIDTHS = { xs: 444, sm: 600, md: 900, lg: 1200 } as const;

export const TRACE_ID_HEADER = 'X-Trace-Id';
export const BUILD_TAG_HEADER = 'X-JS-Build-Tag';
export const CSRF_HEADER = 'X-CSRF-Token';
/** Sent on every request as `X-Requested-With: XMLHttpRequest` (grain-marketing.md 7). */
export const REQUESTED_WITH_HEADER = 'X-Requested-With';
export const REQUESTED_WITH_VALUE = 'XMLHttpRequest';

export const UNSUPPORTED_BROWSER_COOKIE = 'granary_unsupported_browser_dismissed';
/** Flash alert cookies: shown once on load (unless status is 406), then cleared. */
export const FLASH_COOKIES = {
  message: 'granary_alert_message',
  type: 'granary_alert_type',
  status: 'granary_alert_status',
} as const;
/** Flash alerts with this HTTP status (406 Not Acceptable) are never shown. */
export const FLASH_SUPPRESSED_STATUS = 406;
/**
 * A non-HttpOnly marker '1' the server sets beside the session cookie, so the page can tell when the
 * login state changed in another tab (it reloads when it becomes visible and the state differs).
 */
export const LOGGED_IN_COOKIE = 'granary_logged_in';
export const LOGGED_IN_COOKIE_VALUE = '1';
