import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { bootstrapQueryOptions, type Bootstrap } from '../../lib/api/bootstrap';
import { request } from '../../lib/api/request';
import { FormSubmitButton, FormTextField } from '../../lib/forms/form-fields';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { T, useT } from '../../lib/i18n/t';
import { showToast } from '../../lib/toast/toast-store';
import { accountKeys, useUserProfile, type UserProfile } from './account-api';
import { Fact, toastFailure } from './account-parts';

const schema = z.object({
  firstName: z.string().trim().min(1, 'userPage.firstNameRequired').max(80, 'userPage.firstNameRequired'),
  lastName: z.string().trim().min(1, 'userPage.lastNameRequired').max(80, 'userPage.lastNameRequired'),
});
type Values = z.input<typeof schema>;

/**
 * My profile's details (/api/auth/user/:userId/profile): first and last name, and the phone number, which the user may
 * remove. The header's initials and name follow at once (the bootstrap in the query cache).
 */
export function ProfileDetailsForm({ userId }: { userId: string }) {
  const profile = useUserProfile(userId);
  if (!profile.data) return null;
  return <DetailsForm key={JSON.stringify(profile.data)} userId={userId} profile={profile.data} />;
}

function DetailsForm({ userId, profile }: { userId: string; profile: UserProfile }) {
  const t = useT();
  const client = useQueryClient();
  const [removing, setRemoving] = useState(false);
  const form = useZodForm(schema, {
    defaultValues: { firstName: profile.firstName ?? '', lastName: profile.lastName ?? '' },
  });
  const settle = (next: UserProfile) => {
    client.setQueryData(accountKeys.userProfile(userId), next);
    client.setQueryData<Bootstrap>(bootstrapQueryOptions().queryKey, (data) =>
      data ? { ...data, user: { ...data.user, firstName: next.firstName, lastName: next.lastName } } : data,
    );
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      const { json } = await request<UserProfile>(`/api/auth/user/${userId}/profile`, {
        method: 'PATCH',
        body: values,
        snakeCase: true,
      });
      settle(json);
      showToast({ messageId: 'userPage.saved' }, { severity: 'success' });
    } catch (error) {
      if (!applyServerErrors(form.setError, error)) toastFailure(error);
    }
  });
  const removePhone = async () => {
    setRemoving(true);
    try {
      const { json } = await request<UserProfile>(`/api/auth/users/${userId}/phone_number/delete`, {
        method: 'POST',
        snakeCase: true,
      });
      settle(json);
      showToast({ messageId: 'userPage.phoneRemoved' }, { severity: 'success' });
    } catch (error) {
      toastFailure(error);
    } finally {
      setRemoving(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3.5 } }}>
      <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
        <T id="userPage.details" />
      </Typography>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField<Values>
                name="firstName"
                label={t('userPage.firstName')}
                fullWidth
                autoComplete="given-name"
              />
              <FormTextField<Values>
                name="lastName"
                label={t('userPage.lastName')}
                fullWidth
                autoComplete="family-name"
              />
            </Stack>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between', gap: 1.5 }}
            >
              <Fact label={<T id="account.phone" />}>{profile.phoneNumber ?? <T id="account.none" />}</Fact>
              {profile.phoneNumber ? (
                <Button
                  variant="text"
                  color="error"
                  onClick={() => void removePhone()}
                  disabled={removing}
                  sx={{ ml: { xs: -1, sm: 0 } }}
                >
                  <T id="userPage.removePhone" />
                </Button>
              ) : null}
            </Stack>
            <Box>
              <FormSubmitButton fullWidth={false} size="medium">
                <T id="userPage.save" />
              </FormSubmitButton>
            </Box>
          </Stack>
        </Box>
      </FormProvider>
    </Paper>
  );
}
