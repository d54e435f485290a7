import { Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { CheckoutView } from '@granary/domain';
import { T, useT } from '../../../../lib/i18n/t';
import type { Write } from '../use-checkout';

/** A code box with its apply button; an empty code removes the one applied. */
function CodeField({
  label,
  value,
  onApply,
}: {
  label: string;
  value: string | null;
  onApply: (v: string | null) => void;
}) {
  const t = useT();
  const [code, setCode] = useState(value ?? '');
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
      <TextField size="small" label={label} value={code} onChange={(e) => setCode(e.target.value)} sx={{ flex: 1 }} />
      <Button
        size="small"
        variant="outlined"
        aria-label={t('store.checkout.applyCode', { what: label })}
        onClick={() => onApply(code.trim() || null)}
      >
        <T id="store.checkout.apply" />
      </Button>
    </Stack>
  );
}

/** The promo and referral codes of the order, and the buyer's own referral code to pass on. */
export function OrderCodes({ view, write }: { view: CheckoutView; write: Write }) {
  const t = useT();
  return (
    <>
      <CodeField
        label={t('store.checkout.promoCode')}
        value={view.cart.promoCode}
        onApply={(v) => void write('promo-code', { promoCode: v })}
      />
      <CodeField
        label={t('store.checkout.referralCode')}
        value={view.cart.referralCode}
        onApply={(v) => void write('referral-code', { referralCode: v })}
      />
      {view.ownReferralCode ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('store.checkout.ownReferral', { code: view.ownReferralCode })}
        </Typography>
      ) : null}
    </>
  );
}
