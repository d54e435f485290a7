import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { queryKeys } from '../../../lib/api/query-keys';
import { fakeBootstrap } from '../../../test/fixtures';
import { act } from 'react';

/** The header's inline navigation (display:none below md, hence hidden: true) and which entry is current. */
async function headerNav(path: string, user: 'farmer' | 'farmer-without-flag' = 'farmer') {
  const view = renderApp(path, user);
  const header = await screen.findByTestId('my-sales-lite-header');
  const nav = within(header).getByRole('navigation', { name: 'Main navigation', hidden: true });
  const links = within(nav).getAllByRole('link', { hidden: true });
  return {
    view,
    header,
    names: links.map((l) => l.textContent),
    hrefs: links.map((l) => l.getAttribute('href')),
    current: links.filter((l) => l.getAttribute('aria-current') === 'page').map((l) => l.textContent),
  };
}

async function accountMenu(header: HTMLElement) {
  fireEvent.click(within(header).getByRole('button', { name: 'Account menu' }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

describe("the farmer's header (issue 17)", () => {
  it('carries Home, Profit center, My sales and Store for a farmer with My Sales Lite, Home current on /dashboard', async () => {
    const nav = await headerNav('/dashboard');
    expect(nav.names).toEqual(['Home', 'Profit center', 'My sales', 'Store']);
    expect(nav.hrefs).toEqual(['/dashboard', '/profit-center', '/my-sales-lite', '/direct']);
    expect(nav.current).toEqual(['Home']);
  });

  it('marks Profit center current on its tabs', async () => {
    expect((await headerNav('/profit-center/summary')).current).toEqual(['Profit center']);
  });

  it('marks My sales current on a market’s bids page', async () => {
    expect((await headerNav('/my-sales-lite/bids/decatur')).current).toEqual(['My sales']);
  });

  it('offers a farmer without My Sales Lite only what they may open: no grain entries on /dashboard or /account', async () => {
    const nav = await headerNav('/account', 'farmer-without-flag');
    expect(nav.names).toEqual(['Home', 'Store']);
    expect(nav.current).toEqual([]);
    const items = await accountMenu(nav.header);
    expect(items).toContain('My team');
    expect(items).toContain('Billing');
  });

  it('keeps the locale prefix in its links', async () => {
    const nav = await headerNav('/en-ca/profit-center');
    expect(nav.hrefs).toEqual(['/en-ca/dashboard', '/en-ca/profit-center', '/en-ca/my-sales-lite', '/en-ca/direct']);
    expect(nav.current).toEqual(['Profit center']);
  });

  it('leaves out Store, Billing and My team for a sub-account without those flags', async () => {
    const nav = await headerNav('/dashboard');
    const boot = fakeBootstrap('farmer');
    act(() =>
      nav.view.queryClient.setQueryData(queryKeys.bootstrap, {
        ...boot,
        enterprises: {
          '7': { ...boot.enterprises['7']!, role: 'subaccount', permissions: ['has_profit_center_access'] },
        },
      }),
    );
    const inline = within(nav.header).getByRole('navigation', { name: 'Main navigation', hidden: true });
    await waitFor(() =>
      expect(
        within(inline)
          .getAllByRole('link', { hidden: true })
          .map((l) => l.textContent),
      ).toEqual(['Home', 'Profit center', 'My sales']),
    );
    const items = await accountMenu(nav.header);
    expect(items).not.toContain('My team');
    expect(items).not.toContain('Billing');
    expect(items).toContain('Account and farm businesses');
  });

  it("shows the farm business's whole name, wrapping on a phone rather than an icon alone (issue 17)", async () => {
    const nav = await headerNav('/profit-center');
    const boot = fakeBootstrap('farmer');
    const long = 'Fieldman Family Farms and Cattle Company of Story County';
    act(() =>
      nav.view.queryClient.setQueryData(queryKeys.bootstrap, {
        ...boot,
        enterprises: { ...boot.enterprises, '8': { ...boot.enterprises['7']!, id: 8, publicId: 'e8', name: long } },
      }),
    );
    const name = await within(nav.header).findByTestId('current-enterprise-name');
    const button = name.closest('button')!;
    expect(button.getAttribute('title')).toBe(name.textContent);
    // Never display:none at any width: the name wraps to two lines instead of being cut to nothing.
    expect(getComputedStyle(name).display).not.toBe('none');
    expect(getComputedStyle(name).whiteSpace).not.toBe('nowrap');
  });

  it('collapses into a menu on a phone, the current entry highlighted', async () => {
    const nav = await headerNav('/profit-center/sales');
    fireEvent.click(within(nav.header).getByRole('button', { name: 'Open menu', hidden: true }));
    const drawer = await screen.findByRole('presentation');
    const links = within(within(drawer).getByRole('navigation')).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Home', 'Profit center', 'My sales', 'Store']);
    expect(links.filter((l) => l.getAttribute('aria-current') === 'page').map((l) => l.textContent)).toEqual([
      'Profit center',
    ]);
  });
});
