import { OFFER_STATUS_FILTERS, type OfferListResponse, type OfferStatusFilter } from '@granary/domain';
import { Chip, Stack } from '@mui/material';
import type { MessageId } from '../../../../lib/i18n/messages';
import { useT } from '../../../../lib/i18n/t';
import type { LiveConnectionState } from '../../../../lib/live/use-live-events';

const FILTER_LABEL: Record<OfferStatusFilter, MessageId> = {
  open: 'offers.filter.open',
  price_hit: 'offers.filter.price_hit',
  filled: 'offers.filter.filled',
  canceled: 'offers.filter.canceled',
  expired: 'offers.filter.expired',
  all: 'offers.filter.all',
};

/**
 * Above the offers: the status filters (with each one's count once the list is read) and the stream's chip, Live
 * or Reconnecting… (nothing while it first connects).
 */
export function OffersToolbar({
  status,
  counts,
  live,
  onStatus,
}: {
  status: OfferStatusFilter;
  counts: OfferListResponse['counts'] | undefined;
  live: LiveConnectionState;
  onStatus: (status: OfferStatusFilter) => void;
}) {
  const t = useT();
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
    >
      <Stack
        direction="row"
        spacing={1}
        role="group"
        aria-label={t('offers.filters')}
        sx={{ flexWrap: 'wrap', rowGap: 1 }}
      >
        {OFFER_STATUS_FILTERS.map((f) => (
          <Chip
            key={f}
            clickable
            color={f === status ? 'primary' : 'default'}
            variant={f === status ? 'filled' : 'outlined'}
            aria-pressed={f === status}
            label={
              counts
                ? t('offers.filter.count', { label: t(FILTER_LABEL[f]), count: counts[f] ?? 0 })
                : t(FILTER_LABEL[f])
            }
            onClick={() => onStatus(f)}
          />
        ))}
      </Stack>
      {live === 'connecting' ? null : (
        <Chip
          size="small"
          color={live === 'open' ? 'success' : 'default'}
          variant="outlined"
          label={t(live === 'open' ? 'offers.live' : 'offers.reconnecting')}
          title={t(live === 'open' ? 'offers.liveHelp' : 'offers.reconnectingHelp')}
          sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
        />
      )}
    </Stack>
  );
}
