import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readCookie } from '../../lib/browser/cookies';
import { renderWithIntl } from '../../test/render-app';
import { FlashAlert, readFlashAlert } from './flash-alert';

function setFlash(message: string, type: string, status?: string) {
  document.cookie = `granary_alert_message=${encodeURIComponent(message)}; path=/`;
  document.cookie = `granary_alert_type=${type}; path=/`;
  if (status) document.cookie = `granary_alert_status=${status}; path=/`;
}

function flashCookies() {
  return ['granary_alert_message', 'granary_alert_type', 'granary_alert_status'].map(readCookie);
}

describe('FlashAlert', () => {
  it('shows the flash message once on load and clears the cookies', () => {
    setFlash('Your e-mail address is confirmed.', 'success', '200');
    renderWithIntl(<FlashAlert />);
    const alert = screen.getByTestId('flash-alert');
    expect(alert.textContent).toContain('Your e-mail address is confirmed.');
    expect(alert.className).toMatch(/success/i);
    expect(flashCookies()).toEqual([null, null, null]);
  });

  it('suppresses a flash with status 406 and still clears the cookies', () => {
    setFlash('Not acceptable', 'error', '406');
    renderWithIntl(<FlashAlert />);
    expect(screen.queryByTestId('flash-alert')).toBeNull();
    expect(screen.queryByText('Not acceptable')).toBeNull();
    expect(flashCookies()).toEqual([null, null, null]);
  });

  it('renders nothing without a flash message', () => {
    renderWithIntl(<FlashAlert />);
    expect(screen.queryByTestId('flash-alert')).toBeNull();
  });

  it('reads the type as the severity, defaulting to info', () => {
    setFlash('Hello', 'bogus');
    expect(readFlashAlert()).toEqual({ message: 'Hello', severity: 'info', status: null });
  });
});
