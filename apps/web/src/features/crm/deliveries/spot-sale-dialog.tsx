import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { toDecimal } from '@granary/domain';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { useCrmFormat } from '../components/use-crm-format';
import { useSpotQuote, useSpotSale } from './deliveries-api';

/**
 * "Spot sale" (issue 14): the ticket's unapplied bushels at today's cash bid, shown before confirming; confirming makes
 * a priced spot contract delivered by the ticket. A bid that moved meanwhile is refused and shown again.
 */
export function SpotSaleDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const t = useT();
  const f = useCrmFormat();
  const quote = useSpotQuote(ticketId);
  const sale = useSpotSale(ticketId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const bid = quote.data?.bid ?? null;

  async function confirm() {
    if (!bid) return;
    setRefusal(null);
    try {
      const out = await sale.mutateAsync(bid.cashPrice);
      showToast(
        { messageId: 'deliveries.spot.done', values: { contract: out.displayContractId } },
        { severity: 'success' },
      );
      onClose();
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : String(error));
      void quote.refetch();
    }
  }

  const row = (label: string, value: string) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('deliveries.spot.title', { ticket: quote.data?.ticket.displayScaleTicketId ?? '' })}</DialogTitle>
      <DialogContent dividers>
        {quote.isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={24} aria-label={t('deliveries.loading')} />
          </Box>
        ) : quote.error ? (
          <Alert severity="error">{quote.error.message}</Alert>
        ) : quote.data ? (
          <Stack spacing={1}>
            {row(t('deliveries.spot.client'), quote.data.ticket.clientName)}
            {row(t('deliveries.spot.quantity'), t('deliveries.bushels', { quantity: f.quantity(quote.data.quantity) }))}
            {bid ? (
              <>
                {bid.basis !== null && bid.futuresPrice !== null
                  ? row(t('deliveries.spot.basis'), f.prices.basis(bid.basis, bid.optionMonth))
                  : null}
                {row(t('deliveries.spot.cash'), f.prices.cash(bid.cashPrice))}
                {row(
                  t('deliveries.spot.value'),
                  f.money(toDecimal(bid.cashPrice).times(toDecimal(quote.data.quantity)).toDecimalPlaces(2).toFixed(2)),
                )}
              </>
            ) : (
              <Alert severity="info">{t('deliveries.spot.noBid')}</Alert>
            )}
            {refusal ? (
              <Alert severity="warning" role="alert">
                {refusal}
              </Alert>
            ) : null}
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{t('deliveries.cancel')}</Button>
        <Button variant="contained" disabled={!bid || sale.isPending} onClick={() => void confirm()}>
          {t('deliveries.spot.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
