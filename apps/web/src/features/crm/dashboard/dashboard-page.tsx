import { PlaceholderPage } from '../../../lib/ui/placeholder-page';

/** Being built (issue 4). */
export function CrmDashboardPage() {
  return <PlaceholderPage />;
}
