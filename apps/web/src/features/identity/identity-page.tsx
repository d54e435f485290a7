import { PlaceholderPage } from '../../lib/ui/placeholder-page';

/** Sign-in, signup, password and magic-link pages. Not built yet (issue 2): the placeholder names the page and says it is coming soon. */
export function IdentityPage() {
  return <PlaceholderPage />;
}
