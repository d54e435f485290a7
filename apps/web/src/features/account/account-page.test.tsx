import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubCall, type StubReply } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

// The account pages (issue 16, decision 050): /account lists the user's profile and farm businesses; a farm
// business's pages are tabs (app/enterprise-sections.ts). The fake bootstrap's user is 'u1'.

const ME = 'u1';
const FARM = '5b0c1f7e-3f1d-4c59-9a53-2f7d8a0c0101';
const OTHER_FARM = '5b0c1f7e-3f1d-4c59-9a53-2f7d8a0c0102';
const ME_PROFILE = {
  public_id: ME,
  legacy_id: 7,
  first_name: 'Fran',
  last_name: 'Farmer',
  email: 'farmer@prairie.test',
  phone_number: null,
  enterprises: [],
};
const summary = (id: number, publicId: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  public_id: publicId,
  name,
  role: 'owner',
  country: 'USA',
  state: 'IA',
  area_estimate: 2480,
  area_estimate_units: 'acres',
  ...extra,
});
const ENTERPRISES = {
  enterprises: [
    summary(41, FARM, 'Fieldman Family Farms'),
    summary(42, OTHER_FARM, 'Prairie North', {
      role: 'subaccount',
      country: 'CAN',
      state: 'SK',
      area_estimate: 1200,
      area_estimate_units: 'hectares',
    }),
  ],
};

/** The enterprise profile of 3.3 as the API sends it; `extra` over it. */
function profile(extra: Record<string, unknown> = {}) {
  return {
    id: 41,
    legacy_id: 41,
    public_id: FARM,
    name: 'Fieldman Family Farms',
    facts: [],
    fields: { count: 0, area_acres: 0 },
    has_monitors: false,
    crops: ['corn'],
    software_tools: [],
    planting_monitor_brands: [],
    harvest_monitor_brands: [],
    application_monitor_brands: [],
    acres_estimate: 2480,
    area_estimate: 2480,
    area_estimate_units: 'acres',
    subscriptions: [],
    active_subscriptions: {},
    legal_entities: [],
    partners: [],
    referral_code: null,
    user_enterprise_referrer_code: null,
    features: {},
    permissions: { has_manage: true, has_team_access: true },
    role: 'owner',
    owner: { public_id: ME, first_name: 'Fran', last_name: 'Farmer', email: 'farmer@prairie.test' },
    users: [],
    location: { country: 'USA', state: 'IA', valid_for_billing: true },
    has_contributed_data: false,
    ...extra,
  };
}

const CATALOGUES: Record<string, StubReply> = {
  '/api/effu/software-tools': {
    status: 200,
    body: { items: [{ id: 'climate_fieldview', name: 'Climate FieldView' }] },
  },
  '/api/effu/monitor-brands': { status: 200, body: { items: [{ id: 'john_deere', name: 'John Deere' }] } },
};

/** A team of one owner, the caller. */
const SOLE_OWNER_TEAM = {
  enterprise: { public_id: FARM, legacy_id: 41, name: 'Fieldman Family Farms' },
  your_role: 'owner',
  your_permissions: [],
  can_manage: true,
  members: [
    {
      user_public_id: ME,
      first_name: 'Fran',
      last_name: 'Farmer',
      email: 'farmer@prairie.test',
      phone_number: null,
      role: 'owner',
      permissions: [],
      user_type: 3,
      is_you: true,
    },
  ],
  invitations: [],
};

function serve(routes: Record<string, StubReply>, fallback?: (call: StubCall) => StubReply | undefined) {
  return stubFetch((call) => routes[call.url.pathname] ?? fallback?.(call));
}

afterEach(() => vi.restoreAllMocks());

