import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { farmerStructureFixture, observationFixture } from '../../../test/structure-fixtures';

const LIVE = farmerStructureFixture(1);
const DONE = farmerStructureFixture(2, {
  status: 'completed',
  kind: 'minimum-price',
  daysLeft: 0,
  remainingBushels: '0',
  htaContractId: 88,
  state: {
    pricedBushels: '20000',
    averagePrice: '4.52',
    knockedOut: false,
    doubledUp: false,
    observedThrough: '2026-11-20',
  },
  quantity: '20000',
});

function serve() {
  return stubFetch(({ url, method }) => {
    const path = url.pathname.replace('/api/commodities/profit-center', '');
    if (path === '/structures' && method === 'GET') return { status: 200, body: { rows: [LIVE, DONE] } };
    if (path === '/structures/1' && method === 'GET')
      return {
        status: 200,
        body: {
          ...LIVE,
          observations: [
            observationFixture('2026-12-01'),
            observationFixture('2026-12-02', { knockedOut: true, pricedBushels: '0', price: null, settle: '3.99' }),
          ],
        },
      };
    if (path === '/structures/1/request-close' && method === 'POST')
      return { status: 200, body: { ...LIVE, status: 'close_requested' } };
    return undefined;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/my-sales-lite/structures', () => {
  it('shows the farmer’s live and finished structures with what they accumulated, the average price and days left', async () => {
    renderApp('/my-sales-lite/structures', 'farmer');
    serve();
    const live = await screen.findByRole('list', { name: 'Live' });
    const card = within(live).getByRole('button', { name: 'Open Accumulator 1' });
    expect(within(card).getByText('12,500 bu')).toBeTruthy();
    expect(within(card).getByText('$4.80')).toBeTruthy();
    expect(within(card).getByText('103')).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: '12,500 bu of 50,000 bu priced' })).toBeTruthy();
    const finished = screen.getByRole('list', { name: 'Finished' });
    expect(within(finished).getByText('Minimum price')).toBeTruthy();
    expect(within(finished).getByText('Completed')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Structures', selected: true })).toBeTruthy();
  });

  it('opens one read-only, with its rules and observations; the farmer can ask to close a live one', async () => {
    renderApp('/my-sales-lite/structures', 'farmer');
    const calls = serve();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Accumulator 1' }));
    const dialog = await screen.findByRole('dialog');
    const observations = await within(dialog).findByRole('table', { name: 'Observations' });
    expect(within(observations).getByText('Knocked out')).toBeTruthy();
    expect(within(dialog).getByText(/priced at \$4\.80\/bu as long as the structure is not knocked out/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Approve/ })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Request close' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note to your grain buyer (optional)' }), {
      target: { value: 'Prices look good' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/structures/1/request-close'))).toBe(true));
    expect(calls.find((c) => c.url.pathname.endsWith('/structures/1/request-close'))!.body).toEqual({
      note: 'Prices look good',
    });
  });
});
