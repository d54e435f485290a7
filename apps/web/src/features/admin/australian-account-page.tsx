import { formatAbn, isValidAbn, type CamelCased, type abnRecordSchema } from '@granary/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { AdminFrame } from './admin-frame';
import { FormSubmitButton, FormTextField } from '../../lib/forms/form-fields';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { T, useT } from '../../lib/i18n/t';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { isApiError } from '../../lib/api/api-error';
import { request } from '../../lib/api/request';
import { failureText } from './staff-user-page-parts';

type AbnRecord = CamelCased<z.infer<typeof abnRecordSchema>>;
type AustralianAccountCreated = {
  enterpriseId: number;
  enterprisePublicId: string;
  enterpriseName: string;
  ownerUserId: string;
  ownerEmail: string;
  abn: AbnRecord;
};

/** GET /api/effu/abn/:abnNumber: the register's record (400 invalid_abn, 404 abn_not_found). */
async function lookupAbn(abn: string): Promise<AbnRecord> {
  return (await request<AbnRecord>(`/api/effu/abn/${encodeURIComponent(abn)}`, { snakeCase: true })).json;
}

/** POST /api/effu/admin/australian-accounts (create-australian-account). */
function useCreateAustralianAccount() {
  return useMutation({
    mutationFn: async (body: {
      abn: string;
      firstName: string;
      lastName: string;
      email: string;
      phoneNumber: string | null;
    }) =>
      (
        await request<AustralianAccountCreated>('/api/effu/admin/australian-accounts', {
          method: 'POST',
          snakeCase: true,
          body,
        })
      ).json,
  });
}

const PERMISSION = 'create-australian-account';

const ownerSchema = z.object({
  firstName: z.string().trim().min(1, 'addresses.problem.required').max(100),
  lastName: z.string().trim().min(1, 'addresses.problem.required').max(100),
  email: z.string().trim().email('australia.emailInvalid').max(254),
  phoneNumber: z.string().trim().max(40),
});
type OwnerValues = z.input<typeof ownerSchema>;

/**
 * Staff create an Australian farm business with its owner from an ABN (platform.md 3.6, 6.5 create-australian-account;
 * decision 051): the ABN is checked and looked up in the register first, its record shown; the business takes the
 * register's name, state and postcode, and the owner gets a welcome e-mail to confirm their address and sign in.
 */
export function AustralianAccountPage() {
  const t = useT();
  return (
    <AdminFrame title={t('australia.title')} permission={PERMISSION}>
      <AustralianAccountForm />
    </AdminFrame>
  );
}

function AustralianAccountForm() {
  const t = useT();
  const [abn, setAbn] = useState('');
  const [abnError, setAbnError] = useState<string | null>(null);
  const [record, setRecord] = useState<AbnRecord | null>(null);
  const [looking, setLooking] = useState(false);
  const [created, setCreated] = useState<AustralianAccountCreated | null>(null);
  const create = useCreateAustralianAccount();
  const form = useZodForm(ownerSchema, { defaultValues: { firstName: '', lastName: '', email: '', phoneNumber: '' } });

  const look = async () => {
    setRecord(null);
    if (!isValidAbn(abn)) {
      setAbnError(t('australia.abnInvalid'));
      return;
    }
    setAbnError(null);
    setLooking(true);
    try {
      setRecord(await lookupAbn(abn));
    } catch (error) {
      setAbnError(error instanceof Error && error.message ? error.message : t('australia.lookupFailed'));
    } finally {
      setLooking(false);
    }
  };

  const submit = form.handleSubmit(async (values) => {
    if (!record) return;
    try {
      setCreated(await create.mutateAsync({ ...values, abn: record.abn, phoneNumber: values.phoneNumber || null }));
    } catch (error) {
      // The admin errors of platform.md 8.4 land on their fields; anything else is 'User could not be saved: …'.
      if (isApiError(error) && error.code === 'user_taken')
        form.setError('email', { type: 'server', message: 'staffAdmin.error.taken' }, { shouldFocus: true });
      else if (isApiError(error) && error.code === 'phone_invalid')
        form.setError(
          'phoneNumber',
          { type: 'server', message: 'staffAdmin.error.phoneInvalid' },
          { shouldFocus: true },
        );
      else if (!applyServerErrors(form.setError, error))
        form.setError('root', { message: failureText(t('staffAdmin.error.userNotSaved'), error) });
    }
  });

  if (created) return <Created created={created} onAnother={() => window.location.reload()} />;

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Box>
        <Typography variant="h2" component="h1">
          <T id="australia.title" />
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          <T id="australia.subtitle" />
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
          <T id="australia.step1" />
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void look();
          }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={t('australia.abn')}
              value={abn}
              onChange={(event) => {
                setAbn(event.target.value);
                setAbnError(null);
              }}
              inputMode="numeric"
              placeholder="51 824 753 556"
              error={abnError !== null}
              helperText={abnError ?? t('australia.abnHelp')}
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="outlined" size="large" disabled={looking} sx={{ py: 1.75 }}>
              <T id="australia.lookup" />
            </Button>
          </Stack>
        </Box>
        {record ? <AbnCard record={record} /> : null}
      </Paper>
      {record ? (
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
            <T id="australia.step2" />
          </Typography>
          {record.active ? (
            <FormProvider {...form}>
              <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
                <Stack spacing={2}>
                  {form.formState.errors.root?.message ? (
                    <Alert severity="error">{form.formState.errors.root.message}</Alert>
                  ) : null}
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <FormTextField<OwnerValues> name="firstName" label={t('contacts.firstName')} fullWidth required />
                    <FormTextField<OwnerValues> name="lastName" label={t('contacts.lastName')} fullWidth required />
                  </Stack>
                  <FormTextField<OwnerValues>
                    name="email"
                    type="email"
                    label={t('contacts.email')}
                    fullWidth
                    required
                  />
                  <FormTextField<OwnerValues> name="phoneNumber" type="tel" label={t('contacts.phone')} fullWidth />
                  <FormSubmitButton>
                    <T id="australia.create" />
                  </FormSubmitButton>
                </Stack>
              </Box>
            </FormProvider>
          ) : (
            <Alert severity="warning">
              <T id="australia.inactive" />
            </Alert>
          )}
        </Paper>
      ) : null}
    </Stack>
  );
}

function AbnCard({ record }: { record: AbnRecord }) {
  return (
    <Box sx={{ mt: 2.5, p: 2, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{record.entityName}</Typography>
        <Chip
          size="small"
          color={record.active ? 'success' : 'default'}
          label={<T id={record.active ? 'australia.active' : 'australia.cancelled'} />}
        />
        <Chip size="small" variant="outlined" label={<T id={record.gst ? 'australia.gst' : 'australia.noGst'} />} />
      </Stack>
      <Typography variant="body2" sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums' }}>
        <T
          id="australia.recordLine"
          values={{ abn: formatAbn(record.abn), state: record.state, postCode: record.postCode }}
        />
      </Typography>
    </Box>
  );
}

function Created({ created, onAnother }: { created: AustralianAccountCreated; onAnother: () => void }) {
  const localized = useLocalizedPath();
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Alert severity="success">
        <T id="australia.created" values={{ name: created.enterpriseName, email: created.ownerEmail }} />
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" component={RouterLink} to={localized(`/admin/users/${created.ownerUserId}`)}>
          <T id="australia.openOwner" />
        </Button>
        <Button variant="outlined" onClick={onAnother}>
          <T id="australia.another" />
        </Button>
      </Stack>
    </Stack>
  );
}
