import { Box, Paper, Stack, Typography, useTheme } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useT } from '../../../../lib/i18n/t';
import { useDates } from '../../../../lib/i18n/use-dates';
import { OfferStatusChip } from '../../../../lib/trading/offer-status';
import { fmtOfferPrice, fmtOfferQuantity } from './offer-format';
import { OfferRowActions } from './offer-row-actions';
import { isJustHit, OfferCurrentCash, OfferPlaced, type OffersViewProps } from './offer-row-cells';

/** The offers as cards (phones): one card an offer, with the same facts and buttons as a table row. */
export function OfferCards({ rows, justHit, onAct }: OffersViewProps) {
  const t = useT();
  const dates = useDates();
  const theme = useTheme();
  return (
    <Stack spacing={1.5} component="ul" aria-label={t('offers.table')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((o) => {
        const hot = isJustHit(o, justHit);
        return (
          <Paper
            key={o.id}
            component="li"
            variant="outlined"
            data-offer-id={o.id}
            sx={{ p: 2, ...(hot ? { bgcolor: alpha(theme.palette.warning.main, 0.14) } : {}) }}
          >
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }} noWrap>
                  {o.clientName}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {o.crop} · {o.deliveryPeriod}
                </Typography>
              </Box>
              <OfferStatusChip status={o.status} />
            </Stack>
            <Stack direction="row" spacing={2} sx={{ mt: 1.5, justifyContent: 'space-between' }}>
              <Box>
                <Typography variant="caption" color="text.secondary">
                  {t('offers.col.quantity')}
                </Typography>
                <Typography variant="body2">
                  {t('offers.quantity', { quantity: fmtOfferQuantity(o.quantity), unit: o.quantityUnit })}
                </Typography>
              </Box>
              <Box>
                <Typography variant="caption" color="text.secondary">
                  {t('offers.col.target')}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {fmtOfferPrice(o.targetCashPrice)}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'right' }}>
                <Typography variant="caption" color="text.secondary">
                  {t('offers.col.current')}
                </Typography>
                <OfferCurrentCash offer={o} />
              </Box>
            </Stack>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {t('offers.col.expires')} {dates.day(o.expiresOn)}
              {o.displayContractId ? ` · ${t('offers.contract', { contract: o.displayContractId })}` : ''}
            </Typography>
            <OfferPlaced offer={o} />
            <Box sx={{ mt: 1 }}>
              <OfferRowActions offer={o} onAct={onAct} />
            </Box>
          </Paper>
        );
      })}
    </Stack>
  );
}
