import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedView } from '@granary/domain';
import { allMessages } from '../../../test/messages';
import { stubFetch } from '../../../test/fetch-stub';
import { DataGrid } from './data-grid';
import { visibleColumns, type GridColumn } from './grid-columns';
import { GridToolbar } from './grid-toolbar';
import { resetGridPrefsCache, useGridPrefs } from './use-grid-prefs';

type Row = { id: number; name: string; quantity: string; status: string };
const ROWS: Row[] = [
  { id: 1, name: 'Bakken Family Farms', quantity: '5,000 bu', status: 'Open' },
  { id: 2, name: 'Berg Grain Farms', quantity: '12,500 bu', status: 'Filled' },
  { id: 3, name: 'Cedar Creek Ag', quantity: '800 bu', status: 'Open' },
];
const COLUMNS: GridColumn<Row>[] = [
  { id: 'name', label: 'Client', render: (row) => row.name },
  { id: 'quantity', label: 'Quantity', numeric: true, render: (row) => row.quantity },
  { id: 'status', label: 'Status', render: (row) => row.status },
  { id: 'notes', label: 'Notes', defaultVisible: false, render: () => 'note' },
];

function Location() {
  const location = useLocation();
  return <output aria-label="location">{location.search}</output>;
}

function Harness({ onOpen }: { onOpen?: (row: Row) => void }) {
  const [prefs] = useGridPrefs('offers');
  return (
    <>
      <GridToolbar grid="offers" columns={COLUMNS} />
      <DataGrid
        label="Offers"
        columns={visibleColumns(COLUMNS, prefs)}
        rows={ROWS}
        rowKey={(row) => row.id}
        density={prefs.density}
        onOpen={onOpen}
      />
      <Location />
    </>
  );
}

function renderGrid(url = '/crm/offers', onOpen?: (row: Row) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <IntlProvider locale="en-US" messages={allMessages}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <Harness onOpen={onOpen} />
        </MemoryRouter>
      </QueryClientProvider>
    </IntlProvider>,
  );
}

const headers = () => screen.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent);
const view = (over: Partial<SavedView>): SavedView => ({
  id: 7,
  grid: 'offers',
  name: 'Filled, no status',
  state: { filters: { status: 'filled' }, hiddenColumns: ['status'], shownColumns: ['notes'], density: 'compact' },
  createdAt: '2026-11-27T09:00:00.000Z',
  updatedAt: '2026-11-27T09:00:00.000Z',
  ...over,
});

beforeEach(() => {
  window.localStorage.clear();
  resetGridPrefsCache();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('grid toolkit', () => {
  it('the column chooser hides and shows a column, keeps the last one, and resets', async () => {
    stubFetch(() => ({ status: 200, body: { rows: [] } }));
    renderGrid();
    expect(headers()).toEqual(['Client', 'Quantity', 'Status']);
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Quantity' }));
    expect(headers()).toEqual(['Client', 'Status']);
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Notes' }));
    expect(headers()).toEqual(['Client', 'Status', 'Notes']);
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Status' }));
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Notes' }));
    // Only Client is left: it cannot be hidden.
    const last = screen.getByRole('menuitemcheckbox', { name: 'Client' });
    expect(last.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(last);
    expect(headers()).toEqual(['Client']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Reset columns' }));
    expect(headers()).toEqual(['Client', 'Quantity', 'Status']);
  });

  it('saves the grid as a named view and applying a view restores its filters, columns and density', async () => {
    let saved: SavedView[] = [view({})];
    const calls = stubFetch((call) => {
      if (call.method === 'GET') return { status: 200, body: { rows: saved } };
      if (call.method === 'POST') {
        const created = view({ id: 8, ...(call.body as Pick<SavedView, 'name' | 'state'>) });
        saved = [...saved, created];
        return { status: 201, body: created };
      }
      return undefined;
    });
    renderGrid('/crm/offers?status=expired&page=2&paginationToken=abc');

    fireEvent.click(screen.getByRole('button', { name: 'Views' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Filled, no status' }));
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('?status=filled'));
    expect(headers()).toEqual(['Client', 'Quantity', 'Notes']);
    expect(screen.getByRole('button', { name: 'Compact rows' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'View: Filled, no status' })).toBeTruthy();

    // A change leaves the view; "Save view as…" names the new state.
    fireEvent.click(screen.getByRole('button', { name: 'Comfortable rows' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Views' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Views' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Save view as…' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'View name' }), { target: { value: 'Filled roomy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      grid: 'offers',
      name: 'Filled roomy',
      state: {
        filters: { status: 'filled' },
        hiddenColumns: ['status'],
        shownColumns: ['notes'],
        density: 'comfortable',
      },
    });
    expect(await screen.findByRole('button', { name: 'View: Filled roomy' })).toBeTruthy();
  });

  it('says so when a view name is taken', async () => {
    stubFetch((call) =>
      call.method === 'GET'
        ? { status: 200, body: { rows: [] } }
        : { status: 400, body: { code: 'saved_view_name_taken', message: 'taken' } },
    );
    renderGrid();
    fireEvent.click(screen.getByRole('button', { name: 'Views' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Save view as…' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'View name' }), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You already have a view with this name.')).toBeTruthy();
  });

  it('moves the active row with the arrow keys and opens it with Enter', async () => {
    stubFetch(() => ({ status: 200, body: { rows: [] } }));
    const onOpen = vi.fn();
    renderGrid('/crm/offers', onOpen);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.tabIndex)).toEqual([0, -1, -1]);
    act(() => rows[0]!.focus());
    fireEvent.keyDown(rows[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows[1]);
    expect(rows[1]!.getAttribute('aria-selected')).toBe('true');
    expect(rows[0]!.getAttribute('aria-selected')).toBe('false');
    fireEvent.keyDown(rows[1]!, { key: 'ArrowDown' });
    fireEvent.keyDown(rows[2]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows[2]);
    fireEvent.keyDown(rows[2]!, { key: 'ArrowUp' });
    fireEvent.keyDown(rows[1]!, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith(ROWS[1]);
  });

  it('shows cards on a phone: the first column as the title, the other visible columns as label and value', async () => {
    stubFetch(() => ({ status: 200, body: { rows: [] } }));
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('max-width:599.95px'),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      })),
    );
    renderGrid();
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Offers' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[1]!.textContent).toContain('Berg Grain Farms');
    const terms = within(cards[1]!)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(cards[1]!)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(terms).toEqual(['Quantity', 'Status']);
    expect(values).toEqual(['12,500 bu', 'Filled']);
  });
});
