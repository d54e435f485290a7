import { PlaceholderPage } from '../../lib/ui/placeholder-page';

/** The farmer's profit-center pages. Not built yet (issue 2): the placeholder names the page and says it is coming soon. */
export function ProfitCenterPage() {
  return <PlaceholderPage />;
}
