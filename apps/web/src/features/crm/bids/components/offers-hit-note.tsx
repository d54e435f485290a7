import { Alert, type SxProps, type Theme } from '@mui/material';
import { T } from '../../../../lib/i18n/t';
import { useOffersHit, type BasisChange } from '../api/offers-hit';

/** '2 offers will be hit': said before a basis change is saved when it would reach farmers' offer targets. */
export function OffersHitAlert({ count, sx }: { count: number | null; sx?: SxProps<Theme> }) {
  if (!count) return null;
  return (
    <Alert severity="warning" role="status" sx={sx}>
      <T id="crm.bids.offersHit" values={{ count }} />
    </Alert>
  );
}

/** The same, asking the server for the bids and change given. */
export function OffersHitNote({
  marketId,
  instrumentIds,
  change,
  sx,
}: {
  marketId: number;
  instrumentIds: readonly number[];
  change: BasisChange | null;
  sx?: SxProps<Theme>;
}) {
  return <OffersHitAlert count={useOffersHit(marketId, instrumentIds, change)} sx={sx} />;
}
