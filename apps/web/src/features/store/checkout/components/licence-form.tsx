import { Box, Button, TextField } from '@mui/material';
import { useState } from 'react';
import { T, useT } from '../../../../lib/i18n/t';
import type { MessageId } from '../../../../lib/i18n/messages';
import { checkoutApi } from '../checkout-api';
import { fieldProblems } from '../checkout-errors';
import { CheckoutFieldset } from './checkout-fieldset';

/** A new applicator licence (restricted-use products): holder, number, jurisdiction and expiry. */
export function LicenceForm({ onSaved }: { onSaved: (id: number) => void }) {
  const t = useT();
  const [f, setF] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const names: [string, string, number][] = [
    ['holderName', 'text', 6],
    ['licenceNumber', 'text', 6],
    ['jurisdiction', 'text', 6],
    ['expiresOn', 'date', 6],
  ];
  const save = async () => {
    try {
      onSaved(
        (
          await checkoutApi.addLicence({
            holderName: f.holderName ?? '',
            licenceNumber: f.licenceNumber ?? '',
            jurisdiction: f.jurisdiction ?? '',
            expiresOn: f.expiresOn ?? '',
          })
        ).id,
      );
    } catch (e) {
      setProblem(fieldProblems(t, e));
    }
  };
  return (
    <CheckoutFieldset
      legend={<T id="store.checkout.newLicence" />}
      problem={problem}
      actions={
        <Button size="small" sx={{ mt: 2 }} variant="contained" onClick={() => void save()}>
          <T id="store.checkout.addLicence" />
        </Button>
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
        {names.map(([n, type]) => (
          <TextField
            key={n}
            size="small"
            type={type}
            label={t(`store.checkout.${n}` as MessageId)}
            value={f[n] ?? ''}
            onChange={(e) => setF({ ...f, [n]: e.target.value })}
            slotProps={type === 'date' ? { inputLabel: { shrink: true } } : {}}
          />
        ))}
      </Box>
    </CheckoutFieldset>
  );
}
