import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';

/** The header's navigation links (display:none below md, hence hidden: true) and which one is current. */
async function headerNav(path: string) {
  renderApp(path, 'farmer');
  const header = await screen.findByTestId('my-sales-lite-header');
  const nav = within(header).getByRole('navigation', { name: 'Main navigation', hidden: true });
  const links = within(nav).getAllByRole('link', { hidden: true });
  return {
    names: links.map((l) => l.textContent),
    hrefs: links.map((l) => l.getAttribute('href')),
    current: links.filter((l) => l.getAttribute('aria-current') === 'page').map((l) => l.textContent),
  };
}

describe('My Sales Lite header', () => {
  it('carries My sales, Balances, Tickets, Bids, Settlements and Payments', async () => {
    const nav = await headerNav('/my-sales-lite');
    expect(nav.names).toEqual(['My sales', 'Balances', 'Tickets', 'Bids', 'Settlements', 'Payments']);
    expect(nav.hrefs).toEqual([
      '/my-sales-lite',
      '/my-sales-lite/balances',
      '/my-sales-lite/tab',
      '/my-sales-lite/bids',
      '/my-sales-lite/settlements',
      '/my-sales-lite/payments',
    ]);
    expect(nav.current).toEqual(['My sales']);
  });

  it('marks Tickets current on /my-sales-lite/tab', async () => {
    expect((await headerNav('/my-sales-lite/tab')).current).toEqual(['Tickets']);
  });

  it('marks Bids current on a market’s bids page', async () => {
    expect((await headerNav('/my-sales-lite/bids/decatur')).current).toEqual(['Bids']);
  });

  it('keeps the locale prefix in its links', async () => {
    const nav = await headerNav('/en-ca/my-sales-lite/balances');
    expect(nav.hrefs[1]).toBe('/en-ca/my-sales-lite/balances');
    expect(nav.current).toEqual(['Balances']);
  });
});
