import { Box, Button, Link, Rating, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { OrderDetail, OrderLine } from '@granary/domain';
import { T } from '../../../lib/i18n/t';
import { useStoreLocale } from '../components/use-store-locale';
import { money } from './order-parts';
import { ProductThumb } from './product-thumb';
import { visuallyHidden } from '../../../lib/ui/visually-hidden';

/** One line of an order: picture, product, pack size and SKU, quantity × price, the review, the line's total. */
export function LineRow({
  order,
  line,
  onReview,
}: {
  order: OrderDetail;
  line: OrderLine;
  onReview: (line: OrderLine) => void;
}) {
  const { href } = useStoreLocale();
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '56px 1fr', sm: '64px 1fr auto' },
        gap: { xs: 1.25, sm: 2 },
        py: 1.5,
        alignItems: 'start',
      }}
    >
      <ProductThumb imageUrl={line.imageUrl} size={{ xs: 56, sm: 64 }} />
      <Box sx={{ minWidth: 0 }}>
        <Link component={RouterLink} to={href(`/direct/product/${line.productSlug}`)} sx={{ fontWeight: 600 }}>
          {line.productName}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {line.variantLabel} · {line.sku}
        </Typography>
        <Typography variant="body2">
          <T
            id="orders.detail.qtyPrice"
            values={{ quantity: line.quantity, price: money(line.unitPrice, order.currency) }}
          />
        </Typography>
        {order.reviewable ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
            {line.review ? (
              <>
                <Rating value={line.review.rating} readOnly size="small" />
                <Typography variant="body2" color="text.secondary" sx={visuallyHidden}>
                  <T id="orders.detail.yourRating" values={{ rating: line.review.rating }} />
                </Typography>
              </>
            ) : null}
            <Button size="small" onClick={() => onReview(line)} sx={{ px: 0.5 }}>
              {line.review ? <T id="orders.detail.editReview" /> : <T id="orders.detail.writeReview" />}
            </Button>
          </Stack>
        ) : null}
      </Box>
      <Typography
        sx={{ fontWeight: 700, gridColumn: { xs: '2', sm: 'auto' }, textAlign: { sm: 'right' }, whiteSpace: 'nowrap' }}
      >
        {money(line.lineTotal, order.currency)}
      </Typography>
    </Box>
  );
}
