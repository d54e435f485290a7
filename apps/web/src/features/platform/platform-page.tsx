import { PlaceholderPage } from '../../lib/ui/placeholder-page';

/** Other platform pages (support, native navigation targets, ...). Not built yet (issue 2): the placeholder names the page and says it is coming soon. */
export function PlatformPage() {
  return <PlaceholderPage />;
}
