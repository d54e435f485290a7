import { PlaceholderPage } from '../../lib/ui/placeholder-page';

/** A farmer's my-sales-lite page (sales, balances, local bids). Not built yet (issue 2): the placeholder names the page and says it is coming soon. */
export function MySalesLitePage() {
  return <PlaceholderPage />;
}
