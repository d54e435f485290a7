import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OffboardingReport } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/render-app';
import { market, serveCrm, type Call } from '../../clients/test-server';

afterEach(() => vi.restoreAllMocks());

const report = (months: number): OffboardingReport => ({
  inactiveMonths: months,
  inactiveSince: '2025-11-27',
  users: [
    {
      userId: 41,
      name: 'Gus Gone',
      email: 'gus@example.org',
      status: 'suspended',
      lastSignInAt: '2026-10-01T15:00:00.000Z',
      open: { openContracts: 2, workingOffers: 1, openFollowups: 0, draftSettlements: 0 },
    },
  ],
  clients: [
    {
      clientId: 7,
      name: 'Bakken Family Farms',
      extClientId: 'AGV-7',
      lastActivity: '2024-03-02',
      open: {
        openContracts: 1,
        undeliveredBushels: '5000',
        unappliedTickets: 2,
        unappliedBushels: '812.5',
        unpaidSettlements: 1,
        unpaidSettlementsNet: '12045.5',
        openPaymentRequests: 0,
        openPaymentAmount: '0',
        workingOffers: 0,
      },
    },
    {
      clientId: 8,
      name: 'Quiet Acres',
      extClientId: null,
      lastActivity: null,
      open: {
        openContracts: 0,
        undeliveredBushels: '0',
        unappliedTickets: 0,
        unappliedBushels: '0',
        unpaidSettlements: 0,
        unpaidSettlementsNet: '0',
        openPaymentRequests: 0,
        openPaymentAmount: '0',
        workingOffers: 0,
      },
    },
  ],
  clientsTruncated: false,
});

function serve(grants: Record<string, 'all' | number[]>) {
  return serveCrm((call: Call, path: string) => {
    if (path === '/le/1/markets')
      return { status: 200, body: { markets: [market(10, 'Ames Elevator')], adminPermissions: grants, isAdmin: true } };
    if (path === '/admin/offboarding-report')
      return { status: 200, body: report(Number(call.url.searchParams.get('inactiveMonths'))) };
    return undefined;
  });
}

describe('/crm/administrator/offboarding', () => {
  it('shows the users and clients leaving with what is open, and exports the same as CSV', async () => {
    renderApp('/crm/administrator/offboarding', 'buyer');
    const calls = serve({ 'buyer-admin': 'all', 'view-offboarding-report': 'all' });
    const users = await screen.findByRole('table', { name: 'Users leaving' });
    const gus = within(users).getAllByRole('row')[1]!;
    expect(gus.textContent).toContain('Gus Gone');
    expect(gus.textContent).toContain('10/01/2026');
    const clients = screen.getByRole('table', { name: 'Clients leaving' });
    const [, bakken, quiet] = within(clients).getAllByRole('row');
    expect(bakken!.textContent).toContain('03/02/2024');
    expect(bakken!.textContent).toContain('1 · 5,000 bu');
    expect(bakken!.textContent).toContain('2 · 812.5 bu');
    expect(bakken!.textContent).toContain('1 · $12,045.50');
    expect(quiet!.textContent).toContain('Never');
    expect(within(quiet!).getByText('Nothing open')).toBeTruthy();
    expect(
      screen.getByText('2 clients without activity since 11/27/2025, those with the most open first'),
    ).toBeTruthy();

    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv.getAttribute('href')).toBe(
      '/api/commodities/merchandising/admin/offboarding-report?inactiveMonths=12&format=csv',
    );

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Clients inactive for' }));
    fireEvent.click(await screen.findByRole('option', { name: '24 months' }));
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('inactiveMonths') === '24')).toBe(true));
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('inactiveMonths=24');
  });

  it('shows a user without view-offboarding-report the permission-denied screen', async () => {
    renderApp('/crm/administrator/offboarding', 'buyer');
    const calls = serve({ 'buyer-admin': 'all' });
    expect(await screen.findByText('You do not have permissions for this action')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/admin/offboarding-report'))).toBe(false);
  });
});
