import { Box, Divider, Stack, Typography } from '@mui/material';
import type { CheckoutView } from '@granary/domain';
import { T } from '../../../../lib/i18n/t';
import type { MessageId } from '../../../../lib/i18n/messages';
import { money, TOTAL_KEYS } from '../checkout-format';

/** The order's totals (a discount or fee only when there is one), the discounts by name, then the total. */
export function OrderTotals({ view }: { view: CheckoutView }) {
  return (
    <>
      <Box sx={{ py: 1 }}>
        {TOTAL_KEYS.filter(
          (k) => k === 'goodsSubtotal' || k === 'shippingTotal' || k === 'taxTotal' || view.totals[k] !== '0.00',
        ).map((k) => (
          <Stack key={k} direction="row" sx={{ justifyContent: 'space-between', py: 0.35 }}>
            <Typography variant="body2" color="text.secondary">
              <T id={`store.checkout.total.${k}` as MessageId} />
            </Typography>
            <Typography
              variant="body2"
              data-testid={`total-${k}`}
              color={k === 'discountTotal' || k === 'shippingDiscountTotal' ? 'success.main' : 'text.primary'}
            >
              {(k === 'discountTotal' || k === 'shippingDiscountTotal') && view.totals[k] !== '0.00' ? '−' : ''}
              {money(view.totals[k], view.cart.currency)}
            </Typography>
          </Stack>
        ))}
        {view.discounts.map((d) => (
          <Typography
            key={d.name}
            variant="caption"
            color="success.main"
            sx={{ display: 'block' }}
          >{`${d.name} −${money(d.amount, view.cart.currency)}`}</Typography>
        ))}
      </Box>
      <Divider />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', pt: 1.5, pb: 2 }}>
        <Typography sx={{ fontWeight: 700 }}>
          <T id="store.checkout.total.total" />
        </Typography>
        <Typography sx={{ fontWeight: 800, fontSize: 22 }} data-testid="total-total">
          {money(view.totals.total, view.cart.currency)}
        </Typography>
      </Stack>
    </>
  );
}
