import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StubCall, StubReply } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { CONTRACT_MAPPING, brokenFixture, minutesAgo, serveIngest, syncFixture } from './ingest-test-kit';
import type { BrokenRecord, IngestSync } from '@granary/domain';

const running = (extra: Partial<IngestSync> = {}) =>
  syncFixture(7, {
    status: 'running',
    bytesRead: 1_048_576,
    rowsRead: 6_000,
    rowsWritten: 5_500,
    rowsUnchanged: 499,
    rowsBroken: 1,
    startedAt: minutesAgo(2),
    finishedAt: null,
    durationMs: null,
    etaSeconds: 125,
    ...extra,
  });

const list = (rows: BrokenRecord[]) => ({ status: 200, body: { rows, paginationToken: null, total: rows.length } });

/** The sync answers in turn from `syncs` (the last one again once they are used up); `other` answers the rest. */
function serve(syncs: IngestSync[], other?: (path: string, call: StubCall) => StubReply | undefined) {
  let reads = 0;
  return serveIngest((path, call) => {
    if (path === '/ingest/syncs/7') return { status: 200, body: syncs[Math.min(reads++, syncs.length - 1)] };
    if (path === '/ingest/mappings/contracts')
      return {
        status: 200,
        body: {
          ...CONTRACT_MAPPING,
          mapping: {
            columns: { externalId: 'Contract No', clientExternalId: 'Cust ID', crop: 'Commodity', quantity: 'Bushels' },
            version: 1,
          },
        },
      };
    return other?.(path, call);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/crm/ingest/:syncId', () => {
  it('follows a running import every second (bytes, rows, elapsed, time left) until it is done', async () => {
    renderApp('/crm/ingest/7', 'buyer');
    const calls = serve([running(), running(), syncFixture(7)], (path) =>
      path.endsWith('/broken-records') ? list([brokenFixture(1)]) : undefined,
    );
    const region = await screen.findByRole('region', { name: 'agvance-contracts-7.csv' });
    expect(within(region).getByText('Running')).toBeTruthy();
    const bar = within(region).getByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(within(region).getByText('1 MB of 2 MB read (50%)')).toBeTruthy();
    expect(within(region).getByLabelText('Rows read: 6,000')).toBeTruthy();
    expect(within(region).getByLabelText('Written: 5,500')).toBeTruthy();
    expect(within(region).getByLabelText('Broken: 1')).toBeTruthy();
    expect(within(region).getByLabelText('Time left: 2 min 5 s')).toBeTruthy();
    expect(within(region).getByLabelText(/^Elapsed: 2 min/)).toBeTruthy();
    expect(within(region).getByText(/Contracts · Upload · Dana Merchant/)).toBeTruthy();

    expect(
      await within(region).findByText('Imported: 12,000 rows written, 337 unchanged, 3 broken.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname.endsWith('/ingest/syncs/7')).length).toBeGreaterThanOrEqual(3);
    expect(within(region).getByLabelText('Duration: 3 min 5 s')).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Cancel import' })).toBeNull();
    const download = within(region).getByRole('link', { name: 'Download the file' });
    expect(download.getAttribute('href')).toBe(
      '/api/commodities/merchandising/contracts/7/agvance-contracts-7.csv/file',
    );
  });

  it('says the original file is gone once the retention rule removed it, instead of offering it', async () => {
    renderApp('/crm/ingest/7', 'buyer');
    serve([syncFixture(7, { fileRemovedAt: minutesAgo(60 * 24 * 3) })], (path) =>
      path.endsWith('/broken-records') ? list([]) : undefined,
    );
    const region = await screen.findByRole('region', { name: 'agvance-contracts-7.csv' });
    expect(
      await within(region).findByText(/The original file was removed .*files are kept 90 days after their import ends/),
    ).toBeTruthy();
    expect(within(region).queryByRole('link', { name: 'Download the file' })).toBeNull();
    expect(within(region).getByText('Imported: 12,000 rows written, 337 unchanged, 3 broken.')).toBeTruthy();
  });

  it('cancels after a confirmation and then says what was written', async () => {
    renderApp('/crm/ingest/7', 'buyer');
    const cancelled = running({
      status: 'cancelled',
      finishedAt: minutesAgo(0),
      durationMs: 130_000,
      message: 'Cancelled after 5,500 rows; rows up to line 5,502 are written.',
    });
    let cancelledYet = false;
    const calls = serveIngest((path) => {
      if (path === '/ingest/syncs/7') return { status: 200, body: cancelledYet ? cancelled : running() };
      if (path === '/ingest/syncs/7/cancel') {
        cancelledYet = true;
        return { status: 200, body: running({ cancelRequested: true }) };
      }
      if (path.endsWith('/broken-records')) return list([]);
      return undefined;
    });
    const region = await screen.findByRole('region', { name: 'agvance-contracts-7.csv' });
    fireEvent.click(within(region).getByRole('button', { name: 'Cancel import' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this import?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep importing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url.pathname.endsWith('/cancel'))).toBe(false);

    fireEvent.click(within(region).getByRole('button', { name: 'Cancel import' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this import?' })).getByRole('button', {
        name: 'Cancel import',
      }),
    );
    expect(await within(region).findByText('Canceling at the end of the current batch…')).toBeTruthy();
    expect(
      await within(region).findByText(
        'The import was canceled: 5,500 rows were written before it stopped.',
        {},
        {
          timeout: 4000,
        },
      ),
    ).toBeTruthy();
    expect(within(region).getByText('Cancelled after 5,500 rows; rows up to line 5,502 are written.')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname.endsWith('/cancel'))).toHaveLength(1);
  });

  it('says the reason of a failed import', async () => {
    renderApp('/crm/ingest/7', 'buyer');
    serve(
      [syncFixture(7, { status: 'failed', rowsWritten: 0, message: 'A mapped column is missing from the file.' })],
      (path) => (path.endsWith('/broken-records') ? list([]) : undefined),
    );
    const region = await screen.findByRole('region', { name: 'agvance-contracts-7.csv' });
    expect(within(region).getByText('A mapped column is missing from the file.')).toBeTruthy();
    expect(within(region).getByText('Failed')).toBeTruthy();
  });

  it('fixes a broken row in place: a refusal on its field, then a success marks it fixed', async () => {
    renderApp('/crm/ingest/7', 'buyer');
    let fixed = false;
    const calls = serve([syncFixture(7)], (path, call) => {
      if (path === '/contracts/broken-records')
        return list([
          brokenFixture(1, fixed ? { status: 'fixed', fixedRecordId: 900 } : {}),
          brokenFixture(2, { line: 9, code: 'bad_number', message: "Bushels is not a number: '12x'" }),
        ]);
      if (path === '/contracts/broken-records/1' && call.method === 'PUT') {
        const raw = (call.body as { raw: Record<string, string> }).raw;
        if (raw.Commodity !== 'Corn')
          return {
            status: 400,
            body: {
              code: 'validation_failed',
              message: `Unknown crop '${raw.Commodity}'`,
              details: { field: 'crop' },
            },
          };
        fixed = true;
        return { status: 200, body: { row: brokenFixture(1, { status: 'fixed' }), recordId: 900 } };
      }
      return undefined;
    });
    const table = await screen.findByRole('table', { name: 'Broken records' });
    const row = within(table).getByText("Unknown crop 'Barley'").closest('tr')!;
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText(/Commodity: Barley/)).toBeTruthy();
    expect(calls.find((c) => c.url.pathname.endsWith('/broken-records'))!.url.searchParams.get('syncId')).toBe('7');

    fireEvent.click(within(row).getByRole('button', { name: 'Fix line 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fix line 3' });
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/ingest/mappings/contracts'))).toBe(true));
    const crop = within(dialog).getByRole('textbox', { name: 'Commodity' });
    expect((crop as HTMLInputElement).value).toBe('Barley');
    fireEvent.change(crop, { target: { value: 'Oats' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take the row again' }));
    expect(await within(dialog).findByText("Unknown crop 'Oats'")).toBeTruthy();
    expect(crop.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(crop, { target: { value: 'Corn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take the row again' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Fix line 3' })).toBeNull());
    expect(await screen.findByText('Line 3 fixed and imported.')).toBeTruthy();
    const put = calls.filter((c) => c.method === 'PUT').at(-1)!;
    expect(put.body).toEqual({ raw: { 'Contract No': 'A-101', 'Cust ID': 'C-2', Commodity: 'Corn', Bushels: '1200' } });
    await waitFor(() =>
      expect(within(within(table).getByText("Unknown crop 'Barley'").closest('tr')!).getByText('Fixed')).toBeTruthy(),
    );
    const fixedRow = within(table).getByText("Unknown crop 'Barley'").closest('tr')!;
    expect(within(fixedRow).queryByRole('button')).toBeNull();
    expect(within(fixedRow).getByRole('link', { name: 'Open contract' }).getAttribute('href')).toBe(
      '/crm/contracts/900',
    );
  });

  it('dismisses a broken row', async () => {
    renderApp('/crm/ingest/7', 'buyer');
    const calls = serve([syncFixture(7)], (path, call) => {
      if (path === '/contracts/broken-records') return list([brokenFixture(1)]);
      if (path === '/contracts/broken-records/1' && call.method === 'DELETE') return { status: 204 };
      return undefined;
    });
    const table = await screen.findByRole('table', { name: 'Broken records' });
    fireEvent.click(within(table).getByRole('button', { name: 'Dismiss line 3' }));
    expect(await screen.findByText('Line 3 dismissed.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname.endsWith('/broken-records/1'))).toBe(true);
  });
});
