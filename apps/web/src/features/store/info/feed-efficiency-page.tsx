import { Box } from '@mui/material';
import {
  feedWeightUnit,
  type CurrencyCode,
  type FeedProductList,
  type FeedWeightUnit,
  type StoreRegion,
} from '@granary/domain';
import { ApiError } from '../../../lib/api/api-error';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { StoreBreadcrumbs, StorePage, StoreQueryState } from '../components/store-frame';
import { useStoreLocale } from '../components/use-store-locale';
import { useStoreRegion } from '../components/use-store-region';
import { useFeedProducts } from './api';
import { FeedEfficiencyInputs } from './feed-efficiency-inputs';
import { FeedEfficiencyResults } from './feed-efficiency-results';
import { InfoHeading } from './info-frame';
import { useFeedCalculator } from './use-feed-calculator';

const CURRENCY_OF: { readonly [R in StoreRegion]: CurrencyCode } = { US: 'USD', CA: 'CAD', AU: 'AUD', QC: 'CAD' };

/** The calculator: its inputs beside its results (below them on a phone). */
function Calculator({
  unit,
  currency,
  feed,
}: {
  unit: FeedWeightUnit;
  currency: CurrencyCode;
  feed: FeedProductList | undefined;
}) {
  const calc = useFeedCalculator(unit, feed);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2, md: 3 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
        alignItems: 'start',
      }}
    >
      <FeedEfficiencyInputs unit={unit} currency={currency} feed={feed} calc={calc} />
      <FeedEfficiencyResults unit={unit} currency={currency} result={calc.result} />
    </Box>
  );
}

/** /direct/feed/feed-efficiency: the feed-efficiency calculator for cattle (pounds in the US, kilograms elsewhere). */
export function FeedEfficiencyPage() {
  const t = useT();
  const partner = usePartner();
  const { locale } = useStoreLocale();
  const region = useStoreRegion();
  const feed = useFeedProducts(locale);
  useDocumentTitle([t('storePages.feed.title'), partner.displayName]);
  const unit = feed.data?.unit ?? feedWeightUnit(region);
  const currency = (feed.data?.currency as CurrencyCode | undefined) ?? CURRENCY_OF[region];
  const regionOff = feed.error instanceof ApiError && feed.error.status === 404;
  return (
    <StorePage>
      {regionOff ? (
        <StoreQueryState error={feed.error} isPending={false} onRetry={() => void feed.refetch()} />
      ) : (
        <>
          <StoreBreadcrumbs
            trail={[{ to: '/direct/feed', label: t('storePages.feed.breadcrumb') }]}
            current={t('storePages.feed.title')}
          />
          <InfoHeading title={<T id="storePages.feed.title" />} intro={<T id="storePages.feed.intro" />} />
          <Calculator key={unit} unit={unit} currency={currency} feed={feed.data} />
        </>
      )}
    </StorePage>
  );
}
