import { PlaceholderPage } from '../../lib/ui/placeholder-page';

/** A CRM page (grain-marketing.md 2 'CRM pages'), loaded in its own chunk. Not built yet (issue 2): the placeholder names the page and says it is coming soon. */
export function CrmPage() {
  return <PlaceholderPage />;
}
