import { Box, Stack } from '@mui/material';
import { PageSpinner } from '../../../../lib/ui/page-spinner';
import { CrmErrorState } from '../../components/crm-page-frame';
import { useMarketClosures } from '../api/market-closures';
import { useMarketHours } from '../api/market-hours';
import { useMarketInfo } from '../api/market-info';
import { AnnouncementsSection } from './announcements-section';
import { ContactsSection } from './contacts-section';
import { HolidaysSection } from './holidays-section';
import { HoursSection } from './hours-section';
import { PublicPageCard } from './public-page-card';
import { TextsSection } from './texts-section';

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

/**
 * One market's public page administration: its settings card, then announcements and texts beside hours, holiday
 * closures and contacts. /crm/public-bids-admin and the administrator's markets page both show it.
 */
export function MarketPublicAdmin({ marketId }: { marketId: number }) {
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
