import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketingPlan, PriceAlert } from '@granary/domain';
import { stubFetch, type StubCall, type StubReply } from '../../../test/fetch-stub';
import { fieldMessage, renderWithProviders, typeInto } from '../../../test/form-dialog-kit';
import { MarketingTab } from './marketing-tab';

// The profit center's marketing tab (issue 17, decision 058): the plan's progress and targets (typed prices read by
// parsePrice, statuses, field errors from the schema and the server), and the price alerts' list and dialog.

const PC = '/api/commodities/profit-center';

const PROGRESS = {
  cropId: 1,
  crop: 'Corn',
  cropYear: 2026,
  quantityUnit: 'bushels',
  contractCount: 3,
  openContractCount: 2,
  contracted: '60000',
  delivered: '10000',
  remaining: '50000',
  priced: '40000',
  unpriced: '20000',
  averageCash: '4.3350',
  area: '1000',
  areaUnits: 'acres',
  averageYield: '200',
  production: '200000',
  percentSold: '30',
  leftToSell: '140000',
  revenueToDate: '173400',
  todayBid: '4.2',
  projectedRevenue: '760000',
} as const;

const PLAN: MarketingPlan = {
  enterpriseId: 7,
  cropId: 1,
  crop: 'Corn',
  cropYear: 2026,
  notes: '',
  updatedAt: '2026-11-20T15:00:00.000Z',
  targets: [
    { date: '2026-03-01', percentSold: '25', minPrice: '4.5', status: 'behind' },
    { date: '2026-12-31', percentSold: '50', minPrice: null, status: 'upcoming' },
  ],
  progress: PROGRESS,
};

const ALERT: PriceAlert = {
  id: 11,
  kind: 'futures',
  cropId: 1,
  crop: 'Corn',
  symbol: 'ZCZ26',
  bidId: null,
  marketId: null,
  market: null,
  bidName: null,
  deliveryStart: null,
  deliveryEnd: null,
  direction: 'above',
  level: '4.5',
  priceUnit: 'bushel',
  status: 'triggered',
  currentPrice: '4.5225',
  triggeredAt: '2026-11-26T15:00:00.000Z',
  triggeredPrice: '4.5225',
  expiresOn: null,
  createdAt: '2026-11-20T15:00:00.000Z',
};

const SYMBOLS = [
  { symbol: 'ZCZ26', root: 'ZC', exchange: 'CBOT', cropId: 1, optionMonth: '2026-12', monthCode: 'Z' },
  { symbol: 'ZCH27', root: 'ZC', exchange: 'CBOT', cropId: 1, optionMonth: '2027-03', monthCode: 'H' },
  { symbol: 'ZSF27', root: 'ZS', exchange: 'CBOT', cropId: 2, optionMonth: '2027-01', monthCode: 'F' },
];

function serve(extra?: (call: StubCall, path: string) => StubReply | undefined) {
  return stubFetch((call) => {
    const path = call.url.pathname;
    const own = extra?.(call, path);
    if (own) return own;
    if (path.startsWith(`${PC}/marketing-plan/corn/`)) return { status: 200, body: PLAN };
    if (path === `${PC}/alerts`) return { status: 200, body: { alerts: [ALERT] } };
    if (path === `${PC}/quotes-symbols-list`) return { status: 200, body: { symbols: SYMBOLS } };
    return undefined;
  });
}

afterEach(() => vi.restoreAllMocks());

