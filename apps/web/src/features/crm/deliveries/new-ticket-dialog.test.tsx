import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/providers';
import { PartnerProvider } from '../../../lib/brand/partner-context';
import { allMessages } from '../../../test/messages';
import { testPartner } from '../../../test/fixtures';
import { crmMarket } from '../test-fixtures';
import { NewTicketDialog } from './new-ticket-dialog';

const figures = {
  netWeight: '52000',
  grossBushels: '928.57',
  shrinkPct: '3.72',
  shrinkBushels: '34.54',
  netBushels: '894.03',
  dryingCharge: '96.11',
  testWeightDiscount: '44.70',
  damageDiscount: '41.13',
  foreignMaterialDiscount: '9.39',
  discountAmount: '95.22',
  discountCentsPerBushel: { testWeight: '5', damage: '4.6', foreignMaterial: '1.05' },
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NewTicketDialog', () => {
  it('previews net bushels, shrink, drying and discounts as the weights are typed, and marks missing fields', async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url.includes('/preview')
        ? json(figures)
        : json({ rows: [], totalCount: 0, paginationToken: null, page: 1, pageSize: 20 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <IntlProvider locale="en-US" messages={allMessages}>
          <PartnerProvider partner={testPartner}>
            <NewTicketDialog open onClose={() => {}} market={crmMarket(1, 'Ames', { timezone: 'America/Chicago' })} />
          </PartnerProvider>
        </IntlProvider>
      </QueryClientProvider>,
    );
    const preview = screen.getByRole('region', { name: 'Net bushels' });
    expect(within(preview).getByText('Type the gross and tare weights to see the net bushels.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Gross weight' }), { target: { value: '80000' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Tare weight' }), { target: { value: '28000' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Moisture' }), { target: { value: '17.3' } });
    expect(await within(preview).findByText('894.03 bu')).toBeTruthy();
    expect(within(preview).getByText('− 34.54 bu')).toBeTruthy();
    expect(within(preview).getByText('$96.11')).toBeTruthy();
    expect(within(preview).getByText('$95.22')).toBeTruthy();
    const body = JSON.parse(
      String((fetchMock.mock.calls.find(([u]) => String(u).includes('/preview'))![1] as RequestInit).body),
    ) as Record<string, unknown>;
    expect(body).toMatchObject({ marketId: 1, cropId: 1, gross: '80000', tare: '28000', weightUnit: 'lb' });

    fireEvent.click(screen.getByRole('button', { name: 'Save ticket' }));
    await waitFor(() => expect(screen.getAllByText('Required').length).toBeGreaterThan(0));
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/scale-tickets'))).toBe(false);
  });
});
