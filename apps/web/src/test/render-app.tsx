import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app/providers';
import { createAppRoutes } from '../app/router';
import { queryKeys } from '../lib/api/query-keys';
import { PartnerProvider } from '../lib/brand/partner-context';
import { allMessages } from './messages';
import { fakeBootstrap, testPartner, type FakeUser } from './fixtures';

/** A query client whose bootstrap is preset; with 'pending' nothing is set (stub fetch to keep it pending). */
export function presetQueryClient(user: FakeUser | 'pending'): QueryClient {
  const queryClient = createQueryClient();
  if (user !== 'pending') queryClient.setQueryData(queryKeys.bootstrap, fakeBootstrap(user));
  return queryClient;
}

/** A fetch stub: 404 JSON for every call, or never settling for the bootstrap when it is 'pending'. */
export function stubFetch(options: { pendingBootstrap?: boolean } = {}) {
  const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (options.pendingBootstrap && url.includes('/api/bootstrap')) return new Promise<Response>(() => {});
    return Promise.resolve(
      new Response(JSON.stringify({ code: 'not_found', message: 'Not found' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders the whole app route tree at `path` in a memory router with a fake bootstrap (network stubbed). */
export function renderApp(
  path: string,
  user: FakeUser | 'pending' = 'anonymous',
  routes: RouteObject[] = createAppRoutes(),
) {
  const fetchMock = stubFetch({ pendingBootstrap: user === 'pending' });
  const queryClient = presetQueryClient(user);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders router={router} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, fetchMock };
}

/** Intl and partner only, for components rendered on their own. */
export function renderWithIntl(ui: ReactNode) {
  return render(
    <IntlProvider locale="en-US" messages={allMessages}>
      <PartnerProvider partner={testPartner}>{ui}</PartnerProvider>
    </IntlProvider>,
  );
}
