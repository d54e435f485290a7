import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MarketDetails, MarketPost } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/render-app';
import { market, serveCrm, type Call, type Handler } from '../../clients/test-server';

afterEach(() => vi.restoreAllMocks());

const MARKETS = [
  market(10, 'Ames Elevator', { userPermissions: ['contracts'] }),
  market(11, 'Boone Terminal', { userPermissions: ['contracts'] }),
];

const details = (extra: Partial<MarketDetails> = {}): MarketDetails => ({
  marketId: 10,
  label: 'Ames Elevator',
  displayName: 'Ames Elevator',
  addressLine1: '1200 Lincoln Way',
  city: 'Ames',
  administrativeAreaLevel1: 'IA',
  postalCode: '50010',
  countryCode: 'USA',
  phone: '(515) 555-0100',
  email: 'ames@example.org',
  timezone: 'America/Chicago',
  version: 3,
  ...extra,
});

const post = (id: number, extra: Partial<MarketPost> = {}): MarketPost => ({
  id,
  marketId: 10,
  title: `Post ${id}`,
  body: 'Body text',
  published: true,
  publishedAt: '2026-11-20T15:00:00.000Z',
  author: 'Dana Merchant',
  version: 1,
  createdAt: '2026-11-20T15:00:00.000Z',
  updatedAt: '2026-11-20T15:00:00.000Z',
  ...extra,
});

function serve(options: { grant?: 'all' | number[]; extra?: Handler; posts?: MarketPost[] } = {}) {
  let posts = options.posts ?? [post(1), post(2, { published: false, publishedAt: null, title: 'Draft news' })];
  return serveCrm((call: Call, path: string) => {
    const extra = options.extra?.(call, path);
    if (extra) return extra;
    if (path === '/le/1/markets')
      return {
        status: 200,
        body: { markets: MARKETS, adminPermissions: { 'buyer-admin': options.grant ?? 'all' }, isAdmin: true },
      };
    if (path === '/market' && call.method === 'GET') return { status: 200, body: details() };
    if (path === '/le/1/market/10/posts' && call.method === 'GET')
      return { status: 200, body: { marketId: 10, posts } };
    if (path === '/le/1/market/10/posts' && call.method === 'POST') {
      const body = JSON.parse(call.body!) as MarketPost;
      const made = post(9, { title: body.title, body: body.body, published: body.published });
      posts = [made, ...posts];
      return { status: 201, body: made };
    }
    return undefined;
  });
}

const sent = (calls: Call[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.pathname.endsWith(path));

describe('/crm/administrator/markets', () => {
  it("shows a market's details and posts, and says the public page needs the info permission", async () => {
    renderApp('/crm/administrator/markets', 'buyer');
    serve();
    const detailsCard = await screen.findByRole('region', { name: 'Market details' });
    expect(
      (await within(detailsCard).findByRole('textbox', { name: 'Street address' })) as HTMLInputElement,
    ).toHaveProperty('value', '1200 Lincoln Way');
    expect((within(detailsCard).getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).value).toBe(
      '(515) 555-0100',
    );
    const list = await screen.findByRole('list', { name: 'Posts, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Published')).toBeTruthy();
    expect(items[0]!.textContent).toContain('Published 11/20/2026');
    expect(within(items[1]!).getByText('Draft')).toBeTruthy();
    expect(screen.getByText(/edited with the Info permission on this market/)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Market' }).textContent).toContain('Ames Elevator');
  });

  it('saves the details at the version read, and checks the phone and e-mail first', async () => {
    renderApp('/crm/administrator/markets', 'buyer');
    const calls = serve({
      extra: (call, path) =>
        path === '/market' && call.method === 'PUT'
          ? { status: 200, body: details({ ...(JSON.parse(call.body!) as Partial<MarketDetails>), version: 4 }) }
          : undefined,
    });
    const card = await screen.findByRole('region', { name: 'Market details' });
    const phone = (await within(card).findByRole('textbox', { name: 'Phone' })) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: 'call us' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save details' }));
    expect(await within(card).findByText('The phone number is invalid')).toBeTruthy();
    expect(sent(calls, 'PUT', '/market')).toHaveLength(0);

    fireEvent.change(phone, { target: { value: '(515) 555-0199' } });
    fireEvent.change(within(card).getByRole('textbox', { name: 'ZIP code' }), { target: { value: '' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save details' }));
    await screen.findByText('Market details saved');
    const put = sent(calls, 'PUT', '/market')[0]!;
    expect(put.url.searchParams.get('market_id')).toBe('10');
    expect(Object.entries(put.headers).find(([k]) => k.toLowerCase() === 'if-match')?.[1]).toBe('"3"');
    expect(JSON.parse(put.body!)).toMatchObject({ phone: '(515) 555-0199', postalCode: null, city: 'Ames' });
  });

  it('writes a post through the dialog', async () => {
    renderApp('/crm/administrator/markets', 'buyer');
    const calls = serve({ posts: [] });
    expect(await screen.findByText('No posts yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New post' }));
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save post' }));
    expect(await within(dialog).findByText('Enter a title.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Title/ }), { target: { value: 'Harvest hours' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Text' }), { target: { value: 'Open till 9.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save post' }));
    await screen.findByText('Post saved');
    expect(JSON.parse(sent(calls, 'POST', '/le/1/market/10/posts')[0]!.body!)).toEqual({
      title: 'Harvest hours',
      body: 'Open till 9.',
      published: true,
    });
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Posts, newest first' }).textContent).toContain('Harvest hours'),
    );
  });

  it('shows a buyer-admin of no market the permission-denied screen', async () => {
    renderApp('/crm/administrator/markets', 'buyer');
    serve({ grant: [] });
    expect(await screen.findByText('You do not have permissions for this action')).toBeTruthy();
  });
});