describe('marketing tab', () => {
  it('shows the progress against the plan and the targets with their standing; prices in the trade notation', async () => {
    serve();
    renderWithProviders(<MarketingTab slug="corn-2026" />);
    const plan = await screen.findByRole('region', { name: 'Marketing plan' });
    expect(await within(plan).findByText(/30% sold of 200,000 bu estimated · average price \$4\.33½\/bu/)).toBeTruthy();
    expect(within(plan).getByRole('img', { name: 'Targets and % sold' })).toBeTruthy();
    expect(within(plan).getByText('Behind')).toBeTruthy();
    expect(within(plan).getByText('Upcoming')).toBeTruthy();
    expect((within(plan).getAllByLabelText('Minimum price')[0] as HTMLInputElement).value).toBe('$4.50');
    const alerts = screen.getByRole('region', { name: 'Price alerts' });
    expect(await within(alerts).findByText('Corn futures ZCZ26')).toBeTruthy();
    expect(within(alerts).getByText('Fired at $4.52¼/bu')).toBeTruthy();
    expect(within(alerts).getByText(/At or above \$4\.50\/bu · Now \$4\.52¼\/bu/)).toBeTruthy();
  });

  it('saves the targets with typed prices read back as dollars; bad fields are refused before and by the server', async () => {
    const calls = serve((call, path) => {
      if (call.method !== 'PUT' || !path.endsWith('/marketing-plan/corn/2026')) return undefined;
      const body = call.body as { targets: { percentSold: string }[] };
      if (body.targets.some((x) => x.percentSold === '70'))
        return {
          status: 400,
          body: {
            code: 'invalid_request',
            message: 'Invalid body',
            details: [
              { path: 'targets.2.percentSold', message: 'A later target cannot have less sold than an earlier one' },
            ],
          },
        };
      return { status: 200, body: PLAN };
    });
    renderWithProviders(<MarketingTab slug="corn-2026" />);
    const plan = await screen.findByRole('region', { name: 'Marketing plan' });
    await within(plan).findByText('Behind');
    fireEvent.click(within(plan).getByRole('button', { name: 'Add target' }));
    const dates = within(plan).getAllByLabelText('By date');
    const percents = within(plan).getAllByLabelText('% sold');
    const mins = within(plan).getAllByLabelText('Minimum price');
    fireEvent.change(percents[2]!, { target: { value: '120' } });
    fireEvent.click(within(plan).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(within(plan).getAllByText('Enter a date').length).toBe(1));
    expect(within(plan).getByText('Enter a percentage from 0 to 100')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(dates[2]!, { target: { value: '2026-06-30' } });
    fireEvent.change(percents[2]!, { target: { value: '70' } });
    fireEvent.change(mins[2]!, { target: { value: "433'4" } });
    fireEvent.click(within(plan).getByRole('button', { name: 'Save plan' }));
    expect(await within(plan).findByText('A later target cannot have less sold than an earlier one')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      targets: [
        { date: '2026-03-01', percentSold: '25', minPrice: '4.5000' },
        { date: '2026-12-31', percentSold: '50', minPrice: null },
        { date: '2026-06-30', percentSold: '70', minPrice: '4.3350' },
      ],
    });
  });

  it('the local bid choice says why the bids did not load, and when the crop has none', async () => {
    let asked = 0;
    serve((_call, path) => {
      if (path !== `${PC}/commodity/corn/bids-matrix`) return undefined;
      asked += 1;
      return asked === 1
        ? { status: 409, body: { code: 'bids_updating', message: 'Bids are being posted.' } }
        : { status: 200, body: { markets: [] } };
    });
    renderWithProviders(<MarketingTab slug="corn-2026" />);
    fireEvent.click(await screen.findByRole('button', { name: 'New alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'New price alert' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Watch/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'A local bid' }));
    expect(await within(dialog).findByText('Bids are being posted.', {}, { timeout: 4000 })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('None of your markets posts a bid for this crop right now.')).toBeTruthy();
  });

  it('creates a futures alert on a contract chosen among the crop’s quoted months; the server’s field error lands on its field', async () => {
    const calls = serve((call, path) => {
      if (call.method !== 'POST' || path !== `${PC}/alerts/corn`) return undefined;
      const body = call.body as { symbol: string };
      if (body.symbol === 'ZCH27')
        return {
          status: 400,
          body: {
            code: 'invalid_request',
            message: 'Invalid body: symbol ZCH27 no longer trades',
            details: [{ path: 'symbol', message: 'ZCH27 no longer trades' }],
          },
        };
      return { status: 201, body: { ...ALERT, id: 12, status: 'active' } };
    });
    renderWithProviders(<MarketingTab slug="corn-2026" />);
    fireEvent.click(await screen.findByRole('button', { name: 'New alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'New price alert' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    await waitFor(() => expect(fieldMessage(dialog, /Level/)).toBe('Enter a price such as 4.33½ or 4.3350'));
    expect(fieldMessage(dialog, /Futures contract/)).toBe('Choose a futures contract');
    // A select of the crop's quoted months, not free text: soybeans' month is not offered on a corn alert.
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: /Futures contract/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Dec 2026 (ZCZ26)',
      'Mar 2027 (ZCH27)',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Mar 2027 (ZCH27)' }));
    typeInto(dialog, /Level/, '$4.62¾');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    await waitFor(() => expect(fieldMessage(dialog, /Futures contract/)).toBe('ZCH27 no longer trades'));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Futures contract/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Dec 2026 (ZCZ26)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New price alert' })).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { kind: 'futures', symbol: 'ZCH27', direction: 'above', level: '4.6275', expiresOn: null },
      { kind: 'futures', symbol: 'ZCZ26', direction: 'above', level: '4.6275', expiresOn: null },
    ]);
  });

  it("shows the server's reason when the plan and alerts cannot load, with a retry", async () => {
    serve(() => ({ status: 503, body: { code: 'unavailable', message: 'Prices are being updated.' } }));
    renderWithProviders(<MarketingTab />);
    await waitFor(() => expect(screen.getAllByText('Prices are being updated.').length).toBe(2), { timeout: 4000 });
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBe(2);
  });

  it('says whom to ask when the member has no profit center access', async () => {
    const words = 'Access denied: contact the primary account owner, who can toggle permissions in My Team.';
    serve(() => ({ status: 403, body: { code: 'enterprise_access_required', message: words } }));
    renderWithProviders(<MarketingTab />);
    expect((await screen.findAllByText(words)).length).toBeGreaterThan(0);
  });
});
