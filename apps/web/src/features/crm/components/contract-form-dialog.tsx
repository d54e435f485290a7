import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useId, type FormEvent, type ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { FormSubmitButton } from '../../../lib/forms/form-fields';

/**
 * The frame of a form dialog on one contract (its pricing operations and its term operations): the title, what the
 * operation does, the refusal as an alert, the fields, then the dismiss button beside the form's submit (which waits
 * while the form submits). `form` is the dialog's form (lib/forms), `onSubmit` its handleSubmit.
 */
export function ContractFormDialog<V extends FieldValues, O>({
  form,
  onSubmit,
  onClose,
  title,
  help,
  failure,
  dismissLabel,
  submitLabel,
  submitColor = 'primary',
  children,
}: {
  form: UseFormReturn<V, unknown, O>;
  onSubmit: (event: FormEvent) => Promise<void>;
  onClose: () => void;
  title: ReactNode;
  help: string;
  failure: string | null;
  dismissLabel: string;
  submitLabel: string;
  submitColor?: 'primary' | 'error';
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <FormProvider {...form}>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 0.5 }}>
              <Typography variant="body2" color="text.secondary">
                {help}
              </Typography>
              {failure ? (
                <Alert severity="error" role="alert">
                  {failure}
                </Alert>
              ) : null}
              {children}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose}>{dismissLabel}</Button>
            {/* A dialog's action, not the full-width button of a page form. */}
            <FormSubmitButton fullWidth={false} size="medium" color={submitColor} sx={{}}>
              {submitLabel}
            </FormSubmitButton>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
