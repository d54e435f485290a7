import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-600.css';
import '@fontsource/roboto/latin-700.css';
import { LOGGED_IN_COOKIE, LOGGED_IN_COOKIE_VALUE, matchRoute } from '@granary/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { prefetchCrmContext } from './features/crm/api/markets';
import { bootstrapQueryOptions } from './lib/api/bootstrap';
import { readCookie } from './lib/browser/cookies';

const queryClient = createQueryClient();
// Start the bootstrap before React renders: every guard and header waits for it.
void queryClient.prefetchQuery(bootstrapQueryOptions());
// A signed-in user opening a CRM page: its context (partner entity, markets) is asked for at the same time, not
// after the bootstrap and the page's code have arrived (the contracts page is to be usable within 1.5 s).
// On the contract and delivery lists, the first page is asked for as soon as the markets are known.
const route = matchRoute(window.location.pathname)?.route;
if (route?.gate === 'grainBuying' && readCookie(LOGGED_IN_COOKIE) === LOGGED_IN_COOKIE_VALUE) {
  const list =
    route.id === 'crm-contracts' || route.id === 'crm-deliveries' ? import('./features/crm/lists/prefetch-list') : null;
  void Promise.all([prefetchCrmContext(queryClient), list]).then(async ([context, module]) => {
    if (!context || !module) return;
    await module.prefetchContractList(
      queryClient,
      context,
      new URLSearchParams(window.location.search),
      route.id === 'crm-deliveries',
    );
  });
}
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
