import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Box, Chip, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { CheckoutPartition, CheckoutView } from '@granary/domain';
import { useT } from '../../../../lib/i18n/t';
import { useSellerName } from '../../components/product-card';
import { money } from '../checkout-format';
import type { Write } from '../use-checkout';
import { DeliveryFields } from './delivery-fields';
import { SelectField } from './select-field';

/** A choice drawn as a card (pickup / delivery). */
function MethodOption({ value, icon, title, hint }: { value: string; icon: ReactNode; title: string; hint: string }) {
  return (
    <FormControlLabel
      value={value}
      control={<Radio size="small" />}
      sx={{
        m: 0,
        flex: 1,
        minWidth: 0,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        px: 1,
        py: 1,
        alignItems: 'center',
        '&:has(input:checked)': { borderColor: 'primary.main', bgcolor: 'action.hover' },
      }}
      label={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box sx={{ color: 'text.secondary', display: 'flex' }}>{icon}</Box>
          <Box>
            <Typography sx={{ fontWeight: 600, lineHeight: 1.2 }}>{title}</Typography>
            <Typography variant="caption" color="text.secondary">
              {hint}
            </Typography>
          </Box>
        </Stack>
      }
    />
  );
}

/** One shipment of the cart (a seller's warehouse): pick-up where, or delivery and its details. */
export function PartitionCard({
  view,
  p,
  index,
  write,
}: {
  view: CheckoutView;
  p: CheckoutPartition;
  index: number;
  write: Write;
}) {
  const t = useT();
  const sellerName = useSellerName();
  const send = (body: Record<string, unknown>) => write(`partitions/${p.key}`, body);
  const delivery = p.shippingMethod === 'delivery';
  return (
    <Box
      component="section"
      aria-label={t('store.checkout.shipment', { n: index + 1, seller: sellerName(p.seller) })}
      sx={{ '& + &': { borderTop: 1, borderColor: 'divider', pt: 2.5, mt: 2.5 } }}
      data-testid={`partition-${p.key}`}
    >
      <Typography sx={{ fontWeight: 700 }}>
        {t('store.checkout.shipment', { n: index + 1, seller: sellerName(p.seller) })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('store.checkout.shipsFrom', {
          warehouse: `${p.warehouse.name}, ${p.warehouse.city} ${p.warehouse.region}`,
          count: p.lines.reduce((n, l) => n + l.quantity, 0),
        })}
      </Typography>
      <RadioGroup
        value={p.shippingMethod ?? ''}
        onChange={(e) => void send({ shippingMethod: e.target.value })}
        aria-label={t('store.checkout.methodOf', { n: index + 1 })}
        sx={{ flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 1, sm: 1.5 }, flexWrap: 'nowrap' }}
      >
        <MethodOption
          value="pickup"
          icon={<StorefrontOutlinedIcon />}
          title={t('store.checkout.method.pickup')}
          hint={t('store.checkout.pickupHint')}
        />
        <MethodOption
          value="delivery"
          icon={<LocalShippingOutlinedIcon />}
          title={t('store.checkout.method.delivery')}
          hint={
            p.shippingMethod === 'delivery'
              ? money(p.shippingTotal, view.cart.currency)
              : t('store.checkout.deliveryHint')
          }
        />
      </RadioGroup>
      {p.shownShippingMethod === 'external_delivery' ? (
        <Chip size="small" sx={{ mt: 1 }} label={t('store.checkout.method.external_delivery')} />
      ) : null}
      {p.shippingMethod === 'pickup' ? (
        <SelectField
          fullWidth
          label={t('store.checkout.pickupAt')}
          value={p.pickupWarehouseId ?? ''}
          onChange={(v) => void send({ pickupWarehouseId: Number(v) })}
          sx={{ mt: 2 }}
          options={view.pickupWarehouses.map((w) => ({
            value: w.id,
            label: `${w.name} — ${w.addressLine1}, ${w.city} ${w.region}`,
          }))}
        />
      ) : null}
      {delivery ? <DeliveryFields view={view} p={p} send={send} /> : null}
    </Box>
  );
}
