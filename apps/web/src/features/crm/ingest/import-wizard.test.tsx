import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StubCall } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { CONTRACT_MAPPING, previewFixture, serveIngest, stubXhrThroughFetch, syncFixture } from './ingest-test-kit';
import type { IngestDashboard, IngestMappingResponse } from '@granary/domain';

const DASHBOARD: IngestDashboard = { recordTypes: [], daily: [], recent: [] };
const CSV = 'Contract No,Cust ID,Commodity,Bushels,Remarks\nA-100,C-1,Corn,5000,first\nA-101,C-2,Barley,1200,\n';

function serve(mapping: IngestMappingResponse = CONTRACT_MAPPING) {
  stubXhrThroughFetch();
  return serveIngest((path, call: StubCall) => {
    if (path === '/le/1/ingest-dashboard') return { status: 200, body: DASHBOARD };
    if (path === '/ingest/mappings/contracts' && call.method === 'GET') return { status: 200, body: mapping };
    if (path === '/ingest/mappings/contracts' && call.method === 'PUT')
      return { status: 200, body: { columns: (call.body as { columns: unknown }).columns, version: 1 } };
    if (path === '/ingest/preview/contracts') {
      const columns = call.url.searchParams.get('columns');
      return { status: 200, body: previewFixture(columns ? (JSON.parse(columns) as Record<string, string>) : null) };
    }
    if (path === '/ingest/contracts/files') return { status: 202, body: { syncId: 77 } };
    if (path === '/ingest/syncs/77') return { status: 200, body: syncFixture(77, { status: 'queued' }) };
    if (path.endsWith('/broken-records')) return { status: 200, body: { rows: [], paginationToken: null, total: 0 } };
    return undefined;
  });
}

