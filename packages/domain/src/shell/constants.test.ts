import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';

describe('shell constants', () => {
  it('have the values of the spec and the contract', () => {
    expect(c.VERSION_POLL_MS).toBe(300000);
    expect(c.VERSION_POLL_COOKIE).toBe('granary_version_poll_ms');
    expect(c.FORCED_RELOAD_COUNTDOWN_S).toBe(5);
    expect(c.TOAST_AUTO_CLOSE_MS).toBe(3000);
    expect(c.ERROR_REDIRECT_DELAY_MS).toBe(3000);
    expect(c.SESSION_IDLE_MS).toBe(1_800_000);
    expect(c.RETRY).toEqual({ attempts: 1, delayMs: 1000 });
    expect(c.BREAKPOINTS).toEqual({ sm: 600, md: 840, lg: 1280, xl: 1440 });
    expect(c.DIALOG_WIDTHS).toEqual({ xs: 444, sm: 600, md: 900, lg: 1200 });
    expect(c.TRACE_ID_HEADER).toBe('X-Trace-Id');
    expect(c.BUILD_TAG_HEADER).toBe('X-JS-Build-Tag');
    expect(c.CSRF_HEADER).toBe('X-CSRF-Token');
    expect(c.UNSUPPORTED_BROWSER_COOKIE).toBe('granary_unsupported_browser_dismissed');
    expect(c.FLASH_COOKIES).toEqual({
      message: 'granary_alert_message',
      type: 'granary_alert_type',
      status: 'granary_alert_status',
    });
    expect(c.FLASH_SUPPRESSED_STATUS).toBe(406);
    expect(c.LOGGED_IN_COOKIE).toBe('granary_logged_in');
    expect(c.LOGGED_IN_COOKIE_VALUE).toBe('1');
  });
});
