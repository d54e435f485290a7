import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationSubscriptions, ResourcePermissions } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/api/query-keys';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { staffBootstrap, staffUserDetail } from './test-fixtures';

// The staff user page's notification preferences (issue 16, decisions 053 and 055): the user's topics by channel,
// switched by staff through the preferences call; marketing can be turned off for the user, never on.

const SAM = '5d0c6b1e-0000-4000-8000-000000000002';

const staff = () => staffBootstrap({ 'list-all-user-details': 'all' });

const USER = staffUserDetail(SAM);

const sub = (topic: NotificationSubscriptions['subscriptions'][number]['topic'], email: boolean, inApp: boolean) => ({
  topic,
  sub_topic: 'all' as const,
  email,
  sms: false,
  in_app: inApp,
});

const PREFS: NotificationSubscriptions = {
  user_id: SAM,
  has_phone: true,
  subscriptions: [
    sub('offers', true, true),
    sub('contract_signing', true, true),
    sub('settlements_payments', true, true),
    sub('orders', true, true),
    sub('marketing', false, false),
  ],
};

const NONE: ResourcePermissions = { automatic: [], manual: [] };
const PREFS_URL = `/api/effu/notifications/subscriptions/user/${SAM}`;
const TOPIC_URL = (topic: string) => `/api/effu/notifications/subscriptions/topic/${topic}/sub_topic/all/user/${SAM}`;

function serve(prefs = PREFS) {
  return stubFetch((call) => {
    const path = call.url.pathname;
    if (path === `/api/effu/user/${SAM}`) return { status: 200, body: USER };
    if (path === PREFS_URL) return { status: 200, body: prefs };
    if (path === TOPIC_URL('orders') && call.method === 'PUT')
      return { status: 200, body: { ...sub('orders', true, true), ...(call.body as object) } };
    if (path === TOPIC_URL('marketing') && call.method === 'PUT')
      return { status: 200, body: { ...sub('marketing', false, false) } };
    if (path === `/api/auth/users/${SAM}/permissions/resource-permissions`) return { status: 200, body: NONE };
    if (path === '/api/auth/permissions/resource-permissions/manual') return { status: 200, body: { manual: [] } };
    return undefined;
  });
}

afterEach(() => vi.restoreAllMocks());

describe("the staff user page's notifications", () => {
  it("shows each topic's channels and the marketing subscription, and saves a switch for the user", async () => {
    const { queryClient } = renderApp(`/admin/users/${SAM}`, 'buyer');
    const calls = serve();
    act(() => queryClient.setQueryData(queryKeys.bootstrap, staff()));
    const table = await screen.findByRole('table', { name: 'Notifications' });
    expect(within(table).getByRole('rowheader', { name: 'Orders' })).toBeTruthy();
    expect(screen.getByText('Not subscribed to marketing e-mails')).toBeTruthy();
    const ordersEmail = within(table).getByRole('switch', { name: 'E-mail for Orders' });
    expect((ordersEmail as HTMLInputElement).checked).toBe(true);
    // Marketing off: staff cannot turn it on.
    expect(
      (within(table).getByRole('switch', { name: 'E-mail for News and offers' }) as HTMLInputElement).disabled,
    ).toBe(true);

    fireEvent.click(within(table).getByRole('switch', { name: 'Text (SMS) for Orders' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: expect.objectContaining({ pathname: TOPIC_URL('orders') }),
        body: { sms: true },
      }),
    );
    expect(await screen.findByText('Notification preferences saved.')).toBeTruthy();
  });

  it('lets staff turn marketing off for a subscribed user', async () => {
    const subscribed = {
      ...PREFS,
      subscriptions: PREFS.subscriptions.map((s) => (s.topic === 'marketing' ? sub('marketing', true, false) : s)),
    };
    const { queryClient } = renderApp(`/admin/users/${SAM}`, 'buyer');
    const calls = serve(subscribed);
    act(() => queryClient.setQueryData(queryKeys.bootstrap, staff()));
    expect(await screen.findByText('Subscribed to marketing e-mails')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Notifications' });
    fireEvent.click(within(table).getByRole('switch', { name: 'E-mail for News and offers' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: expect.objectContaining({ pathname: TOPIC_URL('marketing') }),
        body: { email: false },
      }),
    );
  });
});
