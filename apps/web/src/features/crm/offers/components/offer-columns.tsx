import type { Offer } from '@granary/domain';
import { Link, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../../../lib/i18n/t';
import { useDates } from '../../../../lib/i18n/use-dates';
import type { GridColumn } from '../../../../lib/ui/grid/grid-columns';
import { OfferStatusChip } from '../../../../lib/trading/offer-status';
import { usePriceFormat } from '../../../../lib/trading/use-price-format';
import { fmtOfferPrice, fmtOfferQuantity } from './offer-format';
import { quantityUnitText } from '../../../../lib/trading/price-units';
import { OfferRowActions } from './offer-row-actions';
import { isJustHit, OfferCurrentCash, OfferPlaced, type OffersViewProps } from './offer-row-cells';

/**
 * The offers grid's columns (the grid toolkit's model): one row an offer, the client a link to their profile, its
 * buttons in the last column.
 */
export function useOfferColumns({
  justHit,
  onAct,
  clientHref,
}: Omit<OffersViewProps, 'rows'> & { clientHref: (offer: Offer) => string }): GridColumn<Offer>[] {
  const t = useT();
  const dates = useDates();
  const price = usePriceFormat();
  return useMemo(
    () => [
      {
        id: 'client',
        label: t('offers.col.client'),
        render: (o) => (
          <Link
            component={RouterLink}
            to={clientHref(o)}
            underline="hover"
            sx={{ fontWeight: 600, color: 'text.primary' }}
          >
            {o.clientName}
          </Link>
        ),
      },
      {
        id: 'crop',
        label: t('offers.col.crop'),
        render: (o) => (
          <>
            <Typography variant="body2">{o.crop}</Typography>
            <Typography variant="caption" color="text.secondary">
              {o.deliveryPeriod}
            </Typography>
          </>
        ),
      },
      {
        id: 'quantity',
        label: t('offers.col.quantity'),
        numeric: true,
        render: (o) =>
          t('offers.quantity', { quantity: fmtOfferQuantity(o.quantity), unit: quantityUnitText(o.quantityUnit, t) }),
      },
      {
        id: 'target',
        label: t('offers.col.target'),
        numeric: true,
        cellSx: { fontWeight: 600 },
        render: (o) => fmtOfferPrice(o.targetCashPrice, o, price),
      },
      { id: 'current', label: t('offers.col.current'), numeric: true, render: (o) => <OfferCurrentCash offer={o} /> },
      {
        id: 'expires',
        label: t('offers.col.expires'),
        cellSx: { whiteSpace: 'nowrap' },
        render: (o) => dates.day(o.expiresOn),
      },
      {
        id: 'status',
        label: t('offers.col.status'),
        render: (o) => (
          <Stack spacing={0.5} sx={{ alignItems: { xs: 'flex-end', sm: 'flex-start' } }}>
            <OfferStatusChip status={o.status} />
            {isJustHit(o, justHit) ? (
              <Typography variant="caption" sx={{ color: 'warning.dark', fontWeight: 600 }}>
                {t('offers.justHit')}
              </Typography>
            ) : null}
            {o.displayContractId ? (
              <Typography variant="caption">{t('offers.contract', { contract: o.displayContractId })}</Typography>
            ) : null}
          </Stack>
        ),
      },
      { id: 'placed', label: t('offers.col.placed'), render: (o) => <OfferPlaced offer={o} /> },
      {
        id: 'actions',
        label: t('offers.col.actions'),
        fixed: true,
        labelHidden: true,
        // A set width lets a row with four buttons wrap them rather than push the grid past 1280 px.
        cellSx: { width: 240 },
        render: (o) => <OfferRowActions offer={o} onAct={onAct} />,
      },
    ],
    [t, dates, price, justHit, onAct, clientHref],
  );
}
