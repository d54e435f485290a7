import type { z } from 'zod';
import { FormTextField } from '../../../lib/forms/form-fields';
import { useT } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';
import { confirmationRule, newPasswordRule } from '../validation';
import { PasswordField } from './password-field';

/** The new password twice, for a zod object's superRefine: long enough, and the confirmation the same. */
export function checkNewPassword(
  { password, confirmation }: { password: string; confirmation: string },
  ctx: z.RefinementCtx,
) {
  const passwordError = newPasswordRule(password);
  if (passwordError) ctx.addIssue({ code: 'custom', path: ['password'], message: passwordError });
  const confirmationError = confirmationRule(password, confirmation);
  if (confirmationError) ctx.addIssue({ code: 'custom', path: ['confirmation'], message: confirmationError });
}

/**
 * A new password and its confirmation (form fields `password` and `confirmation`, checked by checkNewPassword), with
 * the length hint under the first and the browser told they are a new password.
 */
export function NewPasswordFields({
  label,
  confirmationLabel,
  autoFocus = false,
}: {
  label: MessageId;
  confirmationLabel: MessageId;
  autoFocus?: boolean;
}) {
  const t = useT();
  return (
    <>
      <FormTextField
        as={PasswordField}
        name="password"
        htmlName="new-password"
        label={t(label)}
        autoComplete="new-password"
        autoFocus={autoFocus}
        helperText={t('identity.passwordHint')}
        fullWidth
      />
      <FormTextField
        as={PasswordField}
        name="confirmation"
        htmlName="confirm-password"
        label={t(confirmationLabel)}
        autoComplete="new-password"
        fullWidth
      />
    </>
  );
}
