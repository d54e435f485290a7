import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  MARKET_PERMISSIONS,
  type AdminUser,
  type AdminUserRow,
  type AdminUsersList,
  type CrmMarketRow,
  type UserPermissions,
} from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubCall, type StubReply } from '../../../../test/fetch-stub';
import { renderApp } from '../../../../test/render-app';
import { BOOTSTRAP, crmMarket } from '../../test-fixtures';

const MERCH = '/api/commodities/merchandising';
const MARKETS: CrmMarketRow[] = [
  crmMarket(10, 'Ames Elevator', { userPermissions: [...MARKET_PERMISSIONS] }),
  crmMarket(11, 'Boone Terminal', { userPermissions: [...MARKET_PERMISSIONS] }),
];

const row = (userId: number, extra: Partial<AdminUserRow> = {}): AdminUserRow => ({
  userId,
  email: `user${userId}@demo.test`,
  firstName: 'Jordan',
  lastName: `Hale ${userId}`,
  status: 'active',
  marketsCount: 1,
  adminPermissions: [],
  lastSignInAt: null,
  ...extra,
});

const LIST: AdminUsersList = {
  users: [
    row(1, { firstName: 'Dana', lastName: 'Merchant', adminPermissions: ['buyer-admin'], marketsCount: 2 }),
    row(2, { status: 'suspended' }),
  ],
  totalCount: 2,
  page: 1,
  pageSize: 25,
  paginationToken: null,
  invitations: [
    {
      id: '7d9c0a3e-1111-4a4a-8888-000000000001',
      email: 'new.person@demo.test',
      firstName: 'New',
      lastName: 'Person',
      marketsCount: 1,
      adminPermissions: [],
      sentAt: '2026-11-26T10:00:00.000Z',
      expiresAt: '2026-12-03T10:00:00.000Z',
      expired: false,
    },
  ],
};

const USER: AdminUser = {
  ...row(2),
  phoneNumber: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  isSelf: false,
  version: 7,
};

const MATRIX: UserPermissions = {
  userId: 2,
  version: 7,
  markets: [
    {
      marketId: 10,
      displayName: 'Ames Elevator',
      city: 'Ames',
      administrativeAreaLevel1: 'IA',
      permissions: ['contracts'],
    },
    { marketId: 11, displayName: null, city: 'Boone', administrativeAreaLevel1: 'IA', permissions: [] },
  ],
  adminPermissions: [],
};

function serve(route: (call: StubCall) => StubReply | undefined = () => undefined) {
  return stubFetch((call) => {
    const own = route(call);
    if (own) return own;
    const path = call.url.pathname;
    if (path === `${MERCH}/bootstrap`) return { status: 200, body: BOOTSTRAP };
    if (path === `${MERCH}/le/1/markets`)
      return { status: 200, body: { markets: MARKETS, adminPermissions: { 'buyer-admin': 'all' }, isAdmin: true } };
    if (path === `${MERCH}/admin/users` && call.method === 'GET') return { status: 200, body: LIST };
    if (path === `${MERCH}/admin/users/2`) return { status: 200, body: USER };
    if (path === `${MERCH}/admin/users/2/permissions` && call.method === 'GET') return { status: 200, body: MATRIX };
    if (path === `${MERCH}/admin/users/1/permissions`)
      return {
        status: 200,
        body: {
          ...MATRIX,
          userId: 1,
          markets: MATRIX.markets.map((m) => ({ ...m, permissions: [...MARKET_PERMISSIONS] })),
          adminPermissions: ['buyer-admin'],
        },
      };
    return undefined;
  });
}

afterEach(() => vi.restoreAllMocks());

