import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Announcement, MarketHoursResponse, MarketPageSettings } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { market, serveCrm, type Call, type Handler } from '../clients/test-server';

afterEach(() => vi.restoreAllMocks());

const MARKETS = [
  market(10, 'Ames Elevator', { userPermissions: ['info', 'instruments'] }),
  market(11, 'Boone Terminal', { userPermissions: ['contracts'] }),
];

const info = (extra: Partial<MarketPageSettings> = {}): MarketPageSettings => ({
  marketId: 10,
  slug: 'ames',
  label: 'Ames Elevator',
  timezone: 'America/Chicago',
  offeredFeatures: ['market-announcements', 'market-office-hours', 'market-contacts'],
  features: ['market-announcements', 'market-office-hours'],
  published: true,
  deliveryInformation: 'Corn: 15.0% moisture base.',
  additionalInfo: null,
  contacts: [
    { name: 'Dana Whitfield', title: 'Grain merchandiser', phone: '(515) 555-0120', email: 'dana@demo.granary.test' },
  ],
  version: 3,
  updatedAt: '2026-11-20T15:00:00.000Z',
  ...extra,
});

const week = (): MarketHoursResponse['days'] =>
  [1, 2, 3, 4, 5, 6, 0].map((d) =>
    d === 0
      ? { dayOfWeek: 0, closed: true, opensAt: null, closesAt: null }
      : { dayOfWeek: d, closed: false, opensAt: '07:00', closesAt: d === 6 ? '12:00' : '17:00' },
  );
const hours = (): MarketHoursResponse => ({
  marketId: 10,
  timezone: 'America/Chicago',
  configured: true,
  days: week(),
  openNow: true,
});

