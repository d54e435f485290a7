import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settlementDetail } from '../../lib/trading/settlement-test-fixtures';
import { renderApp } from '../../test/render-app';
import { paged, serveMsl } from './test-server';

afterEach(() => vi.restoreAllMocks());

describe('my sales lite: settlements', () => {
  it('lists the farmer’s settlements and opens one with its statement', async () => {
    renderApp('/my-sales-lite/settlements', 'farmer');
    const s = settlementDetail({ status: 'final' });
    serveMsl((_call, path) =>
      path === '/settlements'
        ? { status: 200, body: paged([s], { totalCount: 1 }) }
        : path === '/settlements/9'
          ? { status: 200, body: s }
          : undefined,
    );
    const open = await screen.findByRole('button', { name: 'Open settlement S-000009' });
    expect(within(open).getByText('$4,799.64')).toBeTruthy();
    expect(within(open).getByText('Final')).toBeTruthy();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('T-500021')).toBeTruthy();
    // The farmer reads what an advance recovered in part still owes, as on the statement.
    expect(within(dialog).getByText('Advance recovered (paid 09/15/2026)')).toBeTruthy();
    expect(within(dialog).getByText('Advance balance left $499.58')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Download statement' }).getAttribute('href')).toBe(
      '/api/commodities/profit-center/settlements/9/statement',
    );
  });

  it('says so when there is nothing yet', async () => {
    renderApp('/my-sales-lite/settlements', 'farmer');
    serveMsl((_call, path) => (path === '/settlements' ? { status: 200, body: paged([]) } : undefined));
    expect(await screen.findByText('No settlements yet')).toBeTruthy();
  });
});