describe('/crm/administrator/users', () => {
  it('lists the users with status, markets and admin roles, and the pending invitations', async () => {
    renderApp('/crm/administrator/users', 'buyer');
    serve();
    const table = await screen.findByRole('table', { name: "The partner's users" });
    const dana = within(table).getByRole('row', { name: /Dana Merchant/ });
    expect(within(dana).getByText('Buyer admin')).toBeTruthy();
    expect(within(dana).getByText('Never')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /Hale 2/ })).getByText('Suspended')).toBeTruthy();
    const invitations = screen.getByRole('region', { name: 'Pending invitations' });
    expect(within(invitations).getByText(/new.person@demo.test/)).toBeTruthy();
  });

  it('searches by name or e-mail', async () => {
    renderApp('/crm/administrator/users', 'buyer');
    const calls = serve();
    fireEvent.change(await screen.findByLabelText('Search by name or e-mail'), { target: { value: 'dana' } });
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname === `${MERCH}/admin/users` && c.url.searchParams.get('search') === 'dana'),
      ).toBe(true),
    );
  });

  it('adds a user with markets; the spec messages land on their fields', async () => {
    let answer: StubReply = {
      status: 409,
      body: { code: 'user_taken', message: 'User email or phone number already taken' },
    };
    renderApp('/crm/administrator/users', 'buyer');
    const calls = serve((c) => (c.method === 'POST' && c.url.pathname === `${MERCH}/admin/users` ? answer : undefined));
    fireEvent.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), { target: { value: 'pat@prairie.test' } });
    fireEvent.change(within(dialog).getByLabelText(/^First name/), { target: { value: 'Pat' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last name/), { target: { value: 'Doe' } });
    fireEvent.click(within(dialog).getByLabelText('Ames Elevator'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('User email or phone number already taken')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      email: 'pat@prairie.test',
      firstName: 'Pat',
      lastName: 'Doe',
      phoneNumber: null,
      markets: [{ marketId: 10, permissions: [...MARKET_PERMISSIONS] }],
      adminPermissions: [],
    });
    answer = { status: 400, body: { code: 'phone_invalid', message: 'The mobile phone number is invalid' } };
    fireEvent.change(within(dialog).getByLabelText(/^Mobile phone/), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('The mobile phone number is invalid')).toBeTruthy();
    answer = { status: 500, body: { code: 'internal_error', message: 'x' } };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('User could not be saved')).toBeTruthy();
  });
});

describe('/crm/administrator/users/:userId', () => {
  it('ticks a column for every market, saves with If-Match and says when someone else changed it', async () => {
    let putReply: StubReply = { status: 200, body: MATRIX };
    renderApp('/crm/administrator/users/2', 'buyer');
    const calls = serve((c) => (c.method === 'PUT' ? putReply : undefined));
    const matrix = await screen.findByRole('table', { name: 'Permissions per market' });
    fireEvent.click(within(matrix).getByLabelText('Bids at every market'));
    fireEvent.click(within(matrix).getByLabelText('Every permission at Boone, IA'));
    fireEvent.click(screen.getByRole('switch', { name: /Farmer admin/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save permissions' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.ifMatch).toBe('"7"');
    expect(put.body).toEqual({
      markets: [
        { marketId: 10, permissions: ['instruments', 'contracts'] },
        { marketId: 11, permissions: [...MARKET_PERMISSIONS] },
      ],
      adminPermissions: ['farmer-admin'],
    });
    putReply = { status: 412, body: { code: 'precondition_failed', message: 'changed' } };
    fireEvent.click(within(matrix).getByLabelText('Notes at Ames Elevator'));
    fireEvent.click(screen.getByRole('button', { name: 'Save permissions' }));
    expect(await screen.findByText(/Someone else changed this user meanwhile/)).toBeTruthy();
    putReply = { status: 500, body: { code: 'internal_error', message: 'x' } };
    fireEvent.click(within(matrix).getByLabelText('Notes at Ames Elevator'));
    fireEvent.click(screen.getByRole('button', { name: 'Save permissions' }));
    expect(await screen.findByText('Permissions could not be saved')).toBeTruthy();
  });

  it('copies from another user, then suspends after a confirmation', async () => {
    renderApp('/crm/administrator/users/2', 'buyer');
    const calls = serve((c) =>
      c.method === 'PATCH' ? { status: 200, body: { ...USER, status: 'suspended', version: 8 } } : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Copy from user…' }));
    const copy = await screen.findByRole('dialog', { name: 'Copy permissions from another user' });
    fireEvent.mouseDown(within(copy).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: /Dana Merchant/ }));
    fireEvent.click(within(copy).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const matrix = screen.getByRole('table', { name: 'Permissions per market' });
    await waitFor(() =>
      expect((within(matrix).getByLabelText('Every permission at Boone, IA') as HTMLInputElement).checked).toBe(true),
    );
    expect((screen.getByRole('switch', { name: /Buyer admin/ }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    const confirm = await screen.findByRole('dialog', { name: /Suspend Jordan Hale 2/ });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ status: 'suspended' });
    expect(patch.ifMatch).toBe('"7"');
  });

  it('edits the name and phone; the spec messages say why a save failed', async () => {
    let answer: StubReply = {
      status: 400,
      body: { code: 'phone_invalid', message: 'The mobile phone number is invalid' },
    };
    renderApp('/crm/administrator/users/2', 'buyer');
    const calls = serve((c) => (c.method === 'PATCH' ? answer : undefined));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    fireEvent.change(within(dialog).getByLabelText(/^Mobile phone/), { target: { value: 'call me' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The mobile phone number is invalid')).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.ifMatch).toBe('"7"');
    expect(patch.body).toEqual({ firstName: 'Jordan', lastName: 'Hale 2', phoneNumber: 'call me' });
    answer = { status: 500, body: { code: 'internal_error', message: 'x' } };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('User could not be saved')).toBeTruthy();
  });
});
