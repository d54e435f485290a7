import { TextField } from '@mui/material';
import { useState } from 'react';
import { T, useT } from '../../../../lib/i18n/t';
import type { MessageId } from '../../../../lib/i18n/messages';
import { checkoutApi } from '../checkout-api';
import { fieldProblems } from '../checkout-errors';
import { CheckoutFieldset, FieldGrid, FieldsetActions } from './checkout-fieldset';

/** A new delivery contact; `onCancel` only when the buyer already has one to choose. */
export function ContactForm({
  country,
  onSaved,
  onCancel,
}: {
  country: string;
  onSaved: (id: number) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const [f, setF] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const spans: [string, number, string][] = [
    ['firstName', 3, 'text'],
    ['lastName', 3, 'text'],
    ['email', 3, 'email'],
    ['phone', 2, 'tel'],
    ['aal1', 1, 'text'],
  ];
  const save = async () => {
    try {
      const c = await checkoutApi.addContact({
        firstName: f.firstName ?? '',
        lastName: f.lastName ?? '',
        email: f.email ?? '',
        phoneNumber: f.phone ?? '',
        country,
        aal1: f.aal1 ?? '',
      });
      onSaved(c.id);
    } catch (e) {
      setProblem(fieldProblems(t, e));
    }
  };
  return (
    <CheckoutFieldset
      legend={<T id="store.checkout.newContact" />}
      problem={problem}
      actions={
        <FieldsetActions save={<T id="store.checkout.saveContact" />} onSave={() => void save()} onCancel={onCancel} />
      }
    >
      <FieldGrid>
        {spans.map(([n, span, type]) => (
          <TextField
            key={n}
            size="small"
            type={type}
            label={t(`store.checkout.field.${n}` as MessageId)}
            value={f[n] ?? ''}
            onChange={(e) => setF({ ...f, [n]: e.target.value })}
            sx={{ gridColumn: { xs: n === 'aal1' || n === 'phone' ? 'span 3' : 'span 6', sm: `span ${span}` } }}
          />
        ))}
      </FieldGrid>
    </CheckoutFieldset>
  );
}
