import { lazy, Suspense, type ComponentType } from 'react';
import { useParams } from 'react-router';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { useAgreementsPath } from './agreements-path';

const AgreementsPage = lazy(() => import('./agreements-pages').then((module) => ({ default: module.AgreementsPage })));

/**
 * '/direct/{brand}-agreements' (platform.md 2.4) takes the partner's brand word, so it arrives as '/direct/:page'
 * (decision 022, like the packs): this partner's segment shows the agreements (their code loads only then),
 * anything else the wrapped page.
 */
export function withAgreements(Fallback: ComponentType): ComponentType {
  function StoreAgreementsSegment() {
    const { page } = useParams();
    const { segment } = useAgreementsPath();
    if (page !== undefined && page.toLowerCase() === segment) {
      return (
        <Suspense fallback={<PageSpinner />}>
          <AgreementsPage />
        </Suspense>
      );
    }
    return <Fallback />;
  }
  return StoreAgreementsSegment;
}
