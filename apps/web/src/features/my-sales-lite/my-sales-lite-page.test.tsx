import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { contractRow, detail, paged, serveMsl } from './test-server';

afterEach(() => vi.restoreAllMocks());

const contractCalls = (calls: { url: URL }[]) =>
  calls.filter((c) => c.url.pathname.endsWith('/profit-center/contracts'));

describe('my sales lite: sales', () => {
  it('shows the summary per crop and year and the contracts with delivered, remaining and price status', async () => {
    renderApp('/my-sales-lite', 'farmer');
    serveMsl((_call, path) =>
      path === '/contracts'
        ? {
            status: 200,
            body: paged(
              [
                contractRow(1),
                contractRow(2, {
                  displayContractId: 'C-100002',
                  priceStatus: 'unpriced',
                  priced: '0',
                  unpriced: '5000',
                  cashPrice: null,
                  signatureNeeded: true,
                }),
              ],
              { totalCount: 2 },
            ),
          }
        : undefined,
    );
    const summary = await screen.findByRole('region', { name: 'Summary by crop' });
    const corn = within(summary).getByRole('button', { name: 'Corn 2026 summary' });
    expect(within(corn).getByText('12,500 bu')).toBeTruthy();
    // The average cash in the trade's notation with its unit (quarter-cent fractions).
    expect(within(corn).getByText('$4.31¼/bu')).toBeTruthy();
    expect(within(corn).getByText('80%')).toBeTruthy();

    const list = await screen.findByRole('list', { name: 'Your contracts' });
    const first = within(list).getByRole('button', { name: 'Open contract C-100001' });
    expect(within(first).getByText('2,000 bu')).toBeTruthy();
    expect(within(first).getByText('3,000 bu')).toBeTruthy();
    expect(within(first).getByText('Priced')).toBeTruthy();
    expect(within(first).getByText('$4.25/bu')).toBeTruthy();
    const second = within(list).getByRole('button', { name: 'Open contract C-100002' });
    expect(within(second).getAllByText('Unpriced').length).toBeGreaterThan(0);
    expect(within(second).getByText('Needs your signature')).toBeTruthy();
    expect(screen.getByText('2 of 2')).toBeTruthy();
  });

  it('opens a contract in a dialog with its pricing, deliveries and amendments; closing keeps the list', async () => {
    const { router } = renderApp('/my-sales-lite', 'farmer');
    const row = contractRow(1);
    serveMsl((_call, path) => {
      if (path === '/contracts') return { status: 200, body: paged([row]) };
      if (path === '/contracts/1') return { status: 200, body: detail(row) };
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Open contract C-100001' }));
    const dialog = await screen.findByRole('dialog', { name: /Contract C-100001/ });
    await within(dialog).findByText('T-500070');
    // Figures in table columns keep two decimals so they line up.
    const deliveries = within(dialog).getByRole('table', { name: 'Deliveries' });
    expect(within(deliveries).getByText('T-500070').closest('tr')!.textContent).toContain('2,000.00 bu');
    expect(within(dialog).getByText('Fieldman Family Farms')).toBeTruthy();
    expect(within(dialog).getByText('A-200003 · Rolled futures from U26 to Z26')).toBeTruthy();
    expect(within(dialog).getByRole('table', { name: 'Pricing' })).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('contract')).toBe('1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('pages with the keyset token and filters by a summary card', async () => {
    const { router } = renderApp('/my-sales-lite', 'farmer');
    const calls = serveMsl((call, path) => {
      if (path !== '/contracts') return undefined;
      if (call.url.searchParams.get('page') === '2')
        return {
          status: 200,
          body: paged([contractRow(3, { displayContractId: 'C-100003' })], { page: 2, totalCount: 3 }),
        };
      return {
        status: 200,
        body: paged([contractRow(1), contractRow(2, { displayContractId: 'C-100002' })], {
          totalCount: 3,
          paginationToken: 'tok-2',
        }),
      };
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    await screen.findByRole('button', { name: 'Open contract C-100003' });
    const second = contractCalls(calls).find((c) => c.url.searchParams.get('page') === '2')!;
    expect(second.url.searchParams.get('paginationToken')).toBe('tok-2');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Soybeans 2025 summary' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('crop')).toBe('2'));
    await waitFor(() =>
      expect(
        contractCalls(calls).some(
          (c) => c.url.searchParams.get('cropYear') === '2025' && c.url.searchParams.get('crop') === '2',
        ),
      ).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Soybeans 2025 summary' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says when there are no contracts, and shows the server’s error with a retry', async () => {
    renderApp('/my-sales-lite', 'farmer');
    let fail = true;
    serveMsl((_call, path) => {
      if (path === '/summary') return { status: 200, body: { rows: [] } };
      if (path === '/contracts')
        return fail
          ? { status: 403, body: { code: 'forbidden', message: 'My sales lite needs the flag.' } }
          : { status: 200, body: paged([]) };
      return undefined;
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('My sales lite needs the flag.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No contracts yet')).toBeTruthy();
  });

  it('lists what the farmer has to do; the contracts to sign are one tap away', async () => {
    renderApp('/my-sales-lite', 'farmer');
    const toSign = contractRow(4, { displayContractId: 'C-100004', signatureNeeded: true });
    serveMsl((_call, path) => {
      if (path === '/contracts') return { status: 200, body: paged([contractRow(1)]) };
      if (path === '/task-list') {
        return {
          status: 200,
          body: {
            today: '2026-11-22',
            counts: { signature_needed: 1, pricing_needed: 3, delivery_needed: 0 },
            items: [{ task: 'signature_needed', contract: toSign }],
          },
        };
      }
      if (path === '/contracts/4') return { status: 200, body: detail(toSign) };
      return undefined;
    });
    const tasks = await screen.findByRole('region', { name: 'To do' });
    expect(within(tasks).getByText('3 contracts to price')).toBeTruthy();
    expect(within(tasks).queryByText(/deliver/)).toBeNull();
    fireEvent.click(within(tasks).getByRole('button', { name: '1 contract to sign' }));
    expect(await screen.findByRole('dialog', { name: /Contract C-100004/ })).toBeTruthy();
  });

  it('offers Sales, Balances, Tickets, Bids, Settlements, Payments and Structures as sections (tabs below md, where the header has no room for them)', async () => {
    renderApp('/my-sales-lite', 'farmer');
    serveMsl((_call, path) => (path === '/contracts' ? { status: 200, body: paged([]) } : undefined));
    // display:none at jsdom's desktop width (the header carries them there), hence hidden: true.
    const nav = await screen.findByRole('navigation', { name: 'My sales sections', hidden: true });
    const links = within(nav).getAllByRole('tab', { hidden: true });
    expect(links.map((l) => l.textContent)).toEqual([
      'Sales',
      'Balances',
      'Tickets',
      'Bids',
      'Settlements',
      'Payments',
      'Structures',
    ]);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/my-sales-lite',
      '/my-sales-lite/balances',
      '/my-sales-lite/tab',
      '/my-sales-lite/bids',
      '/my-sales-lite/settlements',
      '/my-sales-lite/payments',
      '/my-sales-lite/structures',
    ]);
    expect(links[0]!.getAttribute('aria-selected')).toBe('true');
  });
});
