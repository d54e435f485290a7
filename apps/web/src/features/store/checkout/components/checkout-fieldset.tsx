import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { T } from '../../../../lib/i18n/t';

/** A small form inside a checkout step (a new address, contact or licence): its legend, fields, problem and buttons. */
export function CheckoutFieldset({
  legend,
  problem,
  actions,
  children,
}: {
  legend: ReactNode;
  problem: string | null;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, m: 0, bgcolor: 'background.default' }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, px: 0.5 }}>
        {legend}
      </Typography>
      {children}
      {problem ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {problem}
        </Alert>
      ) : null}
      {actions}
    </Box>
  );
}

/** A fieldset's save button and, when it can be left, its cancel button. */
export function FieldsetActions({
  save,
  onSave,
  saving,
  onCancel,
}: {
  save: ReactNode;
  onSave: () => void;
  saving?: boolean;
  onCancel?: () => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
      <Button variant="contained" size="small" disabled={saving} onClick={onSave}>
        {save}
      </Button>
      {onCancel ? (
        <Button size="small" onClick={onCancel}>
          <T id="store.checkout.cancel" />
        </Button>
      ) : null}
    </Stack>
  );
}

/** The 6-column grid a fieldset's fields sit in. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', gap: 1.5 }}>{children}</Box>;
}
