import { Box, Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import type { CheckoutPartition, CheckoutView } from '@granary/domain';
import { T, useT } from '../../../../lib/i18n/t';
import type { MessageId } from '../../../../lib/i18n/messages';
import { addressText } from '../checkout-format';
import { AddressForm } from './address-form';
import { ContactForm } from './contact-form';
import { SelectField } from './select-field';

type Send = (body: Record<string, unknown>) => Promise<void>;

/** One of the two dates of a future delivery's window, within today and the latest date the store takes. */
function DeliveryDateField({
  view,
  label,
  value,
  onChange,
}: {
  view: CheckoutView;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      size="small"
      type="date"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: view.today, max: view.latestFutureDeliveryDate } }}
    />
  );
}

/** A future delivery's window (not before, not after), saved with its button. */
function DateRange({ view, p, send }: { view: CheckoutView; p: CheckoutPartition; send: Send }) {
  const t = useT();
  const [from, setFrom] = useState(p.deliveryNotBefore ?? '');
  const [to, setTo] = useState(p.deliveryNotAfter ?? '');
  return (
    <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <DeliveryDateField view={view} label={t('store.checkout.notBefore')} value={from} onChange={setFrom} />
      <DeliveryDateField view={view} label={t('store.checkout.notAfter')} value={to} onChange={setTo} />
      <Button
        size="small"
        variant="outlined"
        disabled={!from || !to}
        onClick={() =>
          void send({ fulfillmentPromise: 'future_shipment_groups', deliveryNotBefore: from, deliveryNotAfter: to })
        }
      >
        <T id="store.checkout.saveDates" />
      </Button>
    </Stack>
  );
}

/** A delivered shipment's choices: the address and the contact (each with a form for a new one), timing, notes. */
export function DeliveryFields({ view, p, send }: { view: CheckoutView; p: CheckoutPartition; send: Send }) {
  const t = useT();
  const [adding, setAdding] = useState(false);
  const [addingContact, setAddingContact] = useState(false);
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      {view.addresses.some((a) => a.addressType === 'shipping_address' || a.format === 'can_lll') ||
      view.addresses.length > 0 ? (
        <SelectField
          fullWidth
          label={t('store.checkout.deliverTo')}
          value={p.deliveryAddressId ?? ''}
          onChange={(v) => void send({ deliveryAddressId: Number(v) })}
          options={view.addresses.map((a) => ({ value: a.id, label: addressText(a) }))}
        />
      ) : null}
      {adding ? (
        <AddressForm
          country={view.cart.country}
          addressType="shipping_address"
          onCancel={() => setAdding(false)}
          onSaved={(id) => {
            setAdding(false);
            void send({ deliveryAddressId: id });
          }}
        />
      ) : (
        <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setAdding(true)}>
          <T id="store.checkout.addAddress" />
        </Button>
      )}
      {view.deliveryContacts.length > 0 ? (
        <SelectField
          fullWidth
          label={t('store.checkout.contact')}
          value={p.deliveryContactId ?? ''}
          onChange={(v) => void send({ deliveryContactId: Number(v) })}
          options={view.deliveryContacts.map((c) => ({
            value: c.id,
            label: `${c.firstName} ${c.lastName} · ${c.phoneNumber}`,
          }))}
        />
      ) : null}
      {view.deliveryContacts.length === 0 || addingContact ? (
        <ContactForm
          country={view.cart.country}
          onCancel={view.deliveryContacts.length > 0 ? () => setAddingContact(false) : undefined}
          onSaved={(id) => {
            setAddingContact(false);
            void send({ deliveryContactId: id });
          }}
        />
      ) : (
        <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setAddingContact(true)}>
          <T id="store.checkout.addContact" />
        </Button>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <SelectField
          label={t('store.checkout.timing')}
          value={p.fulfillmentPromise ?? ''}
          onChange={(v) => void send({ fulfillmentPromise: v })}
          options={(['immediate_no_promise', 'immediate_promise', 'future_shipment_groups'] as const)
            .filter((x) => x !== 'immediate_promise' || p.promiseAvailable)
            .map((x) => ({ value: x, label: t(`store.checkout.timing.${x}` as MessageId) }))}
        />
        <SelectField
          label={t('store.checkout.applicationTiming')}
          value={p.applicationTiming ?? ''}
          onChange={(v) => void send({ applicationTiming: v })}
          options={(['pre_plant', 'in_crop', 'other'] as const).map((x) => ({
            value: x,
            label: t(`store.checkout.application.${x}` as MessageId),
          }))}
        />
      </Box>
      {p.fulfillmentPromise === 'future_shipment_groups' ? <DateRange view={view} p={p} send={send} /> : null}
      <TextField
        size="small"
        fullWidth
        label={t('store.checkout.instructions')}
        defaultValue={p.orderSpecialInstructions}
        onBlur={(e) =>
          e.target.value !== p.orderSpecialInstructions && void send({ orderSpecialInstructions: e.target.value })
        }
      />
    </Stack>
  );
}
