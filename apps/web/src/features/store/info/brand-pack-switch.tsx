import { lazy, Suspense, type ComponentType } from 'react';
import { useParams } from 'react-router';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { useBrandPackPath } from './brand-pack-path';

const BrandPacksPage = lazy(() => import('./brand-pack-pages').then((module) => ({ default: module.BrandPacksPage })));
const BrandPackPage = lazy(() => import('./brand-pack-pages').then((module) => ({ default: module.BrandPackPage })));

/**
 * '/direct/{brand}-pack' and '/direct/{brand}-pack/:slug' (platform.md 2.4) take the partner's brand word, so the route
 * table cannot name them: they arrive as '/direct/:page' and '/direct/:category/*'. This wraps those pages: a first
 * segment equal to this partner's '{brand}-pack' shows the packs (their code loads only then), anything else the
 * wrapped page.
 */
export function withBrandPacks(Fallback: ComponentType): ComponentType {
  function StoreSegmentPage() {
    const params = useParams();
    const { segment } = useBrandPackPath();
    const first = (params.page ?? params.category ?? '').toLowerCase();
    const rest = params['*'] ?? '';
    if (first === segment && params.page !== undefined) {
      return (
        <Suspense fallback={<PageSpinner />}>
          <BrandPacksPage />
        </Suspense>
      );
    }
    if (first === segment && rest !== '' && !rest.includes('/')) {
      return (
        <Suspense fallback={<PageSpinner />}>
          <BrandPackPage slug={rest} />
        </Suspense>
      );
    }
    return <Fallback />;
  }
  return StoreSegmentPage;
}
