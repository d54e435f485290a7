import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { minutesAgo, serveIngest, syncFixture } from './ingest-test-kit';
import type { IngestDashboard } from '@granary/domain';

const today = new Date();
const isoDay = (daysAgo: number) => {
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - daysAgo);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const failure = syncFixture(9, {
  recordType: 'scale_tickets',
  fileName: 'tickets-nightly.csv',
  status: 'failed',
  source: 'integration',
  by: null,
  rowsWritten: 0,
  rowsUnchanged: 0,
  rowsBroken: 0,
  startedAt: minutesAgo(62),
  finishedAt: minutesAgo(61),
  durationMs: 4_200,
  message: 'A mapped column is missing from the file: Net Bushels',
});

const DASHBOARD: IngestDashboard = {
  recordTypes: [
    { recordType: 'clients', lastSuccess: null, lastFailure: null, brokenOpen: 0 },
    { recordType: 'contracts', lastSuccess: syncFixture(7), lastFailure: null, brokenOpen: 3 },
    {
      recordType: 'scale_tickets',
      lastSuccess: syncFixture(5, { recordType: 'scale_tickets', finishedAt: minutesAgo(60 * 30) }),
      lastFailure: failure,
      brokenOpen: 0,
    },
    { recordType: 'notes', lastSuccess: null, lastFailure: null, brokenOpen: 0 },
  ],
  daily: [
    { date: isoDay(0), recordType: 'contracts', syncs: 2, rowsWritten: 12_000, rowsBroken: 3, durationMs: 185_000 },
    { date: isoDay(0), recordType: 'scale_tickets', syncs: 1, rowsWritten: 0, rowsBroken: 0, durationMs: 4_200 },
    { date: isoDay(3), recordType: 'clients', syncs: 1, rowsWritten: 840, rowsBroken: 0, durationMs: 2_000 },
  ],
  recent: [syncFixture(7), failure],
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/crm/ingest', () => {
  it('shows per record type the last successful import, its broken records, and a failure since highlighted', async () => {
    renderApp('/crm/ingest', 'buyer');
    serveIngest((path) => (path === '/le/1/ingest-dashboard' ? { status: 200, body: DASHBOARD } : undefined));
    const contracts = await screen.findByRole('region', { name: 'Contracts' });
    expect(within(contracts).getByText('2 h ago')).toBeTruthy();
    expect(within(contracts).getByText('12,340 rows in 3 min 5 s')).toBeTruthy();
    expect(within(contracts).getByText('3 broken records')).toBeTruthy();
    expect(within(contracts).queryByRole('alert')).toBeNull();

    const tickets = screen.getByRole('region', { name: 'Scale tickets' });
    const alert = within(tickets).getByRole('alert');
    expect(within(alert).getByRole('link').textContent).toBe('Last import failed 1 h ago');
    expect(within(alert).getByText('A mapped column is missing from the file: Net Bushels')).toBeTruthy();
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/crm/ingest/9');

    expect(within(screen.getByRole('region', { name: 'Clients' })).getByText('No import yet')).toBeTruthy();
  });

  it('sums the last 30 days and lists the recent imports with a link to each', async () => {
    renderApp('/crm/ingest', 'buyer');
    serveIngest((path) => (path === '/le/1/ingest-dashboard' ? { status: 200, body: DASHBOARD } : undefined));
    expect(await screen.findByText('4 imports · 12,840 rows written · 3 broken · 3 min 11 s in all')).toBeTruthy();
    const days = screen.getByRole('list', { name: 'Imports per day, last 30 days' });
    expect(within(days).getAllByRole('listitem')).toHaveLength(30);
    expect(within(days).getByRole('listitem', { name: /3 imports, 12,000 rows written, 3 broken/ })).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Recent imports' });
    const ok = within(table).getByRole('link', { name: 'agvance-contracts-7.csv' }).closest('tr')!;
    expect(within(table).getByRole('link', { name: 'agvance-contracts-7.csv' }).getAttribute('href')).toBe(
      '/crm/ingest/7',
    );
    for (const text of ['Contracts', 'Upload', 'Done', '12,000', '337', '3', '3 min 5 s', 'Dana Merchant', '2 h ago'])
      expect(within(ok).getByText(text)).toBeTruthy();
    const failed = within(table).getByRole('link', { name: 'tickets-nightly.csv' }).closest('tr')!;
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getAllByText('Integration')).toHaveLength(2); // its source, and who: no person
    expect(screen.getByRole('button', { name: 'Import a file' })).toBeTruthy();
  });

  it('tells a user without ingest access that imports are for administrators, and calls nothing', async () => {
    renderApp('/crm/ingest', 'buyer');
    const calls = serveIngest(() => undefined, false);
    expect(await screen.findByText('Data imports are for the partner’s administrators.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import a file' })).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/markets'))).toBe(true));
    expect(calls.some((c) => c.url.pathname.includes('ingest-dashboard'))).toBe(false);
  });
});
