import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ResourcePermissions, StaffEnterprisesList } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/api/query-keys';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { staffBootstrap, staffUserDetail } from './test-fixtures';

// The staff area for staff whose admin permissions are limited to some partners (issue 16, decision 053): the
// Enterprises tab and the manual grant's enterprise picker list what the server answers for them (their partners'
// clients), instead of nothing.

const SAM = '5d0c6b1e-0000-4000-8000-000000000001';

/** A cx representative whose admin permissions are limited to the demo partner. */
const partnerStaff = () =>
  staffBootstrap({
    'list-all-user-details': ['demo'],
    'view-manual-permissions': ['demo'],
    'grant-manual-permissions': ['demo'],
  });

const USER = staffUserDetail(SAM);

const ENTERPRISES: StaffEnterprisesList = {
  enterprises: [
    {
      id: 41,
      public_id: '5d0c6b1e-0000-4000-8000-000000000041',
      name: 'Fieldman Family Farms',
      country_code: 'USA',
      members_count: 1,
      owner_names: ['Sam Fieldman'],
    },
  ],
  total_count: 1,
  page: 1,
  page_size: 25,
  pagination_token: null,
};

const grantOn = (id: number, name: string, revocable: boolean): ResourcePermissions['manual'][number] => ({
  id,
  resource_type: 'enterprise',
  resource_id: String(id),
  resource_name: name,
  permission: 'has_agronomics',
  granted_by_name: 'Alex Admin',
  created_at: '2026-11-20T10:00:00.000Z',
  revocable,
});

/** One grant on their partner's enterprise, one on an enterprise out of their sight (the server says which). */
const GRANTS: ResourcePermissions = {
  automatic: [],
  manual: [grantOn(41, 'Fieldman Family Farms', true), grantOn(77, 'Rivers Ridge Farms', false)],
};

function serve() {
  return stubFetch((call) => {
    const path = call.url.pathname;
    if (path === `/api/effu/user/${SAM}`) return { status: 200, body: USER };
    if (path === '/api/effu/enterprises/admin-list') return { status: 200, body: ENTERPRISES };
    if (path === `/api/auth/users/${SAM}/permissions/resource-permissions`) return { status: 200, body: GRANTS };
    if (path === '/api/auth/permissions/resource-permissions/manual') return { status: 200, body: { manual: [] } };
    return undefined;
  });
}

afterEach(() => vi.restoreAllMocks());

describe('staff limited to some partners', () => {
  it("see the Enterprises tab and their partners' enterprises there", async () => {
    const { queryClient } = renderApp('/admin/enterprises', 'buyer');
    serve();
    act(() => queryClient.setQueryData(queryKeys.bootstrap, partnerStaff()));
    const tabs = await screen.findByRole('tablist', { name: 'Administration pages' });
    expect(within(tabs).getByRole('tab', { name: 'Enterprises' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Enterprises' });
    expect(within(table).getByText('Fieldman Family Farms')).toBeTruthy();
  });

  it('pick an enterprise of their partners to grant a flag by hand, and revoke only what they may', async () => {
    const { queryClient } = renderApp(`/admin/users/${SAM}`, 'buyer');
    const calls = serve();
    act(() => queryClient.setQueryData(queryKeys.bootstrap, partnerStaff()));
    await screen.findByText('Agronomics · Rivers Ridge Farms (#77)');
    expect(screen.getAllByRole('button', { name: /^Revoke/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Revoke Agronomics · Fieldman Family Farms (#41)',
    ]);
    const picker = await screen.findByRole('combobox', { name: 'Enterprise' });
    fireEvent.change(picker, { target: { value: 'Field' } });
    fireEvent.click(await screen.findByRole('option', { name: /Fieldman Family Farms/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Grant' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        resource_type: 'enterprise',
        resource_id: '41',
        permission: 'has_team_access',
        user_id: SAM,
      }),
    );
  });
});

describe('creating an Australian account', () => {
  it("says the admin errors of platform.md 8.4 on their fields, and 'User could not be saved' otherwise", async () => {
    let answer = { status: 409, body: { code: 'user_taken', message: 'User email or phone number already taken' } };
    const { queryClient } = renderApp('/admin/australian-accounts/new', 'buyer');
    stubFetch((call) => {
      if (call.url.pathname.startsWith('/api/effu/abn/'))
        return {
          status: 200,
          body: {
            abn: '51824753556',
            state: 'NSW',
            gst: true,
            entity_name: 'Wagga Grain',
            active: true,
            post_code: '2650',
          },
        };
      if (call.url.pathname === '/api/effu/admin/australian-accounts') return answer;
      return undefined;
    });
    const boot = partnerStaff();
    act(() =>
      queryClient.setQueryData(queryKeys.bootstrap, {
        ...boot,
        user: { ...boot.user, admin: { is_super_admin: true, permissions: {} } },
      }),
    );
    fireEvent.change(await screen.findByLabelText('ABN'), { target: { value: '51 824 753 556' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: 'Kylie' } });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Mallee' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'kylie@mallee.test' } });
    fireEvent.change(screen.getByLabelText(/^Mobile phone|^Phone/), { target: { value: '12' } });
    const create = screen.getByRole('button', { name: 'Create account' });
    fireEvent.click(create);
    expect(await screen.findByText('User email or phone number already taken')).toBeTruthy();
    answer = { status: 400, body: { code: 'phone_invalid', message: 'The mobile phone number is invalid' } };
    fireEvent.click(create);
    expect(await screen.findByText('The mobile phone number is invalid')).toBeTruthy();
    answer = { status: 409, body: { code: 'abn_taken', message: 'This ABN already belongs to a farm business.' } };
    fireEvent.click(create);
    expect(
      await screen.findByText('User could not be saved: This ABN already belongs to a farm business.'),
    ).toBeTruthy();
  });
});
