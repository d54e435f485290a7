import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubCall, type StubReply } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

// The team page (issue 16, decision 052): an owner toggles a member's access; a member without team access is told
// whom to ask, in the spec's words.

const FARM = '5b0c1f7e-3f1d-4c59-9a53-2f7d8a0c0001';
const SUB = '5b0c1f7e-3f1d-4c59-9a53-2f7d8a0c0002';
const TEAM = {
  enterprise: { public_id: FARM, legacy_id: 7, name: 'Fieldman Family Farms' },
  your_role: 'owner',
  your_permissions: [],
  can_manage: true,
  members: [
    {
      user_public_id: '5b0c1f7e-3f1d-4c59-9a53-2f7d8a0c0003',
      first_name: 'Frank',
      last_name: 'Fieldman',
      email: 'farmer@demo.test',
      phone_number: null,
      role: 'owner',
      permissions: [],
      user_type: 3,
      is_you: true,
    },
    {
      user_public_id: SUB,
      first_name: 'Sam',
      last_name: 'Tester',
      email: 'sam@demo.test',
      phone_number: null,
      role: 'subaccount',
      permissions: ['has_team_access', 'has_input_purchasing_access'],
      user_type: 4,
      is_you: false,
    },
  ],
  invitations: [],
};
const FLAGS = [
  'has_team_access',
  'has_input_purchasing_access',
  'has_financial_access',
  'has_profit_center_access',
  'has_agronomics',
  'has_manage',
];
const ROLES = {
  roles: ['owner', 'subaccount', 'professional'].map((role) => ({
    role,
    user_type: 3,
    default_permissions: [],
    assignable: true,
  })),
  flags: FLAGS.map((flag) => ({ flag, grantable: true })),
};

function serve(route: (call: StubCall) => StubReply | undefined) {
  return stubFetch(route);
}

afterEach(() => vi.restoreAllMocks());

describe('/enterprise/:id/team', () => {
  it("shows each member's role and access; the owner turns a flag off", async () => {
    renderApp(`/enterprise/${FARM}/team`, 'farmer');
    const calls = serve((call) => {
      const path = call.url.pathname;
      if (path === `/api/effu/enterprise/${FARM}/team`) return { status: 200, body: TEAM };
      if (path === `/api/effu/enterprise/${FARM}/roles`) return { status: 200, body: ROLES };
      if (path === `/api/effu/enterprise/${FARM}/member/${SUB}` && call.method === 'PUT')
        return { status: 200, body: {} };
      return undefined;
    });
    const sam = await screen.findByRole('region', { name: 'Sam Tester' });
    expect(screen.getByRole('heading', { name: 'Team of Fieldman Family Farms' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Frank Fieldman' })).getByText('Owners have every access.'),
    ).toBeTruthy();
    const buying = await within(sam).findByLabelText('Buy inputs (cart and checkout)');
    expect((buying as HTMLInputElement).checked).toBe(true);
    fireEvent.click(buying);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ permissions: ['has_team_access'] });
  });

  it('tells a member without team access whom to ask', async () => {
    renderApp(`/enterprise/${FARM}/team`, 'farmer');
    serve((call) =>
      call.url.pathname === `/api/effu/enterprise/${FARM}/team`
        ? {
            status: 403,
            body: { code: 'enterprise_access_required', message: 'Access denied' },
          }
        : undefined,
    );
    expect(
      await screen.findByText(
        'Access denied: contact the primary account owner, who can toggle permissions in My Team.',
      ),
    ).toBeTruthy();
  });

  it('says another farm business does not exist, without a retry that cannot help', async () => {
    renderApp(`/enterprise/${FARM}/team`, 'farmer');
    serve((call) =>
      call.url.pathname === `/api/effu/enterprise/${FARM}/team`
        ? { status: 404, body: { code: 'not_found', message: 'No such farm business.' } }
        : undefined,
    );
    expect(await screen.findByText('No such farm business.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('/account/invitation', () => {
  it('says a cut-short link is no longer valid, in words, not the validator’s message', async () => {
    renderApp('/account/invitation?token=short', 'farmer');
    serve((call) =>
      call.url.pathname === '/api/effu/invitation'
        ? {
            status: 400,
            body: {
              code: 'invalid_request',
              message: 'Invalid querystring: token Too small: expected string to have >=20 characters',
            },
          }
        : undefined,
    );
    expect(
      await screen.findByText('This invitation is no longer valid. Ask the person who invited you for a new one.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Invalid querystring/)).toBeNull();
  });
});
