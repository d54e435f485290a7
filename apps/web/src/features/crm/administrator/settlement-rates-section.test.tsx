import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CrmMarketRow, SettlementRates } from '@granary/domain';
import { PartnerProvider } from '../../../lib/brand/partner-context';
import { testPartner } from '../../../test/fixtures';
import { allMessages } from '../../../test/messages';
import { SettlementRatesSection } from './settlement-rates-section';

// The partner's checkoff/levy and storage rates on /crm/administrator (decision 044 addendum).

const MARKET = { id: 7, label: 'Regina', displayName: 'Regina' } as CrmMarketRow;

function serve(rates: SettlementRates) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
    const json =
      init?.method === 'PUT' ? { ...rates, ...JSON.parse(String(init.body)), version: rates.version + 1 } : rates;
    return Promise.resolve(
      new Response(JSON.stringify(json), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const putOf = (fetchMock: ReturnType<typeof serve>) => fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <IntlProvider locale="en-CA" messages={allMessages}>
          <PartnerProvider partner={testPartner}>
            <SettlementRatesSection markets={[MARKET]} />
          </PartnerProvider>
        </IntlProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('settlement rates', () => {
  it('tells a Canadian elevator it takes no levy until one is set, then saves the one added', async () => {
    const fetchMock = serve({ version: 0, country: 'CAN', defaults: true, levies: [], storage: [] });
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Levies and storage rates' })).toBeTruthy();
    expect(screen.getByText('No levies set: settlements take no levy until you add one.')).toBeTruthy();
    expect(screen.queryByText(/checkoff/i)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add levy' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Province 1' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Saskatchewan' }));
    fireEvent.change(screen.getByLabelText('Program 1'), { target: { value: 'Provincial levy' } });
    fireEvent.change(screen.getByLabelText('Rate 1'), { target: { value: '0.75' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Basis 1' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'per tonne' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save rates' }));

    await waitFor(() => expect(putOf(fetchMock)).toBeTruthy());
    const [, init] = putOf(fetchMock)!;
    expect(new Headers(init?.headers).get('If-Match')).toBe('"0"');
    expect(JSON.parse(String(init?.body))).toEqual({
      levies: [{ cropId: 1, region: 'SK', name: 'Provincial levy', basis: 'per_tonne', rate: '0.75', source: '' }],
      storage: [],
    });
  });

  it('says Checkoff to a US partner, shows % of value in percent and sends it back as a fraction', async () => {
    const fetchMock = serve({
      version: 3,
      country: 'USA',
      defaults: false,
      levies: [
        {
          cropId: 2,
          region: '*',
          name: 'Soybean checkoff',
          basis: 'pct_of_value',
          rate: '0.005000',
          source: '7 CFR 1220',
        },
      ],
      storage: [{ marketId: 7, cropId: null, freeDays: 30, ratePerBushelPerDay: '0.001500' }],
    });
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Checkoff and storage rates' })).toBeTruthy();
    expect(((await screen.findByLabelText('Rate 1')) as HTMLInputElement).value).toBe('0.5');
    expect((screen.getByLabelText('Per bu per day 1') as HTMLInputElement).value).toBe('0.0015');
    fireEvent.change(screen.getByLabelText('Free days 1'), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rates' }));

    await waitFor(() => expect(putOf(fetchMock)).toBeTruthy());
    const [, init] = putOf(fetchMock)!;
    expect(new Headers(init?.headers).get('If-Match')).toBe('"3"');
    expect(JSON.parse(String(init?.body))).toEqual({
      levies: [
        {
          cropId: 2,
          region: '*',
          name: 'Soybean checkoff',
          basis: 'pct_of_value',
          rate: '0.005',
          source: '7 CFR 1220',
        },
      ],
      storage: [{ marketId: 7, cropId: null, freeDays: 45, ratePerBushelPerDay: '0.0015' }],
    });
  });

  it('refuses a negative rate before sending anything', async () => {
    const fetchMock = serve({
      version: 1,
      country: 'USA',
      defaults: false,
      levies: [{ cropId: 1, region: 'IA', name: 'Iowa corn checkoff', basis: 'per_bushel', rate: '0.01', source: '' }],
      storage: [],
    });
    renderSection();
    fireEvent.change(await screen.findByLabelText('Rate 1'), { target: { value: '-0.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(await screen.findByText('Enter a rate of 0 or more')).toBeTruthy();
    expect(putOf(fetchMock)).toBeUndefined();
  });
});
