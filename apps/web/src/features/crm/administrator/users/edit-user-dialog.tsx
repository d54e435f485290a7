import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import type { AdminUser } from '@granary/domain';
import { useEffect, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../../lib/api/api-error';
import { FormSubmitButton, FormTextField } from '../../../../lib/forms/form-fields';
import { useZodForm } from '../../../../lib/forms/use-zod-form';
import { useT } from '../../../../lib/i18n/t';
import { showToast } from '../../../../lib/toast/toast-store';
import { usePatchAdminUser } from './admin-users-api';

const formSchema = z.object({
  firstName: z.string().trim().min(1, 'adminUsers.invite.required').max(100),
  lastName: z.string().trim().min(1, 'adminUsers.invite.required').max(100),
  phoneNumber: z.string().trim().max(40),
});
type FormValues = z.input<typeof formSchema>;

/**
 * Edits a user's name and mobile phone (PATCH with If-Match). 'The mobile phone number is invalid' and 'User email or
 * phone number already taken' go on the phone field, a change by someone else meanwhile says so, anything else is
 * 'User could not be saved'.
 */
export function EditUserDialog({
  user,
  open,
  onClose,
  onSaved,
}: {
  user: AdminUser;
  open: boolean;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const t = useT();
  const patch = usePatchAdminUser(user.userId);
  const initial: FormValues = {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phoneNumber: user.phoneNumber ?? '',
  };
  const form = useZodForm(formSchema, { defaultValues: initial });
  const [failure, setFailure] = useState<string | null>(null);
  // Opened again: what the user is now (after a save here or elsewhere).
  const { reset } = form;
  const { firstName, lastName, phoneNumber } = user;
  useEffect(() => {
    if (open) reset({ firstName: firstName ?? '', lastName: lastName ?? '', phoneNumber: phoneNumber ?? '' });
  }, [open, reset, firstName, lastName, phoneNumber]);
  const close = () => {
    form.reset(initial);
    setFailure(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await patch.mutateAsync({
        version: user.version,
        patch: { firstName: values.firstName, lastName: values.lastName, phoneNumber: values.phoneNumber || null },
      });
      showToast({ messageId: 'adminUsers.profile.saved' }, { severity: 'success' });
      onClose();
      await onSaved();
    } catch (error) {
      const code = isApiError(error) ? error.code : null;
      if (code === 'phone_invalid')
        form.setError(
          'phoneNumber',
          { type: 'server', message: 'adminUsers.error.phoneInvalid' },
          { shouldFocus: true },
        );
      else if (code === 'user_taken')
        form.setError('phoneNumber', { type: 'server', message: 'adminUsers.error.taken' }, { shouldFocus: true });
      else if (code === 'precondition_failed') {
        setFailure(t('adminUsers.error.conflict'));
        await onSaved();
      } else setFailure(t('adminUsers.error.userNotSaved'));
    }
  });
  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby="edit-user-title">
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <DialogTitle id="edit-user-title">{t('adminUsers.profile.editTitle')}</DialogTitle>
          <DialogContent dividers>
            {failure ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                {failure}
              </Alert>
            ) : null}
            <Stack spacing={2}>
              <FormTextField<FormValues> name="firstName" label={t('adminUsers.invite.firstName')} required fullWidth />
              <FormTextField<FormValues> name="lastName" label={t('adminUsers.invite.lastName')} required fullWidth />
              <FormTextField<FormValues> name="phoneNumber" type="tel" label={t('adminUsers.invite.phone')} fullWidth />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button onClick={close}>{t('adminUsers.cancel')}</Button>
            <FormSubmitButton fullWidth={false} size="medium" sx={{ mt: 0 }}>
              {t('adminUsers.profile.save')}
            </FormSubmitButton>
          </DialogActions>
        </Box>
      </FormProvider>
    </Dialog>
  );
}
