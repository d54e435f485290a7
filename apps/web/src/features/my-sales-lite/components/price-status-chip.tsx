import type { PriceStatus } from '@granary/domain';
import { Chip } from '@mui/material';
import { T } from '../../../lib/i18n/t';

const COLORS: Record<PriceStatus, 'success' | 'warning' | 'default' | 'info'> = {
  priced: 'success',
  partially_priced: 'info',
  futures_set: 'info',
  basis_set: 'info',
  unpriced: 'warning',
};

/** The price status of a contract as a small coloured chip. */
export function PriceStatusChip({ status }: { status: PriceStatus }) {
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={<T id={`msl.priceStatus.${status}`} />} />;
}
