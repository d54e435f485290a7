import { Box, Button, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { FormProvider, useFormState } from 'react-hook-form';
import { z } from 'zod';
import { FormSubmitButton, FormTextField } from '../../../lib/forms/form-fields';
import { ruleField, useZodForm } from '../../../lib/forms/use-zod-form';
import { T, useT } from '../../../lib/i18n/t';
import { codeRule } from '../validation';
import { CodeField, codeDigits } from './code-field';

/** The code entry: exactly 6 digits (validation.ts). */
const codeSchema = z.object({ code: ruleField(codeRule) });

/** What a code entry's call answers: 'clear' empties the field (a wrong or spent code), for the next try. */
export type CodeOutcome = 'clear' | void;

/** Resend the code: under the submit button, not while anything is being sent. */
function ResendButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  const { isSubmitting } = useFormState();
  return (
    <Button variant="text" onClick={onClick} disabled={busy || isSubmitting}>
      <T id="identity.sms.resend" />
    </Button>
  );
}

/**
 * The step where a 6-digit code that was sent is entered (the SMS sign-in's verification, verify-first's challenge):
 * the code field (checked on submit, its message gone on change), the submit button and "Resend the code".
 * `busy` spins the submit button meanwhile (a resend), with `busyLabel`; `disabled` turns the field and the submit
 * button off (a spent sign-in). With `refocus` the field gets the focus back after a wrong or spent code, and on
 * a bad one (as the sign-in always did); without it nothing moves the focus.
 */
export function CodeEntryForm({
  label,
  submitLabel,
  onSubmit,
  onResend,
  busy = false,
  busyLabel,
  disabled = false,
  refocus = false,
}: {
  label: string;
  submitLabel: ReactNode;
  onSubmit: (code: string) => Promise<CodeOutcome>;
  onResend: () => Promise<CodeOutcome>;
  busy?: boolean;
  busyLabel?: ReactNode;
  disabled?: boolean;
  refocus?: boolean;
}) {
  const t = useT();
  const form = useZodForm(codeSchema, { defaultValues: { code: '' }, shouldFocusError: refocus });
  const clear = (outcome: CodeOutcome, focus: boolean) => {
    if (outcome !== 'clear') return;
    form.setValue('code', '');
    if (focus) form.setFocus('code');
  };
  const submit = form.handleSubmit(async ({ code }) => clear(await onSubmit(code), refocus));
  const resend = async () => clear(await onResend(), false);

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={submit} aria-label={label}>
        <Stack spacing={2.25}>
          <FormTextField
            as={CodeField}
            parse={codeDigits}
            name="code"
            label={t('identity.sms.code')}
            autoFocus
            disabled={disabled}
            fullWidth
          />
          <FormSubmitButton busy={busy} busyLabel={busyLabel} {...(disabled ? { disabled: true } : {})}>
            {submitLabel}
          </FormSubmitButton>
          <ResendButton busy={busy} onClick={() => void resend()} />
        </Stack>
      </Box>
    </FormProvider>
  );
}
