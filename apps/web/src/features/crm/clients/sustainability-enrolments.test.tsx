import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { market, paged, serveCrm } from './test-server';

// The market's sustainability enrolments on /crm/clients (grain-marketing.md 7 'Sustainability', decision 059): shown
// where the buyer holds grain-buying-clients and the profile permission, filtered by program and status.

afterEach(() => vi.restoreAllMocks());

const WITH_PROGRAMS = market(10, 'Ames Elevator', {
  entitlements: ['prairie-dashboard', 'grain-buying-contracts', 'grain-buying-clients'],
});

const LIST = {
  marketId: 10,
  items: [
    {
      clientId: 501,
      name: 'Bakken Family Farms',
      programId: 3,
      programName: 'Low-carbon corn 2027',
      cropId: 1,
      crop: 'Corn',
      cropYear: 2027,
      acres: '1240.5',
      status: 'enrolled',
      signedAt: '2026-11-21T15:30:00.000Z',
      signerName: 'Bakken Family Farms',
    },
  ],
  totals: [{ cropId: 1, crop: 'Corn', cropYear: 2027, acres: '1240.5' }],
};
const FILTERS = {
  programs: [{ id: 3, name: 'Low-carbon corn 2027', marketId: 10, cropId: 1, cropYear: 2027 }],
  crops: [{ id: 1, name: 'Corn' }],
  cropYears: [2027],
  statuses: ['sent', 'enrolled', 'withdrawn'],
};

describe('sustainability enrolments on the clients page', () => {
  it("lists the market's enrolled clients with acres per crop/year, and filters by status", async () => {
    renderApp('/crm/clients', 'buyer');
    const calls = serveCrm(
      (call, path) => {
        if (path === '/market/10/le-search') return { status: 200, body: paged([]) };
        if (path === '/instrument/filters') return { status: 200, body: FILTERS };
        if (path === '/le/1/market/10/legal-entities')
          return {
            status: 200,
            body: call.url.searchParams.get('status') === 'sent' ? { ...LIST, items: [], totals: [] } : LIST,
          };
        return undefined;
      },
      { markets: [WITH_PROGRAMS, market(11, 'Boone Terminal')] },
    );
    const section = await screen.findByRole('region', { name: 'Sustainability enrollments' });
    const table = await within(section).findByRole('table');
    expect(within(table).getByText('Bakken Family Farms')).toBeTruthy();
    expect(within(table).getByText('1,240.5 ac')).toBeTruthy();
    expect(within(table).getByText('Enrolled')).toBeTruthy();
    expect(within(section).getByText('Corn 2027: 1,240.5 ac enrolled')).toBeTruthy();

    fireEvent.mouseDown(within(section).getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sent for signature' }));
    expect(await within(section).findByText('No client is enrolled with these filters.')).toBeTruthy();
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url.pathname.endsWith('/le/1/market/10/legal-entities') && c.url.searchParams.get('status') === 'sent',
        ),
      ).toBe(true),
    );
  });

  it('is not shown at a market without grain-buying-clients', async () => {
    renderApp('/crm/clients', 'buyer');
    serveCrm((_call, path) => (path === '/market/10/le-search' ? { status: 200, body: paged([]) } : undefined));
    await screen.findByRole('combobox', { name: 'Market' });
    expect(screen.queryByRole('region', { name: 'Sustainability enrollments' })).toBeNull();
  });
});
