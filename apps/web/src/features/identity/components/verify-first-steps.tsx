import { EMAIL_PATTERN, isValidPhone, type VerifyFirstState } from '@granary/domain';
import { Box, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { FormProvider, useController } from 'react-hook-form';
import { z } from 'zod';
import { FormSubmitButton, FormTextField } from '../../../lib/forms/form-fields';
import { ruleField, useZodForm } from '../../../lib/forms/use-zod-form';
import { T, useT } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';
import { showSignupErrors, signupSchema } from '../signup-form';
import type { SignupDraft, SignupErrors, SignupField } from '../signup-rules';
import { ContactFields, FarmFields } from './signup-fields';

function identifierRule(value: string): MessageId | null {
  const text = value.trim();
  if (!text) return 'verifyFirst.identifier.required';
  return EMAIL_PATTERN.test(text) || isValidPhone(text) ? null : 'verifyFirst.identifier.invalid';
}

/** The e-mail address or mobile number to prove: required, one or the other. */
const identifierSchema = z.object({ identifier: ruleField(identifierRule) });
/** One of the accounts that already use the identifier. */
const pickSchema = z.object({ accountId: z.string().min(1, 'verifyFirst.pick.required') });

/** A step's form around its fields and submit button (verify-first's forms move no focus to a wrong field). */
function StepForm({ label, onSubmit, children }: { label: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={label}>
      <Stack spacing={2.25}>{children}</Stack>
    </Box>
  );
}

/** collect_identifier: the e-mail or mobile number (prefilled from the query's email or phone_number). */
export function IdentifierStep({
  label,
  initial,
  verifying,
  onSubmit,
}: {
  label: string;
  initial: string;
  verifying: boolean;
  onSubmit: (identifier: string) => Promise<unknown>;
}) {
  const t = useT();
  const form = useZodForm(identifierSchema, { defaultValues: { identifier: initial }, shouldFocusError: false });
  return (
    <FormProvider {...form}>
      <StepForm label={label} onSubmit={form.handleSubmit(({ identifier }) => onSubmit(identifier))}>
        <FormTextField
          name="identifier"
          label={t('verifyFirst.identifier.label')}
          autoComplete="username"
          autoFocus
          fullWidth
        />
        <FormSubmitButton busyLabel={verifying ? <T id="identity.verifyingHuman" /> : undefined}>
          <T id="signup.continue" />
        </FormSubmitButton>
      </StepForm>
    </FormProvider>
  );
}

/**
 * collect_rest: the signup's other fields (the proven one is not asked again), checked with the domain's rules;
 * `onSubmit` answers the server's field messages, shown on their fields.
 */
export function RestStep({
  label,
  initial,
  provenField,
  onSubmit,
}: {
  label: string;
  initial: SignupDraft;
  provenField: SignupField;
  onSubmit: (draft: SignupDraft) => Promise<SignupErrors | undefined>;
}) {
  const form = useZodForm(signupSchema('signup', [provenField]), {
    defaultValues: initial,
    shouldFocusError: false,
  });
  const submit = form.handleSubmit(async (draft) => {
    const fields = await onSubmit(draft);
    if (fields) showSignupErrors(form.setError, fields);
  });
  return (
    <FormProvider {...form}>
      <StepForm label={label} onSubmit={submit}>
        <ContactFields hide={[provenField === 'email' ? 'email' : 'phoneNumber']} />
        <FarmFields />
        <FormSubmitButton>
          <T id="signup.submit" />
        </FormSubmitButton>
      </StepForm>
    </FormProvider>
  );
}

/** The accounts to choose from, each a bordered radio with the name (or e-mail) and the e-mail under it. */
function AccountChoice({ label, accounts }: { label: string; accounts: VerifyFirstState['accounts'] }) {
  const t = useT();
  const { field, fieldState } = useController<{ accountId: string }, 'accountId'>({ name: 'accountId' });
  return (
    <Box>
      <RadioGroup aria-label={label} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
        {(accounts ?? []).map((account) => {
          const name = [account.firstName, account.lastName].filter(Boolean).join(' ');
          return (
            <FormControlLabel
              key={account.userId}
              value={account.userId}
              control={<Radio />}
              label={
                <Box sx={{ py: 0.5 }}>
                  <Typography sx={{ fontWeight: 600 }}>{name || account.email}</Typography>
                  {name ? (
                    <Typography variant="body2" color="text.secondary">
                      {account.email}
                    </Typography>
                  ) : null}
                </Box>
              }
              sx={{
                border: 1,
                borderColor: field.value === account.userId ? 'primary.main' : 'divider',
                borderRadius: 2,
                mx: 0,
                mb: 1,
                px: 1,
              }}
            />
          );
        })}
      </RadioGroup>
      {fieldState.error?.message ? (
        <Typography color="error" variant="body2">
          {t(fieldState.error.message as MessageId)}
        </Typography>
      ) : null}
    </Box>
  );
}

/** pick_account: accounts already use the identifier; one is chosen (required) to go on with. */
export function PickAccountStep({
  label,
  accounts,
  onSubmit,
}: {
  label: string;
  accounts: VerifyFirstState['accounts'];
  onSubmit: (userId: string) => Promise<unknown>;
}) {
  const form = useZodForm(pickSchema, { defaultValues: { accountId: '' }, shouldFocusError: false });
  return (
    <FormProvider {...form}>
      <StepForm label={label} onSubmit={form.handleSubmit(({ accountId }) => onSubmit(accountId))}>
        <AccountChoice label={label} accounts={accounts} />
        <FormSubmitButton>
          <T id="verifyFirst.pick.submit" />
        </FormSubmitButton>
      </StepForm>
    </FormProvider>
  );
}
