import { Button, Divider, Paper, Typography } from '@mui/material';
import { T } from '../../../../lib/i18n/t';
import type { LoadedCheckout } from '../use-checkout';
import { OrderCodes } from './order-codes';
import { OrderTotals } from './order-totals';
import { PlaceOrderBar } from './place-order-bar';
import { SectionAlerts } from './section-card';
import { SummaryLines } from './summary-lines';

/** The order summary (sticky on a desktop): the lines, their errors, the totals, the place button, the codes. */
export function OrderSummary({ checkout }: { checkout: LoadedCheckout }) {
  const { view, write, place, placing, errorsOf, needsAdjustment } = checkout;
  return (
    <Paper
      component="section"
      aria-labelledby="checkout-summary"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, bgcolor: { md: 'background.default' } }}
    >
      <Typography id="checkout-summary" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        <T id="store.checkout.section.summary" />
      </Typography>
      <SummaryLines view={view} />
      <SectionAlerts errors={errorsOf('summary')} mb={1.5} />
      {needsAdjustment ? (
        <Button fullWidth variant="outlined" sx={{ mb: 1.5 }} onClick={() => void write('reprice', {})}>
          <T id="store.checkout.reprice" />
        </Button>
      ) : null}
      <Divider />
      <OrderTotals view={view} />
      <PlaceOrderBar placing={placing} disabled={view.partitions.length === 0} onPlace={() => void place()} />
      <Divider sx={{ my: 2 }} />
      <OrderCodes view={view} write={write} />
    </Paper>
  );
}