const announcement = (id: number, extra: Partial<Announcement> = {}): Announcement => ({
  id,
  marketId: 10,
  title: `Announcement ${id}`,
  body: 'Body',
  startsAt: '2026-11-16T06:00:00.000Z',
  endsAt: '2026-11-27T06:00:00.000Z',
  status: 'active',
  version: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

/** The admin calls of market 10: `page` and `list` give the current state; `extra` answers first. */
function serveAdmin(
  options: {
    page?: () => MarketPageSettings;
    list?: () => Announcement[];
    extra?: Handler;
    markets?: typeof MARKETS;
  } = {},
) {
  const page = options.page ?? (() => info());
  return serveCrm(
    (call, path) => {
      const extra = options.extra?.(call, path);
      if (extra) return extra;
      if (path === '/market/10/info' && call.method === 'GET')
        return { status: 200, body: page(), headers: { etag: `"${page().version}"` } };
      if (path === '/v2/market/10/hours' && call.method === 'GET') return { status: 200, body: hours() };
      if (path === '/announcement' && call.method === 'GET')
        return {
          status: 200,
          body: {
            marketId: 10,
            announcements: options.list?.() ?? [
              announcement(1),
              announcement(2, { status: 'expired', title: 'Scale maintenance' }),
              announcement(3, { status: 'scheduled', endsAt: null, title: 'Closed Christmas Day' }),
            ],
          },
        };
      return undefined;
    },
    { markets: options.markets ?? MARKETS },
  );
}

const sent = (calls: Call[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.pathname.endsWith(path));
const header = (call: Call | undefined, name: string) => {
  const headers = call?.headers ?? {};
  return Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
};

describe('/crm/public-bids-admin', () => {
  it('shows the public page settings of a market where the user has info, with the features the partner does not offer greyed out', async () => {
    renderApp('/crm/public-bids-admin', 'buyer');
    serveAdmin();
    const card = await screen.findByRole('region', { name: 'Public page' });
    expect((within(card).getByRole('switch', { name: 'Published' }) as HTMLInputElement).checked).toBe(true);
    expect((within(card).getByRole('switch', { name: 'Announcements' }) as HTMLInputElement).checked).toBe(true);
    expect((within(card).getByRole('switch', { name: 'Contacts' }) as HTMLInputElement).checked).toBe(false);
    const delivery = within(card).getByRole('switch', { name: 'Delivery information' }) as HTMLInputElement;
    expect(delivery.disabled).toBe(true);
    expect(within(card).getAllByText('Not offered by Prairie')).toHaveLength(2);
    expect(within(card).getByRole('link', { name: 'View public page' }).getAttribute('href')).toBe('/market/ames');
    // Only the markets with info are offered.
    expect(screen.getByRole('combobox', { name: 'Market' }).textContent).toContain('Ames Elevator');

    const list = await screen.findByRole('list', { name: 'Announcements, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Active')).toBeTruthy();
    expect(within(items[1]!).getByText('Expired')).toBeTruthy();
    expect(within(items[2]!).getByText('Scheduled')).toBeTruthy();
    expect(within(items[0]!).getByText('Nov 16, 2026, 12:00 AM – Nov 27, 2026, 12:00 AM')).toBeTruthy();

    const hoursList = await screen.findByRole('list', { name: 'Office hours' });
    const days = within(hoursList).getAllByRole('listitem');
    expect(days.map((d) => d.firstChild?.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect((within(days[5]!).getByLabelText('Saturday closes') as HTMLInputElement).value).toBe('12:00');
    expect(within(days[6]!).getByText('Closed')).toBeTruthy();
    expect(screen.getByText('Open now')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Contacts' })).getByText('Dana Whitfield')).toBeTruthy();
  });

  it('saves the public page card with If-Match and says so', async () => {
    renderApp('/crm/public-bids-admin?market_id=10', 'buyer');
    const calls = serveAdmin({
      extra: (call, path) =>
        path === '/market/10/info' && call.method === 'PUT'
          ? {
              status: 200,
              body: info({
                version: 4,
                features: ['market-announcements', 'market-office-hours', 'market-contacts'],
                published: false,
              }),
            }
          : undefined,
    });
    const card = await screen.findByRole('region', { name: 'Public page' });
    fireEvent.click(within(card).getByRole('switch', { name: 'Contacts' }));
    fireEvent.click(within(card).getByRole('switch', { name: 'Published' }));
    expect(within(card).getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Public page settings saved.')).toBeTruthy();
    const put = sent(calls, 'PUT', '/market/10/info')[0];
    expect(header(put, 'if-match')).toBe('"3"');
    expect(JSON.parse(put!.body!)).toEqual({
      features: ['market-announcements', 'market-office-hours', 'market-contacts'],
      published: false,
    });
    expect(within(card).queryByText('Unsaved changes')).toBeNull();
  });

  it('on 412 reads the page again, keeps the typed text (the untouched one shows what is saved now) and saves it next at the new version', async () => {
    renderApp('/crm/public-bids-admin?market_id=10', 'buyer');
    let version = 3;
    let puts = 0;
    const calls = serveAdmin({
      page: () => info({ version, additionalInfo: version > 3 ? 'Changed by Sam' : null }),
      extra: (call, path) => {
        if (path !== '/market/10/info' || call.method !== 'PUT') return undefined;
        puts += 1;
        if (puts === 1) {
          version = 4;
          return {
            status: 412,
            body: { code: 'precondition_failed', message: 'Changed', details: { currentVersion: 4 } },
          };
        }
        return { status: 200, body: info({ version: 5, ...JSON.parse(call.body!) }) };
      },
    });
    const texts = await screen.findByRole('region', { name: 'Delivery and additional information' });
    const delivery = within(texts).getByRole('textbox', { name: 'Delivery information' });
    fireEvent.change(delivery, { target: { value: 'Receiving 7 to 5.\nDockage over 2%.' } });
    fireEvent.click(within(texts).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else changed this page/)).toBeTruthy();
    await waitFor(() => expect(sent(calls, 'GET', '/market/10/info').length).toBeGreaterThanOrEqual(2));
    await waitFor(() =>
      expect((within(texts).getByRole('textbox', { name: 'Additional info' }) as HTMLTextAreaElement).value).toBe(
        'Changed by Sam',
      ),
    );
    expect((within(texts).getByRole('textbox', { name: 'Delivery information' }) as HTMLTextAreaElement).value).toBe(
      'Receiving 7 to 5.\nDockage over 2%.',
    );
    fireEvent.click(within(texts).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Information saved.')).toBeTruthy();
    const second = sent(calls, 'PUT', '/market/10/info')[1];
    expect(header(second, 'if-match')).toBe('"4"');
    expect(JSON.parse(second!.body!)).toEqual({ deliveryInformation: 'Receiving 7 to 5.\nDockage over 2%.' });
  });

  it('checks the hours before saving the week', async () => {
    renderApp('/crm/public-bids-admin?market_id=10', 'buyer');
    const calls = serveAdmin({
      extra: (call, path) =>
        path === '/v2/market/10/hours' && call.method === 'PUT'
          ? { status: 200, body: { ...hours(), days: JSON.parse(call.body!).days } }
          : undefined,
    });
    const section = await screen.findByRole('region', { name: 'Office hours' });
    const mondayCloses = await within(section).findByLabelText('Monday closes');
    fireEvent.change(mondayCloses, { target: { value: '06:00' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Closing must be after opening')).toBeTruthy();
    expect(sent(calls, 'PUT', '/v2/market/10/hours')).toHaveLength(0);
    fireEvent.change(mondayCloses, { target: { value: '18:30' } });
    fireEvent.click(within(section).getByRole('switch', { name: 'Open on Sunday' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Office hours saved.')).toBeTruthy();
    const body = JSON.parse(sent(calls, 'PUT', '/v2/market/10/hours')[0]!.body!);
    expect(body.days).toHaveLength(7);
    expect(body.days[0]).toEqual({ dayOfWeek: 1, closed: false, opensAt: '07:00', closesAt: '18:30' });
    expect(body.days[6]).toEqual({ dayOfWeek: 0, closed: false, opensAt: '07:00', closesAt: '17:00' });
  });

  it('adds a contact after checking it, and saves the list', async () => {
    renderApp('/crm/public-bids-admin?market_id=10', 'buyer');
    const calls = serveAdmin({
      extra: (call, path) =>
        path === '/market/10/info' && call.method === 'PUT'
          ? { status: 200, body: info({ version: 4, contacts: JSON.parse(call.body!).contacts }) }
          : undefined,
    });
    const section = await screen.findByRole('region', { name: 'Contacts' });
    fireEvent.click(within(section).getByRole('button', { name: 'Add contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Erik Lindqvist' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), { target: { value: 'erik@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), {
      target: { value: 'erik@demo.granary.test' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(section).getByRole('button', { name: 'Remove Dana Whitfield' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contacts saved.')).toBeTruthy();
    expect(JSON.parse(sent(calls, 'PUT', '/market/10/info')[0]!.body!)).toEqual({
      contacts: [{ name: 'Erik Lindqvist', title: '', phone: '', email: 'erik@demo.granary.test' }],
    });
  });

  it('posts an announcement in the market’s time zone, and deletes one after confirming', async () => {
    renderApp('/crm/public-bids-admin?market_id=10', 'buyer');
    const calls = serveAdmin({
      extra: (call, path) => {
        if (path === '/announcement' && call.method === 'POST')
          return { status: 201, body: announcement(9, JSON.parse(call.body!)) };
        if (path === '/announcement/2' && call.method === 'DELETE') return { status: 204 };
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'New announcement' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Closed Thanksgiving Day' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'We reopen Friday at 7.' },
    });
    fireEvent.change(within(dialog).getByLabelText('Starts *'), { target: { value: '2026-11-16T00:00' } });
    fireEvent.change(within(dialog).getByLabelText('Ends (optional)'), { target: { value: '2026-11-15T00:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The end must be after the start')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Ends (optional)'), { target: { value: '2026-11-27T00:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Announcement posted.')).toBeTruthy();
    expect(JSON.parse(sent(calls, 'POST', '/announcement')[0]!.body!)).toEqual({
      marketId: 10,
      title: 'Closed Thanksgiving Day',
      body: 'We reopen Friday at 7.',
      startsAt: '2026-11-16T06:00:00.000Z',
      endsAt: '2026-11-27T06:00:00.000Z',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Scale maintenance' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this announcement?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Announcement deleted.')).toBeTruthy();
    expect(header(sent(calls, 'DELETE', '/announcement/2')[0], 'if-match')).toBe('"1"');
  });

  it('explains when the user has the info permission at no market', async () => {
    renderApp('/crm/public-bids-admin', 'buyer');
    serveAdmin({ markets: [market(11, 'Boone Terminal', { userPermissions: ['contracts'] })] });
    expect(await screen.findByText('No public pages to manage')).toBeTruthy();
  });
});
