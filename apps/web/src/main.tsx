import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-600.css';
import '@fontsource/roboto/latin-700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { bootstrapQueryOptions } from './lib/api/bootstrap';

const queryClient = createQueryClient();
// Start the bootstrap before React renders: every guard and header waits for it.
void queryClient.prefetchQuery(bootstrapQueryOptions());
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
