import { Alert, Box, Stack } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { T, useT } from '../../../lib/i18n/t';
import { updatePassword } from '../api/password';
import { failureOf, type Failure } from '../failures';
import {
  collectErrors,
  confirmationRule,
  hasErrors,
  newPasswordRule,
  passwordRule,
  type FieldErrors,
} from '../validation';
import { FormAlert } from './form-alert';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';

type Field = 'current' | 'password' | 'confirmation';

/**
 * The password change of a signed-in user (POST password/update, snake_case body): current, new and confirmation,
 * each required; the current one at least 4 characters (the sign-in rule), the new one at least 8 (and not easy to
 * guess: the server's reason is shown). With `oneTimePassword` the current password is not asked for (the user
 * signed in with a one-time password). `onDone` runs after a success; without it the form says so and clears.
 */
export function PasswordChangeForm({
  oneTimePassword = false,
  onDone,
}: {
  oneTimePassword?: boolean;
  onDone?: () => void;
}) {
  const t = useT();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const refs = {
    current: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmation: useRef<HTMLInputElement>(null),
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next = collectErrors<Field>({
      current: oneTimePassword ? null : passwordRule(current, 'identity.error.currentPasswordRequired'),
      password: newPasswordRule(password),
      confirmation: confirmationRule(password, confirmation),
    });
    setErrors(next);
    setDone(false);
    // The server's answer was about the password sent before: gone as soon as the form is sent again.
    setFailure(null);
    if (hasErrors(next)) {
      const first = (['current', 'password', 'confirmation'] as const).find((field) => next[field]);
      if (first) refs[first].current?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await updatePassword({
        ...(oneTimePassword ? {} : { currentPassword: current }),
        newPassword: password,
        newPasswordConfirmation: confirmation,
      });
      if (result.ok) {
        setCurrent('');
        setPassword('');
        setConfirmation('');
        if (onDone) onDone();
        else setDone(true);
      } else {
        setFailure(failureOf(result.error, 'update'));
        if (result.error.code === 'incorrect_password') refs.current.current?.focus();
      }
    } catch (cause) {
      console.error(cause);
      setFailure({ messageId: 'error.unexpected' });
    }
    setBusy(false);
  };

  const field = (
    name: Field,
    value: string,
    set: (value: string) => void,
    labelId: 'identity.currentPassword' | 'identity.newPassword' | 'identity.confirmPassword',
    autoComplete: string,
  ) => (
    <PasswordField
      inputRef={refs[name]}
      label={t(labelId)}
      name={name}
      autoComplete={autoComplete}
      value={value}
      onChange={(event) => {
        set(event.target.value);
        setErrors(({ [name]: _, ...rest }) => rest);
      }}
      error={Boolean(errors[name])}
      helperText={errors[name] ? t(errors[name]) : name === 'password' ? t('identity.passwordHint') : undefined}
      fullWidth
    />
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('identity.changePassword.title')}>
      <FormAlert failure={failure} />
      {done ? (
        <Alert severity="success" role="status" sx={{ mb: 2.5 }}>
          <T id="identity.passwordUpdated" />
        </Alert>
      ) : null}
      <Stack spacing={2.25}>
        {oneTimePassword ? null : field('current', current, setCurrent, 'identity.currentPassword', 'current-password')}
        {field('password', password, setPassword, 'identity.newPassword', 'new-password')}
        {field('confirmation', confirmation, setConfirmation, 'identity.confirmPassword', 'new-password')}
        <SubmitButton busy={busy} fullWidth={oneTimePassword}>
          <T id={oneTimePassword ? 'identity.exchange.submit' : 'identity.changePassword.submit'} />
        </SubmitButton>
      </Stack>
    </Box>
  );
}
