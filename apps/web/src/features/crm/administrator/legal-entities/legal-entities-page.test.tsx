import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminLegalEntityRow } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/render-app';
import { market, paged, serveCrm, type Call } from '../../clients/test-server';

afterEach(() => vi.restoreAllMocks());

const MARKETS = [market(10, 'Ames Elevator'), market(11, 'Boone Terminal')];

const entity = (id: number, name: string, extra: Partial<AdminLegalEntityRow> = {}): AdminLegalEntityRow => ({
  id,
  name,
  extClientId: `AGV-${id}`,
  scopeLegalEntityId: 0,
  city: 'Ames',
  administrativeAreaLevel1: 'IA',
  phoneNumber: null,
  emailAddress: null,
  marketIds: [10],
  contactsCount: 2,
  onboarded: false,
  updatedAt: '2026-11-20T15:00:00.000Z',
  ...extra,
});

function serve(isAdmin: boolean, rows: (search: string | null) => AdminLegalEntityRow[]) {
  return serveCrm((call: Call, path: string) => {
    if (path === '/le/1/markets')
      return {
        status: 200,
        body: { markets: MARKETS, adminPermissions: isAdmin ? { 'buyer-admin': 'all' } : {}, isAdmin },
      };
    if (path === '/admin/le/1/legal-entities') {
      const found = rows(call.url.searchParams.get('search'));
      return { status: 200, body: paged(found, { totalCount: found.length }) };
    }
    return undefined;
  });
}

describe('/crm/administrator/legal-entities', () => {
  it('lists the legal entities with scope ids and markets, searches them, and links the upload to the import', async () => {
    renderApp('/crm/administrator/legal-entities', 'buyer');
    const calls = serve(true, (search) =>
      search === 'bakken'
        ? [entity(3, 'Bakken Family Farms', { scopeLegalEntityId: 777001, marketIds: [10, 11], onboarded: true })]
        : [entity(1, 'Anderson Grain'), entity(2, 'Aspen Ridge Farms')],
    );
    const table = await screen.findByRole('table', { name: 'Legal entities' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Anderson Grain');
    expect(rows[1]!.textContent).toContain('AGV-1');
    expect(rows[1]!.textContent).toContain('Default');
    expect(rows[1]!.textContent).toContain('Ames Elevator');
    expect(rows[1]!.textContent).toContain('11/20/2026');

    const link = screen.getByRole('link', { name: 'Upload legal entities' });
    expect(link.getAttribute('href')).toBe('/crm/ingest?recordType=clients');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search legal entities' }), { target: { value: 'bakken' } });
    await waitFor(() => expect(screen.getByRole('table', { name: 'Legal entities' }).textContent).toContain('Bakken'));
    const found = within(screen.getByRole('table', { name: 'Legal entities' })).getAllByRole('row')[1]!;
    expect(found.textContent).toContain('777001');
    expect(found.textContent).toContain('Ames Elevator, Boone Terminal');
    expect(found.textContent).toContain('Yes');
    expect(calls.some((c) => c.url.searchParams.get('search') === 'bakken')).toBe(true);
  });

  it('says when a search finds nothing', async () => {
    renderApp('/crm/administrator/legal-entities', 'buyer');
    serve(true, (search) => (search ? [] : [entity(1, 'Anderson Grain')]));
    await screen.findByRole('table', { name: 'Legal entities' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search legal entities' }), { target: { value: 'zz' } });
    expect(await screen.findByText('Nothing matches “zz”')).toBeTruthy();
  });

  it('shows a buyer who is no administrator the permission-denied screen', async () => {
    renderApp('/crm/administrator/legal-entities', 'buyer');
    serve(false, () => []);
    expect(await screen.findByText('You do not have permissions for this action')).toBeTruthy();
    expect(screen.queryByRole('searchbox', { name: 'Search legal entities' })).toBeNull();
  });
});
