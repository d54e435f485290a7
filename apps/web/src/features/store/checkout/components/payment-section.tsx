import { Box, Button, Divider, RadioGroup, Typography } from '@mui/material';
import { useState } from 'react';
import type { CheckoutView } from '@granary/domain';
import { T, useT } from '../../../../lib/i18n/t';
import type { SectionError } from '../checkout-errors';
import { addressText } from '../checkout-format';
import type { Write } from '../use-checkout';
import { AddressForm } from './address-form';
import { PaymentTermGroups } from './payment-terms';
import { SectionCard } from './section-card';
import { SelectField } from './select-field';
import { TEST_CARDS, TestCardForm } from '../../../../lib/payments/test-card-form';

/** The billing address: chosen among the postal addresses, or a new one. */
function BillingAddress({ view, write }: { view: CheckoutView; write: Write }) {
  const t = useT();
  const [addingBilling, setAddingBilling] = useState(false);
  const billing = view.addresses.filter((a) => a.format === 'postal');
  return (
    <>
      {billing.length > 0 ? (
        <SelectField
          fullWidth
          label={t('store.checkout.billingAddress')}
          value={view.cart.billingAddressId ?? ''}
          onChange={(v) => void write('billing-address', { billingAddressId: Number(v) })}
          options={billing.map((a) => ({ value: a.id, label: addressText(a) }))}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          <T id="store.checkout.noBilling" />
        </Typography>
      )}
      {addingBilling ? (
        <Box sx={{ mt: 2 }}>
          <AddressForm
            country={view.cart.country}
            addressType="default_billing_address"
            onCancel={() => setAddingBilling(false)}
            onSaved={(id) => {
              setAddingBilling(false);
              void write('billing-address', { billingAddressId: id });
            }}
          />
        </Box>
      ) : (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setAddingBilling(true)}>
          <T id="store.checkout.addBillingAddress" />
        </Button>
      )}
    </>
  );
}

/** Step 2, payment: the payment terms, the test card when paying by card, the billing address. */
export function PaymentSection({ view, write, errors }: { view: CheckoutView; write: Write; errors: SectionError[] }) {
  const t = useT();
  const [cardToken, setCardToken] = useState<string>(TEST_CARDS[0].token);
  const cardTerm = view.cart.paymentTerms === '{card_provider}_credit_card';
  return (
    <SectionCard id="payment" step={2} view={view} errors={errors}>
      <RadioGroup
        aria-label={t('store.checkout.paymentTerms')}
        value={view.cart.paymentTerms ?? ''}
        onChange={(e) =>
          void write('payment', {
            paymentTerms: e.target.value,
            ...(e.target.value === '{card_provider}_credit_card' ? { cardToken } : {}),
          })
        }
      >
        <PaymentTermGroups view={view} />
      </RadioGroup>
      {cardTerm ? (
        <TestCardForm
          provider={view.cardProvider}
          token={cardToken}
          onChoose={(token) => {
            setCardToken(token);
            void write('payment', { paymentTerms: view.cart.paymentTerms, cardToken: token });
          }}
        />
      ) : null}
      <Divider sx={{ my: 2 }} />
      <BillingAddress view={view} write={write} />
    </SectionCard>
  );
}
