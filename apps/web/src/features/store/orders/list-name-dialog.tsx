import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { SHOPPING_LIST_NAME_MAX } from '@granary/domain';
import { useT } from '../../../lib/i18n/t';

function nameError(name: string): 'orders.lists.nameRequired' | 'orders.lists.nameTooLong' | null {
  if (name.trim() === '') return 'orders.lists.nameRequired';
  if (name.trim().length > SHOPPING_LIST_NAME_MAX) return 'orders.lists.nameTooLong';
  return null;
}

/** A dialog asking for a shopping list's name: a new list (from the lists page or a product's 'Add to list'), a rename. */
export function ListNameDialog({
  title,
  initial,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  title: string;
  initial: string;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const titleId = useId();
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const problem = nameError(name);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!problem) onSubmit(name.trim());
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('orders.lists.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && problem !== null}
            helperText={touched && problem ? t(problem) : `${name.trim().length}/${SHOPPING_LIST_NAME_MAX}`}
          />
          {error ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('orders.lists.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
