import { PlaceholderPage } from '../../lib/ui/placeholder-page';
import { useCurrentRouteDef } from '../../lib/routing/route-handle';
import { ContractSignedPage } from './esign/contract-signed-page';
import { SigningPage } from './esign/signing-page';

/**
 * The profit-center area's pages: the built-in e-signing page and the contract-signed landing page (issue 5); the
 * other profit-center pages are not built yet (issue 2): the placeholder names the page and says it is coming soon.
 */
export function ProfitCenterPage() {
  const def = useCurrentRouteDef();
  if (def?.id === 'profit-center-esign-sign') return <SigningPage />;
  if (def?.id === 'profit-center-contract-signed') return <ContractSignedPage />;
  return <PlaceholderPage />;
}
