import {
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useTheme,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useT } from '../../../../lib/i18n/t';
import { useDates } from '../../../../lib/i18n/use-dates';
import { OfferStatusChip } from '../../../../lib/trading/offer-status';
import { fmtOfferPrice, fmtOfferQuantity } from './offer-format';
import { OfferRowActions } from './offer-row-actions';
import { isJustHit, OfferCurrentCash, OfferPlaced, type OffersViewProps } from './offer-row-cells';

/** The offers as a table (wider screens): one row an offer, its buttons in the last column. */
export function OffersTable({ rows, justHit, onAct }: OffersViewProps) {
  const t = useT();
  const dates = useDates();
  const theme = useTheme();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('offers.table')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('offers.col.client')}</TableCell>
            <TableCell>{t('offers.col.crop')}</TableCell>
            <TableCell align="right">{t('offers.col.quantity')}</TableCell>
            <TableCell align="right">{t('offers.col.target')}</TableCell>
            <TableCell align="right">{t('offers.col.current')}</TableCell>
            <TableCell>{t('offers.col.expires')}</TableCell>
            <TableCell>{t('offers.col.status')}</TableCell>
            <TableCell>{t('offers.col.placed')}</TableCell>
            <TableCell>{t('offers.col.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((o) => {
            const hot = isJustHit(o, justHit);
            return (
              <TableRow
                key={o.id}
                hover
                data-offer-id={o.id}
                sx={
                  hot
                    ? { bgcolor: alpha(theme.palette.warning.main, 0.14), transition: 'background-color 600ms' }
                    : undefined
                }
              >
                <TableCell sx={{ fontWeight: 600 }}>{o.clientName}</TableCell>
                <TableCell>
                  <Typography variant="body2">{o.crop}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {o.deliveryPeriod}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {t('offers.quantity', { quantity: fmtOfferQuantity(o.quantity), unit: o.quantityUnit })}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {fmtOfferPrice(o.targetCashPrice)}
                </TableCell>
                <TableCell align="right">
                  <OfferCurrentCash offer={o} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dates.day(o.expiresOn)}</TableCell>
                <TableCell>
                  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                    <OfferStatusChip status={o.status} />
                    {hot ? (
                      <Typography variant="caption" sx={{ color: 'warning.dark', fontWeight: 600 }}>
                        {t('offers.justHit')}
                      </Typography>
                    ) : null}
                    {o.displayContractId ? (
                      <Typography variant="caption">
                        {t('offers.contract', { contract: o.displayContractId })}
                      </Typography>
                    ) : null}
                  </Stack>
                </TableCell>
                <TableCell>
                  <OfferPlaced offer={o} />
                </TableCell>
                <TableCell>
                  <OfferRowActions offer={o} onAct={onAct} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