/** Opens the wizard, keeps Contracts, chooses the CSV and goes on to the columns step. */
async function toColumnsStep() {
  fireEvent.click(await screen.findByRole('button', { name: 'Import a file' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import a file' });
  expect(within(dialog).getByRole('radio', { name: /Contracts/ })).toHaveProperty('checked', true);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
  const input = within(dialog).getByLabelText('CSV file');
  fireEvent.change(input, { target: { files: [new File([CSV], 'agvance contracts.csv', { type: 'text/csv' })] } });
  expect(await within(dialog).findByText(/agvance contracts.csv · /)).toBeTruthy();
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
  await within(dialog).findByRole('table', { name: 'Column mapping' });
  return dialog;
}

/** The mapping table's row of a Granary field. */
const fieldRow = (dialog: HTMLElement, label: string) =>
  within(within(dialog).getByRole('table', { name: 'Column mapping' }))
    .getAllByRole('row')
    .find((row) => row.querySelector('td')?.textContent?.startsWith(label))!;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the import wizard', () => {
  it('previews the first rows with the suggested mapping preselected, required fields marked, problems on their rows', async () => {
    renderApp('/crm/ingest', 'buyer');
    const calls = serve();
    const dialog = await toColumnsStep();
    const preview = calls.find((c) => c.url.pathname.endsWith('/ingest/preview/contracts'))!;
    expect(preview.body).toBe(CSV);
    expect(within(dialog).getByText(/UTF-8, separated by commas · 5 columns/)).toBeTruthy();

    expect(within(fieldRow(dialog, 'Contract number')).getByRole('combobox').textContent).toBe('Contract No');
    expect(within(fieldRow(dialog, 'Crop')).getByRole('combobox').textContent).toBe('Commodity');
    expect(within(fieldRow(dialog, 'Description')).getByRole('combobox').textContent).toBe('Not imported');
    expect(within(fieldRow(dialog, 'Crop')).getByTitle('required')).toBeTruthy();
    expect(within(fieldRow(dialog, 'Description')).queryByTitle('required')).toBeNull();
    expect(within(fieldRow(dialog, 'Crop')).getByText("Line 3: Unknown crop 'Barley'")).toBeTruthy();
    expect(within(fieldRow(dialog, 'Contract number')).getByText('A-100')).toBeTruthy();
    expect(within(dialog).getByText(/1 of the first rows would be a broken record/)).toBeTruthy();

    const sample = within(dialog).getByRole('table', { name: 'First rows of the file' });
    const barley = within(sample).getByText('Barley');
    expect(barley.getAttribute('aria-invalid')).toBe('true');
    expect(within(sample).getByText('Corn').getAttribute('aria-invalid')).toBeNull();
  });

  it('previews again with a changed mapping, refuses a required field left out, then saves it and sends the file', async () => {
    const { router } = renderApp('/crm/ingest', 'buyer');
    const calls = serve();
    const dialog = await toColumnsStep();

    fireEvent.mouseDown(within(fieldRow(dialog, 'Description')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Remarks' }));
    await waitFor(() =>
      expect(calls.some((c) => JSON.parse(c.url.searchParams.get('columns') ?? '{}').description === 'Remarks')).toBe(
        true,
      ),
    );
    expect(await within(fieldRow(dialog, 'Description')).findByText('first')).toBeTruthy();

    fireEvent.mouseDown(within(fieldRow(dialog, 'Customer ID')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Not imported' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save mapping and import' }));
    expect(
      await within(fieldRow(dialog, 'Customer ID')).findByText('Required: choose the column that holds it.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.mouseDown(within(fieldRow(dialog, 'Customer ID')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Cust ID' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save mapping and import' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/ingest/77'));

    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.ifMatch).toBeNull();
    expect(put.body).toEqual({
      columns: {
        externalId: 'Contract No',
        clientExternalId: 'Cust ID',
        crop: 'Commodity',
        quantity: 'Bushels',
        description: 'Remarks',
      },
    });
    const file = calls.find((c) => c.url.pathname.endsWith('/ingest/contracts/files'))!;
    expect(file.url.searchParams.get('fileName')).toBe('agvance contracts.csv');
    expect(file.body).toBe(CSV);
    expect(await screen.findByText('Waiting for its turn…')).toBeTruthy();
  });

  it('starts from the saved mapping and sends the file without saving it again when unchanged', async () => {
    const saved: IngestMappingResponse = {
      ...CONTRACT_MAPPING,
      mapping: {
        columns: {
          externalId: 'Contract No',
          clientExternalId: 'Cust ID',
          crop: 'Commodity',
          quantity: 'Bushels',
          description: 'Remarks',
        },
        version: 4,
      },
    };
    const { router } = renderApp('/crm/ingest', 'buyer');
    const calls = serve(saved);
    const dialog = await toColumnsStep();
    expect(within(dialog).getByText(/Your saved mapping is applied/)).toBeTruthy();
    expect(within(fieldRow(dialog, 'Description')).getByRole('combobox').textContent).toBe('Remarks');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save mapping and import' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/ingest/77'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('says why a file is refused before anything is written', async () => {
    renderApp('/crm/ingest', 'buyer');
    stubXhrThroughFetch();
    serveIngest((path, call) => {
      if (path === '/le/1/ingest-dashboard') return { status: 200, body: DASHBOARD };
      if (path === '/ingest/mappings/contracts' && call.method === 'GET')
        return { status: 200, body: CONTRACT_MAPPING };
      if (path === '/ingest/mappings/contracts') return { status: 200, body: { columns: {}, version: 1 } };
      if (path === '/ingest/preview/contracts') return { status: 200, body: previewFixture(null) };
      if (path === '/ingest/contracts/files')
        return { status: 400, body: { code: 'ingest_wrong_encoding', message: 'The file is not text in UTF-8.' } };
      return undefined;
    });
    const dialog = await toColumnsStep();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save mapping and import' }));
    expect(
      await within(dialog).findByText(/The import could not be started. The file is not text in UTF-8./),
    ).toBeTruthy();
  });
});
