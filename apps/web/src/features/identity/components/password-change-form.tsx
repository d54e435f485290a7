import { Alert, Box, Stack } from '@mui/material';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { FormSubmitButton, FormTextField } from '../../../lib/forms/form-fields';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { T, useT } from '../../../lib/i18n/t';
import { updatePassword } from '../api/password';
import { failureOf, type Failure } from '../failures';
import { confirmationRule, newPasswordRule, passwordRule } from '../validation';
import { FormAlert } from './form-alert';
import { PasswordField } from './password-field';

/** Current (unless there is none to give), new and confirmation, by the existing rules (validation.ts). */
function passwordChangeSchema(withoutCurrent: boolean) {
  return z
    .object({ current: z.string(), password: z.string(), confirmation: z.string() })
    .superRefine(({ current, password, confirmation }, ctx) => {
      const errors = {
        current: withoutCurrent ? null : passwordRule(current, 'identity.error.currentPasswordRequired'),
        password: newPasswordRule(password),
        confirmation: confirmationRule(password, confirmation),
      };
      for (const [path, message] of Object.entries(errors)) {
        if (message) ctx.addIssue({ code: 'custom', path: [path], message });
      }
    });
}

/**
 * The password change of a signed-in user (POST password/update, snake_case body): current, new and confirmation,
 * each required; the current one at least 4 characters (the sign-in rule), the new one at least 8 (and not easy to
 * guess: the server's reason is shown). With `oneTimePassword` the current password is not asked for (the user
 * signed in with a one-time password); with `firstPassword` neither (the user has no password yet: signed up with a
 * link or a code) and the button says 'Set password'. `onDone` runs after a success; without it the form says so and
 * clears.
 */
export function PasswordChangeForm({
  oneTimePassword = false,
  firstPassword = false,
  onDone,
}: {
  oneTimePassword?: boolean;
  firstPassword?: boolean;
  onDone?: () => void;
}) {
  const t = useT();
  const withoutCurrent = oneTimePassword || firstPassword;
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState(false);
  const form = useZodForm(passwordChangeSchema(withoutCurrent), {
    defaultValues: { current: '', password: '', confirmation: '' },
  });

  const clearAnswers = () => {
    setDone(false);
    // The server's answer was about the password sent before: gone as soon as the form is sent again.
    setFailure(null);
  };
  const onSubmit = form.handleSubmit(async ({ current, password, confirmation }) => {
    clearAnswers();
    try {
      const result = await updatePassword({
        ...(withoutCurrent ? {} : { currentPassword: current }),
        newPassword: password,
        newPasswordConfirmation: confirmation,
      });
      if (result.ok) {
        form.reset();
        if (onDone) onDone();
        else setDone(true);
      } else {
        setFailure(failureOf(result.error, 'update'));
        if (result.error.code === 'incorrect_password') form.setFocus('current');
      }
    } catch (cause) {
      console.error(cause);
      setFailure({ messageId: 'error.unexpected' });
    }
  }, clearAnswers);

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label={t(firstPassword ? 'identity.setPassword.title' : 'identity.changePassword.title')}
      >
        <FormAlert failure={failure} />
        {done ? (
          <Alert severity="success" role="status" sx={{ mb: 2.5 }}>
            <T id="identity.passwordUpdated" />
          </Alert>
        ) : null}
        <Stack spacing={2.25}>
          {withoutCurrent ? null : (
            <FormTextField
              as={PasswordField}
              name="current"
              label={t('identity.currentPassword')}
              autoComplete="current-password"
              fullWidth
            />
          )}
          <FormTextField
            as={PasswordField}
            name="password"
            label={t('identity.newPassword')}
            autoComplete="new-password"
            helperText={t('identity.passwordHint')}
            fullWidth
          />
          <FormTextField
            as={PasswordField}
            name="confirmation"
            label={t('identity.confirmPassword')}
            autoComplete="new-password"
            fullWidth
          />
          <FormSubmitButton fullWidth={oneTimePassword}>
            <T
              id={
                oneTimePassword
                  ? 'identity.exchange.submit'
                  : firstPassword
                    ? 'identity.setPassword.submit'
                    : 'identity.changePassword.submit'
              }
            />
          </FormSubmitButton>
        </Stack>
      </Box>
    </FormProvider>
  );
}
