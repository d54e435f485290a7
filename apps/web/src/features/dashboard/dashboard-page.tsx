import { PlaceholderPage } from '../../lib/ui/placeholder-page';

/** The dashboard a logged-in user lands on. Not built yet (issue 2): the placeholder names the page and says it is coming soon. */
export function DashboardPage() {
  return <PlaceholderPage />;
}
