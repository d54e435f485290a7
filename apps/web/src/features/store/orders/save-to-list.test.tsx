import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ShoppingList, ShoppingLists, ShoppingListsWithVariant } from '@granary/domain';
import { AppProviders } from '../../../app/providers';
import { presetQueryClient } from '../../../test/render-app';
import type { FakeUser } from '../../../test/fixtures';
import { loadAreaMessages } from '../../../lib/i18n/catalogue';
import { SaveToList } from './save-to-list';

// The app providers show the messages loaded so far; the router loads the store's with its pages (decision 029).
beforeAll(() => loadAreaMessages('store'));

afterEach(() => vi.restoreAllMocks());

const VARIANT_ID = '55555555-5555-4555-8555-555555555555';
const SPRING = '33333333-3333-4333-8333-333333333333';
const HERD = '44444444-4444-4444-8444-444444444444';
const NEW_ID = '77777777-7777-4777-8777-777777777777';

const summary = (id: string, name: string, itemCount: number) => ({
  id,
  name,
  itemCount,
  createdAt: '2026-10-01T00:00:00Z',
  updatedAt: '2026-10-01T00:00:00Z',
});
const LISTS: ShoppingLists = {
  lists: [summary(SPRING, 'Spring burndown', 3), summary(HERD, 'Cow-calf herd health', 2)],
};
const fullList = (id: string, name: string): ShoppingList => ({
  ...summary(id, name, 1),
  items: [],
  estimatedTotal: '0.00',
  currency: 'USD',
});

type Sent = { method: string; path: string; body: unknown };
type Handler = (method: string, path: string, body: unknown) => { status: number; body?: unknown } | undefined;

/** A fake store server: lists, which lists hold the variant, and the writes (recorded); 404 otherwise. */
function serve(
  handler: Handler = () => undefined,
  holding: ShoppingListsWithVariant['lists'] = [{ listId: SPRING, quantity: 4 }],
) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      if (method !== 'GET') sent.push({ method, path: url.pathname, body });
      const path = url.pathname.replace('/api/store', '');
      const reply =
        handler(method, path, body) ??
        (method === 'GET' && path === '/shopping-lists'
          ? { status: 200, body: LISTS }
          : method === 'GET' && path === `/shopping-lists/with-variant/${VARIANT_ID}`
            ? { status: 200, body: { variantId: VARIANT_ID, lists: holding } }
            : { status: 404, body: { code: 'not_found', message: 'Not found' } });
      return Promise.resolve(
        new Response(JSON.stringify(reply.body ?? null), {
          status: reply.status,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
  return sent;
}

function renderPicker(user: FakeUser) {
  const routes: RouteObject[] = [
    {
      path: '/direct/product/:slug',
      element: (
        <SaveToList variantId={VARIANT_ID} productName="Glyphosate 41% Plus" variantLabel="30 gal drum" quantity={2} />
      ),
    },
    { path: '/direct/shopping-lists/:listId', element: <p>list page</p> },
    { path: '/sign-in/:method?', element: <p>sign-in page</p> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: ['/direct/product/hs-glyphosate-41-plus?size=2'] });
  render(
    <AppProviders router={router} queryClient={presetQueryClient(user)}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const openMenu = async () => {
  fireEvent.click(
    await screen.findByRole('button', { name: 'Save Glyphosate 41% Plus (30 gal drum) to a shopping list' }),
  );
  return screen.findByRole('menu', { name: 'Save to a shopping list' });
};

describe('the list picker', () => {
  it('shows the buyer’s lists with a checkmark on the one holding the pack size', async () => {
    serve();
    renderPicker('farmer');
    const menu = await openMenu();
    const spring = await within(menu).findByRole('menuitemcheckbox', { name: /Spring burndown/ });
    expect(spring.getAttribute('aria-checked')).toBe('true');
    expect(within(spring).getByText('On this list (4)')).toBeTruthy();
    const herd = within(menu).getByRole('menuitemcheckbox', { name: /Cow-calf herd health/ });
    expect(herd.getAttribute('aria-checked')).toBe('false');
    expect(within(herd).getByText('2 products')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'New list…' })).toBeTruthy();
  });

  it('adds the pack size to a list and confirms with a link to the list', async () => {
    const sent = serve((method) =>
      method === 'PUT' ? { status: 200, body: fullList(HERD, 'Cow-calf herd health') } : undefined,
    );
    const router = renderPicker('farmer');
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitemcheckbox', { name: /Cow-calf herd health/ }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'PUT',
        path: `/api/store/shopping-lists/${HERD}/items/${VARIANT_ID}`,
        body: { quantity: 2 },
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Saved to Cow-calf herd health')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('link', { name: 'View list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/direct/shopping-lists/${HERD}`));
  });

  it('takes the pack size off a list that already holds it', async () => {
    const sent = serve((method) =>
      method === 'DELETE' ? { status: 200, body: fullList(SPRING, 'Spring burndown') } : undefined,
    );
    renderPicker('farmer');
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitemcheckbox', { name: /Spring burndown/ }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'DELETE',
        path: `/api/store/shopping-lists/${SPRING}/items/${VARIANT_ID}`,
        body: null,
      }),
    );
    expect(await screen.findByText('Removed from Spring burndown')).toBeTruthy();
  });

  it('creates a new list holding the pack size, refusing an empty name', async () => {
    const sent = serve((method) =>
      method === 'POST' ? { status: 201, body: fullList(NEW_ID, 'Fall fertilizer') } : undefined,
    );
    renderPicker('farmer');
    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'New list…' }));
    const dialog = await screen.findByRole('dialog', { name: 'New list with Glyphosate 41% Plus' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Give the list a name.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('List name'), { target: { value: '  Fall fertilizer ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'POST',
        path: '/api/store/shopping-lists',
        body: { name: 'Fall fertilizer', items: [{ variantId: VARIANT_ID, quantity: 2, note: '' }] },
      }),
    );
    expect(await screen.findByText('Saved to Fall fertilizer')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('link', { name: 'View list' }).getAttribute('href')).toBe(
      `/direct/shopping-lists/${NEW_ID}`,
    );
  });

  it('shows the server’s refusal when saving fails', async () => {
    serve((method) =>
      method === 'PUT'
        ? { status: 400, body: { code: 'invalid_request', message: 'A shopping list holds at most 200 products.' } }
        : undefined,
    );
    renderPicker('farmer');
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitemcheckbox', { name: /Cow-calf herd health/ }));
    expect(
      await screen.findByText('Could not save to the list: A shopping list holds at most 200 products.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View list' })).toBeNull();
  });

  it('shows why the lists could not be loaded, and still offers a new list', async () => {
    serve((method, path) =>
      path === '/shopping-lists'
        ? { status: 400, body: { code: 'invalid_request', message: 'Something is off.' } }
        : undefined,
    );
    renderPicker('farmer');
    const menu = await openMenu();
    expect(await within(menu).findByText('Could not load your lists: Something is off.')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'New list…' })).toBeTruthy();
  });

  it('asks a guest to sign in, coming back to the product afterwards', async () => {
    const sent = serve();
    const router = renderPicker('anonymous');
    const link = await screen.findByRole('link', { name: 'Sign in to save lists' });
    expect(screen.queryByRole('button', { name: /to a shopping list/ })).toBeNull();
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/sign-in/));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/direct/product/hs-glyphosate-41-plus?size=2',
    );
    expect(sent).toEqual([]);
  });
});
