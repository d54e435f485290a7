import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CrmMarketRow } from '@granary/domain';
import { crmMarket } from '../../../features/crm/test-fixtures';
import { renderApp } from '../../../test/render-app';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const market = (id: number, entitlements: string[], userPermissions: CrmMarketRow['userPermissions']) =>
  crmMarket(id, `Market ${id}`, { entitlements, userPermissions });

/** The app at `path` for a buyer whose CRM context has these markets (and is an administrator or not). */
async function renderCrm(path: string, markets: CrmMarketRow[], isAdmin: boolean) {
  const { fetchMock, queryClient } = renderApp(path, 'buyer');
  fetchMock.mockImplementation((input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/merchandising/bootstrap'))
      return Promise.resolve(json({ partnerLegalEntity: { id: 5, name: 'Test', scopeLegalEntityId: 5 } }));
    if (url.includes('/merchandising/le/5/markets'))
      return Promise.resolve(json({ markets, adminPermissions: {}, isAdmin }));
    return Promise.resolve(json({ code: 'not_found', message: 'Not found' }, 404));
  });
  await queryClient.resetQueries({ queryKey: ['crm'] });
}

describe('CRM header navigation', () => {
  it('leaves out the CRM pages no market of the buyer grants', async () => {
    await renderCrm(
      '/crm/offers',
      [
        market(1, ['prairie-dashboard', 'grain-buying-contracts'], ['dashboard', 'contracts']),
        market(2, ['grain-buying-offers'], ['offers']),
      ],
      false,
    );
    const header = await screen.findByTestId('crm-header');
    // The desktop navigation is display:none at jsdom's width, hence hidden: true.
    await waitFor(() => expect(within(header).queryByRole('link', { name: 'Bids', hidden: true })).toBeNull());
    for (const name of ['Dashboard', 'Contracts', 'Offers'])
      expect(within(header).getByRole('link', { name, hidden: true })).toBeTruthy();
    for (const name of ['Deliveries', 'Clients', 'Structures', 'Public bids admin', 'Data imports', 'Administrator']) {
      expect(within(header).queryByRole('link', { name, hidden: true })).toBeNull();
    }
    // No administration page is open to this buyer: no Admin menu either.
    expect(within(header).queryByRole('button', { name: 'Admin', hidden: true })).toBeNull();
  });

  it('puts the administration pages the user may open in one Admin menu, shown active on them', async () => {
    await renderCrm(
      '/crm/administrator',
      [market(1, ['prairie-dashboard', 'grain-buying-contracts'], ['dashboard', 'contracts'])],
      true,
    );
    const header = await screen.findByTestId('crm-header');
    const nav = within(header).getAllByRole('navigation', { name: 'Main navigation', hidden: true })[0]!;
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Bids', hidden: true })).toBeNull());
    // The daily pages stay in the bar; the administration pages are not links of the bar but the Admin menu's.
    for (const name of ['Dashboard', 'Contracts'])
      expect(within(nav).getByRole('link', { name, hidden: true })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Administrator', hidden: true })).toBeNull();
    const admin = within(nav).getByRole('button', { name: 'Admin', hidden: true });
    expect(admin.getAttribute('aria-haspopup')).toBe('menu');
    expect(admin.classList.contains('active')).toBe(true);

    fireEvent.click(admin);
    const menu = await screen.findByRole('menu');
    expect(admin.getAttribute('aria-expanded')).toBe('true');
    // Only what the user may open: Administrator (an administrator), not Data imports nor Public bids admin.
    const entries = within(menu).getAllByRole('menuitem');
    expect(entries.map((entry) => entry.textContent)).toEqual(['Administrator']);
    expect(entries[0]!.getAttribute('aria-current')).toBe('page');
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('offers Structures where a market grants structured-product access', async () => {
    await renderCrm(
      '/crm/contracts',
      [market(1, ['grain-buying-contracts', 'grain-buying-structures'], ['contracts'])],
      false,
    );
    const header = await screen.findByTestId('crm-header');
    await waitFor(() => expect(within(header).getByRole('link', { name: 'Structures', hidden: true })).toBeTruthy());
    expect(within(header).getByRole('link', { name: 'Structures', hidden: true }).getAttribute('href')).toBe(
      '/crm/structures',
    );
  });
});
