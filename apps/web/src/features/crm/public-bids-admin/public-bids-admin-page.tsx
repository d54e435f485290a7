import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import type { CrmMarketRow } from '@granary/domain';
import { Box, Stack } from '@mui/material';
import { T, useT } from '../../../lib/i18n/t';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmEmptyState, CrmErrorState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { MarketSelector } from '../components/market-selector';
import { useSelectedMarket } from '../components/use-selected-market';
import { useMarketClosures } from './api/market-closures';
import { useMarketHours } from './api/market-hours';
import { useMarketInfo } from './api/market-info';
import { AnnouncementsSection } from './components/announcements-section';
import { ContactsSection } from './components/contacts-section';
import { HolidaysSection } from './components/holidays-section';
import { HoursSection } from './components/hours-section';
import { PublicPageCard } from './components/public-page-card';
import { TextsSection } from './components/texts-section';

/** The public page is managed with the info permission at the market ('Has info', grain-marketing.md 6). */
const hasInfo = (market: CrmMarketRow) => market.userPermissions.includes('info');

function MarketPicker({ context }: { context: CrmContextData }) {
  const { markets, marketId, selectMarket } = useSelectedMarket(context.markets, hasInfo);
  if (markets.length === 0) return null;
  return <MarketSelector markets={markets} marketId={marketId} onChange={selectMarket} />;
}

function HoursLoader({ marketId }: { marketId: number }) {
  const hours = useMarketHours(marketId);
  if (hours.error) return <CrmErrorState error={hours.error} onRetry={() => void hours.refetch()} />;
  if (!hours.data) return <PageSpinner />;
  return <HoursSection hours={hours.data} />;
}

function HolidaysLoader({ marketId }: { marketId: number }) {
  const closures = useMarketClosures(marketId);
  if (closures.error) return <CrmErrorState error={closures.error} onRetry={() => void closures.refetch()} />;
  if (!closures.data) return <PageSpinner />;
  return <HolidaysSection closures={closures.data} />;
}

/** One market's public page: its settings card, then announcements and texts beside hours and contacts. */
function MarketAdmin({ marketId }: { marketId: number }) {
  const info = useMarketInfo(marketId);
  if (info.error) return <CrmErrorState error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data) return <PageSpinner />;
  const data = info.data;
  return (
    <Stack spacing={2.5}>
      <PublicPageCard info={data} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          gap: 2.5,
          alignItems: 'start',
        }}
      >
        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          <AnnouncementsSection marketId={marketId} zone={data.timezone} />
          <TextsSection info={data} />
        </Stack>
        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          <HoursLoader marketId={marketId} />
          <HolidaysLoader marketId={marketId} />
          <ContactsSection info={data} />
        </Stack>
      </Box>
    </Stack>
  );
}

function PublicAdminBody({ context }: { context: CrmContextData }) {
  const { market } = useSelectedMarket(context.markets, hasInfo);
  if (!market) {
    return (
      <CrmEmptyState
        icon={<CampaignOutlinedIcon />}
        title={<T id="crm.publicAdmin.noInfoMarkets.title" />}
        body={<T id="crm.publicAdmin.noInfoMarkets.body" />}
      />
    );
  }
  // Keyed by market: another market starts from its own data, never from the previous market's drafts.
  return <MarketAdmin key={market.id} marketId={market.id} />;
}

/** /crm/public-bids-admin: what each market's public page shows, its office hours, contacts and announcements. */
export function PublicBidsAdminPage() {
  const t = useT();
  return (
    <CrmPageFrame
      title={t('crm.publicAdmin.title')}
      maxWidth="lg"
      actions={(context) => <MarketPicker context={context} />}
    >
      {(context) => <PublicAdminBody context={context} />}
    </CrmPageFrame>
  );
}
