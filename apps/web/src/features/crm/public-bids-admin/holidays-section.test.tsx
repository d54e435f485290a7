import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MarketClosure, MarketHoursResponse, MarketPageSettings } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { market, serveCrm } from '../clients/test-server';

// /crm/public-bids-admin's holiday hours (issue 13): dated closures and special hours with a label, per market.
afterEach(() => vi.restoreAllMocks());

const info: MarketPageSettings = {
  marketId: 10,
  slug: 'ames',
  label: 'Ames Elevator',
  timezone: 'America/Chicago',
  offeredFeatures: ['market-office-hours'],
  features: ['market-office-hours'],
  published: true,
  deliveryInformation: null,
  additionalInfo: null,
  contacts: [],
  version: 1,
  updatedAt: '2026-11-20T15:00:00.000Z',
};
const hours: MarketHoursResponse = {
  marketId: 10,
  timezone: 'America/Chicago',
  configured: true,
  days: [1, 2, 3, 4, 5, 6, 0].map((d) => ({ dayOfWeek: d, closed: true, opensAt: null, closesAt: null })),
  openNow: false,
};
const thanksgiving: MarketClosure = {
  date: '2026-11-26',
  label: 'Thanksgiving Day',
  closed: true,
  opensAt: null,
  closesAt: null,
};

function serve(saved: { body: unknown }[]) {
  let closures: MarketClosure[] = [thanksgiving];
  return serveCrm(
    (call, path) => {
      if (path === '/market/10/info') return { status: 200, body: info, headers: { etag: '"1"' } };
      if (path === '/v2/market/10/hours') return { status: 200, body: hours };
      if (path === '/announcement') return { status: 200, body: { marketId: 10, announcements: [] } };
      if (path === '/market/10/closures' && call.method === 'PUT') {
        const body = JSON.parse(call.body ?? '{}') as { closures: MarketClosure[] };
        saved.push({ body });
        closures = [...body.closures].sort((a, b) => a.date.localeCompare(b.date));
      }
      if (path === '/market/10/closures')
        return {
          status: 200,
          body: { marketId: 10, timezone: 'America/Chicago', today: '2026-11-27', closures },
        };
      return undefined;
    },
    { markets: [market(10, 'Ames Elevator', { userPermissions: ['info'] })] },
  );
}

describe('holiday hours on /crm/public-bids-admin', () => {
  it('lists the market’s dates and saves a new one with special hours and its label', async () => {
    const saved: { body: unknown }[] = [];
    renderApp('/crm/public-bids-admin', 'buyer');
    serve(saved);
    const section = await screen.findByRole('region', { name: 'Holiday hours and closures' });
    const list = await within(section).findByRole('list', { name: 'Holiday hours and closures' });
    const [first] = within(list).getAllByRole('listitem');
    expect((within(first!).getByLabelText('Label') as HTMLInputElement).value).toBe('Thanksgiving Day');
    expect((within(first!).getByRole('switch', { name: /Closed all day on/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(first!).getByText('Past')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Add a date' }));
    const added = within(list).getAllByRole('listitem')[1]!;
    // Saving an empty entry says what is missing, and sends nothing.
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(added).findByText('Enter a date')).toBeTruthy();
    expect(saved).toHaveLength(0);

    fireEvent.change(within(added).getByLabelText('Date'), { target: { value: '2026-12-24' } });
    fireEvent.change(within(added).getByLabelText('Label'), { target: { value: ' Christmas Eve ' } });
    fireEvent.click(within(added).getByRole('switch', { name: /Closed all day on/ }));
    fireEvent.change(within(added).getByLabelText(/Closes on/), { target: { value: '11:30' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.body).toEqual({
      closures: [
        thanksgiving,
        { date: '2026-12-24', label: 'Christmas Eve', closed: false, opensAt: '07:00', closesAt: '11:30' },
      ],
    });
    expect(await screen.findByText('Holiday hours saved.')).toBeTruthy();
  });

  it('refuses special hours that close before they open, and a date given twice', async () => {
    const saved: { body: unknown }[] = [];
    renderApp('/crm/public-bids-admin', 'buyer');
    serve(saved);
    const section = await screen.findByRole('region', { name: 'Holiday hours and closures' });
    const list = await within(section).findByRole('list', { name: 'Holiday hours and closures' });
    fireEvent.click(within(section).getByRole('button', { name: 'Add a date' }));
    const added = within(list).getAllByRole('listitem')[1]!;
    fireEvent.change(within(added).getByLabelText('Date'), { target: { value: '2026-11-26' } });
    fireEvent.change(within(added).getByLabelText('Label'), { target: { value: 'Again' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(added).findByText('This date is already in the list')).toBeTruthy();
    fireEvent.change(within(added).getByLabelText('Date'), { target: { value: '2026-12-31' } });
    fireEvent.click(within(added).getByRole('switch', { name: /Closed all day on/ }));
    fireEvent.change(within(added).getByLabelText(/Opens on/), { target: { value: '13:00' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(added).findByText('Closing must be after opening')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });
});
