import {
  baselineEvents,
  parseBasis,
  parsePrice,
  planBasisSet,
  planFuturesSet,
  planPricingAddendum,
  previewCash,
  toDecimal,
  type ContractDetail,
  type ContractPricing,
  type StoredPricingEvent,
} from '@granary/domain';
import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useT } from '../../../lib/i18n/t';
import { useCrmFormat } from '../components/use-crm-format';
import type { PricingAction } from './pricing-api';

type Preview = { pricing: ContractPricing; addendumCash: string | null };

/** The averages the save would store (the domain's rules on the events the dialog read); null while incomplete. */
/** The contract's pricing events as the domain's rules read them (its stored figures when it has none). */
function eventsOf(detail: ContractDetail): StoredPricingEvent[] {
  if (detail.pricingEvents.length > 0)
    return detail.pricingEvents.map((e) => ({
      id: e.id,
      quantity: e.quantity,
      futuresPrice: e.futuresPrice,
      basis: e.basis,
      cashPrice: e.cashPrice,
    }));
  const row = detail.contract;
  const quantity = row.quantity ?? '0';
  const cancelled = row.cancelledQuantity ?? '0';
  const open = toDecimal(quantity).minus(toDecimal(cancelled));
  const priced = open.minus(toDecimal(row.unpricedQuantity ?? open.toFixed())).toFixed();
  return baselineEvents({
    quantity,
    cancelledQuantity: cancelled,
    pricedQuantity: priced,
    priceStatus: row.priceStatus ?? 'unpriced',
    futuresPrice: row.averageFutures,
    basis: row.averageBasis,
    cashPrice: row.averageCash,
  });
}

export function usePreview(
  detail: ContractDetail,
  action: PricingAction,
  quantity: string,
  values: { futuresPrice: string; basis: string },
  livePrice: string | null,
  basisNotation: 'cents' | 'dollars',
): Preview | null {
  return useMemo(() => {
    if (action !== 'futures_set' && action !== 'basis_set' && action !== 'pricing_addenda') return null;
    const q = quantity.trim().replace(/,/g, '');
    if (!/^\d+(\.\d{1,4})?$/.test(q) || toDecimal(q).isZero()) return null;
    const futures = livePrice ?? (values.futuresPrice.trim() ? parsePrice(values.futuresPrice) : null);
    const basisParsed = parseBasis(values.basis, { notation: basisNotation });
    const basis = basisParsed.ok ? basisParsed.value : null;
    const contract = {
      quantity: detail.contract.quantity ?? '0',
      cancelledQuantity: detail.contract.cancelledQuantity ?? '0',
    };
    try {
      const events = eventsOf(detail);
      if (action === 'futures_set' && futures !== null)
        return {
          pricing: planFuturesSet(contract, events, { quantity: q, futuresPrice: futures }).pricing,
          addendumCash: null,
        };
      if (action === 'basis_set' && basis !== null)
        return { pricing: planBasisSet(contract, events, { quantity: q, basis }).pricing, addendumCash: null };
      if (action === 'pricing_addenda' && futures !== null && basis !== null)
        return {
          pricing: planPricingAddendum(contract, events, { quantity: q, futuresPrice: futures, basis }).pricing,
          addendumCash: previewCash(futures, basis),
        };
    } catch {
      return null;
    }
    return null;
  }, [detail, action, quantity, values.futuresPrice, values.basis, livePrice, basisNotation]);
}

export function PricingPreview({ preview, detail }: { preview: Preview; detail: ContractDetail }) {
  const t = useT();
  const format = useCrmFormat();
  const row = detail.contract;
  const p = preview.pricing;
  const open = toDecimal(row.quantity ?? '0')
    .minus(toDecimal(row.cancelledQuantity ?? '0'))
    .toFixed();
  const figure = (label: string, value: string) => (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{value || '—'}</Typography>
    </Box>
  );
  return (
    <Box
      role="region"
      aria-label={t('crm.pricing.preview')}
      sx={{ bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Typography variant="overline" color="text.secondary" sx={{ display: 'block', lineHeight: 1.6 }}>
        {t('crm.pricing.preview')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('crm.pricing.preview.priced', {
          priced: `${format.quantity(p.pricedQuantity)}`,
          open: `${format.quantity(open)} ${row.quantityUnit}`,
        })}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
        {figure(t('crm.pricing.preview.futures'), p.averageFutures ? format.prices.futures(p.averageFutures) : '')}
        {figure(
          t('crm.pricing.preview.basis'),
          p.averageBasis ? format.prices.basis(p.averageBasis, row.optionMonth) : '',
        )}
        {figure(
          preview.addendumCash ? t('crm.pricing.preview.addendumCash') : t('crm.pricing.preview.cash'),
          preview.addendumCash
            ? format.prices.cash(preview.addendumCash)
            : p.averageCash
              ? format.prices.cash(p.averageCash)
              : '',
        )}
      </Box>
    </Box>
  );
}
