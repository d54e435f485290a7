import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// The e-signing pages (route header 'signer') wear the frame their signer expects: the farmer's My Sales Lite
// header, a buyer's CRM header, and the partner's plain header for the anonymous signer of an e-mailed link.
const SIGN = `/profit-center/builtin/sign/${'ab'.repeat(32)}`;
const SIGNED = '/profit-center/builtin/contract-signed?contract=AM-26-0041';

describe('the e-signing pages’ header', () => {
  it.each<[string, FakeUser, string]>([
    [SIGN, 'farmer', 'my-sales-lite-header'],
    [SIGNED, 'farmer', 'my-sales-lite-header'],
    [SIGN, 'buyer', 'crm-header'],
    [SIGN, 'farmer-without-flag', 'plain-header'],
    [SIGN, 'anonymous', 'plain-header'],
    [SIGNED, 'anonymous', 'plain-header'],
  ])('%s as %s: %s', async (path, user, header) => {
    renderApp(path, user);
    expect(await screen.findByTestId(header)).toBeTruthy();
  });

  it('gives the anonymous signer the partner’s logo and nothing to sign in to or navigate', async () => {
    renderApp(SIGN, 'anonymous');
    const header = await screen.findByTestId('plain-header');
    expect(
      within(header)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/']);
    expect(within(header).queryByRole('button')).toBeNull();
    expect(within(header).queryByRole('navigation', { hidden: true })).toBeNull();
  });
});
