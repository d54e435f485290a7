import { formatStorePrice, formatUnitPrice, type CurrencyCode } from '@granary/domain';
import { Box, Typography } from '@mui/material';
import { T } from '../../../lib/i18n/t';

/** A price, the list price struck through when on sale, and the price per unit. */
export function StorePrice({
  amount,
  currency,
  listAmount,
  unitPrice,
  from = false,
  size = 'medium',
}: {
  amount: string;
  currency: CurrencyCode;
  listAmount?: string | null;
  unitPrice?: { amount: string; unit: string } | null;
  from?: boolean;
  size?: 'medium' | 'large';
}) {
  const price = formatStorePrice(amount, currency);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          component="span"
          sx={{
            fontWeight: 700,
            fontSize: size === 'large' ? 28 : 18,
            color: listAmount ? 'error.main' : 'text.primary',
          }}
        >
          {from ? <T id="store.card.from" values={{ price }} /> : price}
        </Typography>
        {listAmount ? (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ textDecoration: 'line-through' }}>
            <T id="store.product.listPrice" values={{ price: formatStorePrice(listAmount, currency) }} />
          </Typography>
        ) : null}
      </Box>
      {unitPrice ? (
        <Typography variant="body2" color="text.secondary">
          {formatUnitPrice(unitPrice.amount, currency, unitPrice.unit)}
        </Typography>
      ) : null}
    </Box>
  );
}
