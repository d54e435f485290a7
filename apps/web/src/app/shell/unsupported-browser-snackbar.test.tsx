import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '../../lib/browser/cookies';
import { renderWithIntl } from '../../test/render-app';
import { UnsupportedBrowserSnackbar, shouldShowUnsupportedBrowser } from './unsupported-browser-snackbar';

const OLD_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.4430.93 Safari/537.36';
const NEW_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('unsupported-browser snackbar', () => {
  it('nags an old browser until dismissed, then remembers the dismissal in a cookie', () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(OLD_CHROME);
    renderWithIntl(<UnsupportedBrowserSnackbar />);
    expect(screen.getByText('Your browser is not supported')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(readCookie('granary_unsupported_browser_dismissed')).toBe('1');
    expect(shouldShowUnsupportedBrowser(OLD_CHROME)).toBe(false);
  });

  it('leaves supported browsers and the native app alone', () => {
    expect(shouldShowUnsupportedBrowser(NEW_CHROME)).toBe(false);
    sessionStorage.setItem('granary_native_app', '1');
    expect(shouldShowUnsupportedBrowser(OLD_CHROME)).toBe(false);
  });
});
