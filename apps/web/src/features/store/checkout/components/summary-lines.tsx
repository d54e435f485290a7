import { Box, Typography } from '@mui/material';
import type { CheckoutView } from '@granary/domain';
import { useT } from '../../../../lib/i18n/t';
import { money } from '../checkout-format';

type SummaryLineView = CheckoutView['partitions'][number]['lines'][number];

/** A line's picture with its quantity as a badge on the corner. */
function LineThumbnail({ l }: { l: SummaryLineView }) {
  return (
    <Box sx={{ position: 'relative', flex: 'none' }}>
      {l.imageUrl ? (
        <Box
          component="img"
          src={l.imageUrl}
          alt=""
          sx={{
            width: 48,
            height: 48,
            objectFit: 'contain',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        />
      ) : (
        <Box sx={{ width: 48, height: 48, borderRadius: 1, border: 1, borderColor: 'divider' }} />
      )}
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          top: -6,
          right: -6,
          minWidth: 20,
          height: 20,
          px: 0.5,
          borderRadius: 10,
          bgcolor: 'text.secondary',
          color: 'background.paper',
          fontSize: 12,
          fontWeight: 700,
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {l.quantity}
      </Box>
    </Box>
  );
}

/** One line of the order: picture, product, quantity and variant, what changed since it was added, its total. */
function SummaryLine({ view, l }: { view: CheckoutView; l: SummaryLineView }) {
  const t = useT();
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, py: 1, alignItems: 'center' }}>
      <LineThumbnail l={l} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {l.productName}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('store.checkout.lineDetail', { quantity: l.quantity, label: l.variantLabel })}
          {l.restrictedUse ? ` · ${t('store.checkout.rupShort')}` : ''}
        </Typography>
        {l.currentPrice !== l.unitPrice || l.available < l.quantity ? (
          <Typography variant="caption" color="warning.dark" sx={{ display: 'block', fontWeight: 600 }}>
            {l.currentPrice === null
              ? t('store.checkout.lineGone')
              : l.currentPrice !== l.unitPrice
                ? t('store.checkout.lineNowPrice', {
                    was: money(l.unitPrice, view.cart.currency),
                    now: money(l.currentPrice, view.cart.currency),
                  })
                : t('store.checkout.lineOnlyAvailable', { available: l.available })}
          </Typography>
        ) : null}
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {money(l.lineTotal, view.cart.currency)}
      </Typography>
    </Box>
  );
}

/** The order's lines, every shipment's together. */
export function SummaryLines({ view }: { view: CheckoutView }) {
  const t = useT();
  const lines = view.partitions.flatMap((p) => p.lines);
  return (
    <Box component="ul" aria-label={t('store.checkout.items')} sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5 }}>
      {lines.map((l) => (
        <SummaryLine key={l.itemId} view={view} l={l} />
      ))}
    </Box>
  );
}
