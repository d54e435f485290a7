import { describe, expect, it } from 'vitest';
import { signInTarget } from './use-finish-sign-in';

describe('signInTarget', () => {
  it('goes to the response’s redirect, made safe again', () => {
    expect(signInTarget({ redirect: '/crm/bids' }, null, 'app.test')).toBe('/crm/bids');
    expect(signInTarget({ redirect: 'https://evil.example/x' }, null, 'app.test')).toBe('/dashboard');
    expect(signInTarget({ redirect: '' }, null, 'app.test')).toBe('/dashboard');
  });

  it('sends a one-time password to /onetime-password/reset, carrying the page’s way back', () => {
    expect(signInTarget({ redirect: '/onetime-password/reset', oneTimePassword: true }, null, 'app.test')).toBe(
      '/onetime-password/reset',
    );
    expect(
      signInTarget({ redirect: '/onetime-password/reset', oneTimePassword: true }, '/crm/bids?x=1', 'app.test'),
    ).toBe(`/onetime-password/reset?redirect=${encodeURIComponent('/crm/bids?x=1')}`);
    expect(signInTarget({ oneTimePassword: true }, 'https://evil.example', 'app.test')).toBe(
      `/onetime-password/reset?redirect=${encodeURIComponent('/dashboard')}`,
    );
  });
});