describe('/account', () => {
  it('shows a spinner while loading, then the profile and each farm business with its role, place and area', async () => {
    renderApp('/account', 'farmer');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const replies = serve({
      [`/api/auth/user/${ME}/profile`]: { status: 200, body: ME_PROFILE },
      [`/api/effu/user/${ME}/enterprises`]: { status: 200, body: ENTERPRISES },
    });
    // The list's answer waits for the gate, so the page is seen loading first.
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/enterprises')) await gate;
      return answer(input, init);
    });

    expect(await screen.findByRole('heading', { name: 'Account' })).toBeTruthy();
    const list = screen.getByRole('region', { name: 'Farm businesses' });
    expect(await within(list).findByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    expect(await screen.findByText('farmer@prairie.test')).toBeTruthy();

    release();
    const fieldman = await screen.findByRole('group', { name: 'Fieldman Family Farms' });
    expect(within(fieldman).getByText('Owner')).toBeTruthy();
    expect(within(fieldman).getByText('IA, United States · 2,480 ac')).toBeTruthy();
    const north = screen.getByRole('group', { name: 'Prairie North' });
    expect(within(north).getByText('Sub-account')).toBeTruthy();
    expect(within(north).getByText('SK, Canada · 1,200 ha')).toBeTruthy();
    expect(screen.getByText('2 farm businesses')).toBeTruthy();
    expect(within(fieldman).getByRole('link', { name: 'Open Fieldman Family Farms' }).getAttribute('href')).toBe(
      `/account/user/${ME}/enterprise/${FARM}`,
    );
    expect(replies.some((c) => c.url.pathname.endsWith('/enterprises'))).toBe(true);
  });

  it('says so when the user belongs to no farm business', async () => {
    renderApp('/account', 'farmer');
    serve({
      [`/api/auth/user/${ME}/profile`]: { status: 200, body: ME_PROFILE },
      [`/api/effu/user/${ME}/enterprises`]: { status: 200, body: { enterprises: [] } },
    });
    expect(
      await screen.findByText(
        'You are not part of a farm business yet. When someone invites you to theirs, it shows here.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('0 farm businesses')).toBeTruthy();
  });

  it("shows the server's refusal with a retry that loads the list again", async () => {
    renderApp('/account', 'farmer');
    let fail = true;
    serve({ [`/api/auth/user/${ME}/profile`]: { status: 200, body: ME_PROFILE } }, (call) =>
      call.url.pathname === `/api/effu/user/${ME}/enterprises`
        ? fail
          ? { status: 409, body: { code: 'conflict', message: 'The list is being rebuilt.' } }
          : { status: 200, body: ENTERPRISES }
        : undefined,
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The list is being rebuilt.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Fieldman Family Farms' })).toBeTruthy();
  });
});

describe('/account/user/:u/enterprise/:e/:section?', () => {
  const base = `/account/user/${ME}/enterprise/${FARM}`;

  it('opens on the profile tab and switches to the team tab by its link', async () => {
    const { router } = renderApp(base, 'farmer');
    serve({
      [`/api/effu/user/${ME}/enterprise/${FARM}`]: { status: 200, body: profile() },
      [`/api/effu/enterprise/${FARM}/team`]: { status: 200, body: SOLE_OWNER_TEAM },
      ...CATALOGUES,
    });
    expect(await screen.findByRole('heading', { name: 'Fieldman Family Farms', level: 1 })).toBeTruthy();
    const tabs = screen.getByRole('tablist', { name: 'Farm business pages' });
    expect(within(tabs).getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Farm business profile' })).toBeTruthy();
    // An owner edits the profile; an empty list reads 'None' with its label above it, not a blank box.
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Farm software' }).getAttribute('placeholder')).toBe('None');

    fireEvent.click(within(tabs).getByRole('tab', { name: 'Team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/team`));
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeTruthy();
    expect(within(tabs).getByRole('tab', { name: 'Team' }).getAttribute('aria-selected')).toBe('true');
  });

  it('does not offer the sole owner to leave, and says why', async () => {
    renderApp(`${base}/team`, 'farmer');
    serve({
      [`/api/effu/user/${ME}/enterprise/${FARM}`]: { status: 200, body: profile() },
      [`/api/effu/enterprise/${FARM}/team`]: { status: 200, body: SOLE_OWNER_TEAM },
    });
    const me = await screen.findByRole('region', { name: 'Fran Farmer' });
    expect(within(me).getByText('You are the only owner: to leave, make another member an owner first.')).toBeTruthy();
    expect(within(me).queryByRole('button', { name: 'Leave' })).toBeNull();
  });

  it('shows a member without manage the profile as facts, with empty lists said in words', async () => {
    renderApp(base, 'farmer');
    serve({
      [`/api/effu/user/${ME}/enterprise/${FARM}`]: {
        status: 200,
        body: profile({
          role: 'subaccount',
          permissions: { has_team_access: true },
          harvest_monitor_brands: ['john_deere'],
        }),
      },
      ...CATALOGUES,
    });
    expect(
      await screen.findByText(
        'You can view this profile. To change it, contact the primary account owner, who can toggle permissions in My Team.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save profile' })).toBeNull();
    expect(screen.getByText('No farm software')).toBeTruthy();
    expect(await screen.findByText('John Deere')).toBeTruthy();
    expect(screen.getAllByText('None')).toHaveLength(2);
    expect(screen.getByText('No fields yet')).toBeTruthy();
  });

  it("takes staff back to the user's list of farm businesses, not to their own account", async () => {
    const other = '5b0c1f7e-3f1d-4c59-9a53-2f7d8a0c0199';
    renderApp(`/account/user/${other}/enterprise/${FARM}`, 'farmer');
    serve({
      [`/api/effu/user/${other}/enterprise/${FARM}`]: { status: 200, body: profile({ role: null }) },
      ...CATALOGUES,
    });
    expect(await screen.findByRole('heading', { name: 'Fieldman Family Farms', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Farm businesses' }).getAttribute('href')).toBe(
      `/account/user/${other}/enterprises`,
    );
  });

  it("says another user's or an unknown farm business does not exist", async () => {
    renderApp(base, 'farmer');
    serve({
      [`/api/effu/user/${ME}/enterprise/${FARM}`]: {
        status: 404,
        body: { code: 'not_found', message: 'This farm business does not exist or is not yours.' },
      },
    });
    expect(await screen.findByText('This farm business does not exist or is not yours.')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});
