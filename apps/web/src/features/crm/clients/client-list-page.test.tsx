import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { market, paged, searchRow, serveCrm, type Call } from './test-server';

afterEach(() => vi.restoreAllMocks());

const ROWS = [
  searchRow(501, 'Bakken Family Farms'),
  searchRow(502, 'Berg Grain Farms', { emailAddress: null, defaultCommodity: 'CN', defaultCropYear: 2026 }),
];

const searches = (calls: Call[]) => calls.filter((call) => call.url.pathname.endsWith('/le-search'));

describe('client list', () => {
  it('lists the market’s clients with their id, place, phone, e-mail and default crop; only markets where clients may be searched', async () => {
    renderApp('/crm/clients', 'buyer');
    const calls = serveCrm((call, path) =>
      path === '/market/10/le-search' ? { status: 200, body: paged(ROWS, { totalCount: 2 }) } : undefined,
    );
    const table = await screen.findByRole('table', { name: 'Clients' });
    const bakken = within(table).getByRole('link', { name: 'Bakken Family Farms' });
    const row = bakken.closest('tr')!;
    expect(within(row).getByText('ID 10501')).toBeTruthy();
    expect(within(row).getByText('Boone, IA')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '+1 (515) 555-0101' }).getAttribute('href')).toBe('tel:+15155550101');
    expect(within(row).getByText('Soybeans 2025')).toBeTruthy();
    expect(
      within(within(table).getByRole('link', { name: 'Berg Grain Farms' }).closest('tr')!).getByText('—'),
    ).toBeTruthy();
    expect(screen.getByText('2 clients')).toBeTruthy();
    expect(searches(calls)[0]!.url.searchParams.get('pageSize')).toBe('25');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Market' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Ames Elevator', 'Boone Terminal']);
  });

  it('searches once the typing pauses, not on every key, and keeps the search in the URL', async () => {
    const { router } = renderApp('/crm/clients?market_id=11', 'buyer');
    const calls = serveCrm((call, path) =>
      path === '/market/11/le-search'
        ? { status: 200, body: paged(call.url.searchParams.get('search') === 'bak' ? ROWS.slice(0, 1) : ROWS) }
        : undefined,
    );
    await screen.findByRole('link', { name: 'Berg Grain Farms' });
    const box = screen.getByRole('searchbox', { name: 'Search clients' });
    fireEvent.change(box, { target: { value: 'b' } });
    fireEvent.change(box, { target: { value: 'ba' } });
    fireEvent.change(box, { target: { value: 'bak' } });
    await waitFor(() => expect(router.state.location.search).toContain('search=bak'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Berg Grain Farms' })).toBeNull());
    expect(screen.getByText('1 client matching “bak”')).toBeTruthy();
    const sent = searches(calls).map((call) => call.url.searchParams.get('search'));
    expect(sent).toEqual([null, 'bak']);
    expect(new URLSearchParams(router.state.location.search).get('market_id')).toBe('11');
  });

  it('opens a client with its default commodity and crop year, keeping the market (section 2)', async () => {
    const { router } = renderApp('/crm/clients?market_id=10&search=b&page=2&paginationToken=t1', 'buyer');
    serveCrm((call, path) =>
      path === '/market/10/le-search' ? { status: 200, body: paged(ROWS, { page: 2, totalCount: 27 }) } : undefined,
    );
    const link = await screen.findByRole('link', { name: 'Berg Grain Farms' });
    fireEvent.click(link.closest('tr')!.querySelector('td:nth-child(2)')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/client/502'));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ market_id: '10', commodity: 'CN', crop_year: '2026' });
  });

  it('pages forward with the answer’s token and back again, and changes the page size', async () => {
    const { router } = renderApp('/crm/clients', 'buyer');
    const calls = serveCrm((call, path) => {
      if (path !== '/market/10/le-search') return undefined;
      const page = Number(call.url.searchParams.get('page') ?? '1');
      return {
        status: 200,
        body: paged([searchRow(600 + page, `Client on page ${page}`)], {
          page,
          totalCount: 60,
          paginationToken: page < 3 ? `token-${page}` : null,
        }),
      };
    });
    await screen.findByRole('link', { name: 'Client on page 1' });
    expect(screen.getByText('1–1 · page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'Client on page 2' });
    expect(searches(calls).at(-1)!.url.searchParams.get('paginationToken')).toBe('token-1');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'Client on page 3' });
    expect(searches(calls).at(-1)!.url.searchParams.get('paginationToken')).toBe('token-2');
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByRole('link', { name: 'Client on page 2' });
    expect(new URLSearchParams(router.state.location.search).get('paginationToken')).toBe('token-1');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows per page' }));
    fireEvent.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(searches(calls).at(-1)!.url.searchParams.get('pageSize')).toBe('50'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('page')).toBeNull();
    expect(params.get('paginationToken')).toBeNull();
  });

  it('says when nothing matches, and when the search fails', async () => {
    renderApp('/crm/clients?search=zz', 'buyer');
    let fail = false;
    serveCrm((call, path) =>
      path === '/market/10/le-search'
        ? fail
          ? { status: 500, body: { code: 'internal', message: 'The search is down.' } }
          : { status: 200, body: paged([]) }
        : undefined,
    );
    expect(await screen.findByText('No clients match “zz”')).toBeTruthy();
    fail = true;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search clients' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('The search is down.', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('explains when the user may search clients on no market', async () => {
    renderApp('/crm/clients', 'buyer');
    serveCrm(() => undefined, { markets: [market(12, 'Cedar Bids Only', { userPermissions: ['instruments'] })] });
    expect(await screen.findByText('No market to search')).toBeTruthy();
  });
});
