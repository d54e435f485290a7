import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { paged, serveMsl, ticketRow } from './test-server';

afterEach(() => vi.restoreAllMocks());

describe('my sales lite: tickets (the tab)', () => {
  it('lists the scale tickets with grade factors and the contract each was applied to', async () => {
    renderApp('/my-sales-lite/tab', 'farmer');
    serveMsl((_call, path) =>
      path === '/scale-tickets'
        ? {
            status: 200,
            body: paged([ticketRow(1), ticketRow(2, { applications: [], applied: '0', unapplied: '400' })], {
              totalCount: 2,
            }),
          }
        : undefined,
    );
    const list = await screen.findByRole('list', { name: 'Your scale tickets' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Ticket T-500001')).toBeTruthy();
    expect(within(first!).getByText('1,000.5 bu')).toBeTruthy();
    expect(within(first!).getByText('15.5%')).toBeTruthy();
    expect(within(first!).getByText('56.2 lb/bu')).toBeTruthy();
    expect(within(first!).getByText('Contract C-100001: 1,000.5 bu')).toBeTruthy();
    expect(within(second!).getByText('Not applied to a contract yet')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Tickets' })).toBeTruthy();
  });

  it('shows only unapplied tickets when asked, keeping it in the URL', async () => {
    const { router } = renderApp('/my-sales-lite/tab', 'farmer');
    const calls = serveMsl((_call, path) => (path === '/scale-tickets' ? { status: 200, body: paged([]) } : undefined));
    expect(await screen.findByText('No scale tickets yet')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Unapplied only'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('unapplied')).toBe('true'));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname.endsWith('/scale-tickets') && c.url.searchParams.get('unapplied') === 'true'),
      ).toBe(true),
    );
    expect(await screen.findByText('No tickets match these filters')).toBeTruthy();
  });
});
