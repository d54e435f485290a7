import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/providers';
import { PartnerProvider } from '../../../lib/brand/partner-context';
import { allMessages } from '../../../test/messages';
import { testPartner } from '../../../test/fixtures';
import { SettlementDrawer } from './settlement-drawer';
import { settlementDetail } from '../../../lib/trading/settlement-test-fixtures';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderDrawer(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en-US" messages={allMessages}>
        <PartnerProvider partner={testPartner}>
          <SettlementDrawer settlementId={9} onClose={() => {}} />
        </PartnerProvider>
      </IntlProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SettlementDrawer', () => {
  it('shows each line, deduction and payee in the trade’s notation, and the statement link', async () => {
    renderDrawer(vi.fn(() => Promise.resolve(json(settlementDetail()))));
    expect(await screen.findByRole('heading', { name: 'S-000009' })).toBeTruthy();
    const lines = screen.getByRole('region', { name: 'Tickets settled' });
    const row = within(lines).getByText('T-500021').closest('tr')!;
    expect(within(row).getByText('1,234.57')).toBeTruthy();
    expect(within(row).getByText('$4.33¼')).toBeTruthy();
    expect(within(row).getByText('$5,348.76')).toBeTruthy();
    expect(within(row).getByText('$5,300.06')).toBeTruthy();
    const deductions = screen.getByRole('region', { name: 'Deductions' });
    expect(within(deductions).getByText('Iowa corn checkoff')).toBeTruthy();
    expect(within(deductions).getByText('Advance recovered (paid 09/15/2026)')).toBeTruthy();
    expect(within(deductions).getByText('Advance balance left $499.58')).toBeTruthy();
    expect(within(deductions).getByText('−$500.42')).toBeTruthy();
    const payees = screen.getByRole('region', { name: 'Paid to' });
    expect(within(payees).getByText('Heartland Farm Credit')).toBeTruthy();
    expect(within(payees).getByText('$1,000.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download statement' }).getAttribute('href')).toBe(
      '/api/commodities/merchandising/settlements/9/statement',
    );
  });

  it('says, as the statement does, what each recovered advance leaves: a balance, or recovered in full', async () => {
    const detail = settlementDetail();
    renderDrawer(
      vi.fn(() =>
        Promise.resolve(
          json({
            ...detail,
            deductions: [
              { kind: 'advance', description: '2026-08-03', amount: '1250.00', advanceBalance: '0.00' },
              { kind: 'advance', description: '2026-09-15', amount: '3549.64', advanceBalance: '1450.36' },
            ],
          }),
        ),
      ),
    );
    const deductions = await screen.findByRole('region', { name: 'Deductions' });
    const whole = within(deductions).getByText('Advance recovered (paid 08/03/2026)').closest('tr')!;
    expect(within(whole).getByText('Advance recovered in full')).toBeTruthy();
    expect(within(whole).getByText('−$1,250.00')).toBeTruthy();
    const part = within(deductions).getByText('Advance recovered (paid 09/15/2026)').closest('tr')!;
    expect(within(part).getByText('Advance balance left $1,450.36')).toBeTruthy();
    expect(within(part).getByText('−$3,549.64')).toBeTruthy();
  });

  it('writes bushels to the hundredth, as the lines do: 562.70, not 562.7', async () => {
    renderDrawer(vi.fn(() => Promise.resolve(json(settlementDetail({ bushels: '562.7' })))));
    expect(await screen.findByRole('heading', { name: 'S-000009' })).toBeTruthy();
    expect(screen.getByText('562.70')).toBeTruthy();
    expect(screen.queryByText('562.7')).toBeNull();
  });

  it('finalizes at the version shown (If-Match) and then offers only Void', async () => {
    // The server's state: final once the POST is made (the drawer reads it again after the change).
    let finalized = false;
    const fetchMock = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') finalized = true;
      return Promise.resolve(json(finalized ? settlementDetail({ status: 'final', version: 2 }) : settlementDetail()));
    });
    renderDrawer(fetchMock);
    fireEvent.click(await screen.findByRole('button', { name: 'Finalize' }));
    await waitFor(() => expect(screen.getByText('Final')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Finalize' })).toBeNull();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toContain('/settlements/9/finalize');
    expect(new Headers(post[1]!.headers).get('if-match')).toBe('"1"');
    expect(screen.getByRole('button', { name: 'Void' })).toBeTruthy();
  });
});
