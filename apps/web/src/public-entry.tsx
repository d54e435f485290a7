// The light entry of the public pages (/market/:marketName?, /score; market.html): React and the page, no MUI,
// react-query, react-intl or router. The server inlines the page's data, so bids show with no API call and no
// session (docs/decisions/018-public-market-page.md).
import type { PublicPageData } from '@granary/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicPageApp } from './features/public-market/public-page-app';
import { PUBLIC_DATA_ELEMENT_ID, readInlinedData } from './features/public-market/inlined-data';
import { t } from './features/public-market/public-messages';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const data: PublicPageData | null = readInlinedData(document.getElementById(PUBLIC_DATA_ELEMENT_ID));
if (data) {
  createRoot(container).render(
    <StrictMode>
      <PublicPageApp data={data} pathname={window.location.pathname} />
    </StrictMode>,
  );
} else {
  // Opened without the server's data (market.html straight from a static server): nothing to show but a note.
  container.textContent = t('public.dataError');
}
