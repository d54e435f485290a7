import { PlaceholderPage } from '../../lib/ui/placeholder-page';

/** Profile, account, team and enterprise pages. Not built yet (issue 2): the placeholder names the page and says it is coming soon. */
export function AccountPage() {
  return <PlaceholderPage />;
}
