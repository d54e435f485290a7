import { PlaceholderPage } from '../../lib/ui/placeholder-page';

/** The public market pages (local cash bids per market) and the CI score page. Not built yet (issue 2): the placeholder names the page and says it is coming soon. */
export function PublicMarketPage() {
  return <PlaceholderPage />;
}
