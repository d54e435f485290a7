import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { BALANCES, serveMsl } from './test-server';

afterEach(() => vi.restoreAllMocks());

describe('my sales lite: balances', () => {
  it('shows contracted against delivered and remaining, priced against unpriced, and unapplied tickets per crop and year', async () => {
    renderApp('/my-sales-lite/balances', 'farmer');
    serveMsl((_call, path) => (path === '/balances' ? { status: 200, body: BALANCES } : undefined));
    const card = await screen.findByRole('region', { name: 'Corn 2026' });
    expect(within(card).getByText('12,500 bu')).toBeTruthy();
    expect(within(card).getAllByText('7,500 bu').length).toBe(2);
    expect(within(card).getByText('40% delivered')).toBeTruthy();
    expect(within(card).getByText('80% priced')).toBeTruthy();
    expect(within(card).getByText('812.5 bu')).toBeTruthy();
    expect(within(card).getByText('2 tickets')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '40% delivered' }).getAttribute('aria-valuenow')).toBe('40');
  });

  it('says when there is nothing to balance yet', async () => {
    renderApp('/my-sales-lite/balances', 'farmer');
    serveMsl((_call, path) => (path === '/balances' ? { status: 200, body: { rows: [] } } : undefined));
    expect(await screen.findByText('No balances yet')).toBeTruthy();
  });
});
