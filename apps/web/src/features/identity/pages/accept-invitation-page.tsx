import LinkOffRoundedIcon from '@mui/icons-material/LinkOffRounded';
import { Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import type { InvitationInfo } from '@granary/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router';
import { z } from 'zod';
import { pageLocation } from '../../../lib/browser/page-location';
import { FormSubmitButton, FormTextField } from '../../../lib/forms/form-fields';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { acceptInvitation, fetchInvitation } from '../api/invitations';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { checkNewPassword, NewPasswordFields } from '../components/new-password-fields';
import type { Failure } from '../failures';

type Loaded = { state: 'valid'; info: InvitationInfo } | { state: 'invalid' } | { state: 'error' };

function formSchema(needsPassword: boolean) {
  return z
    .object({
      firstName: z.string().trim().min(1, 'invitation.required').max(100),
      lastName: z.string().trim().min(1, 'invitation.required').max(100),
      password: z.string(),
      confirmation: z.string(),
    })
    .superRefine((values, ctx) => {
      if (needsPassword) checkNewPassword(values, ctx);
    });
}

function AcceptForm({ token, info }: { token: string; info: InvitationInfo }) {
  const t = useT();
  const localized = useLocalizedPath();
  const needsPassword = !info.signedInAsInvitee;
  const form = useZodForm(formSchema(needsPassword), {
    defaultValues: { firstName: info.firstName, lastName: info.lastName, password: '', confirmation: '' },
  });
  const [failure, setFailure] = useState<Failure | null>(null);
  const onSubmit = form.handleSubmit(
    async ({ firstName, lastName, password }) => {
      setFailure(null);
      const result = await acceptInvitation(token, {
        firstName,
        lastName,
        ...(needsPassword ? { password } : {}),
      });
      if (result.ok) {
        // A full load: the new session's bootstrap, CSRF token and CRM context, from scratch.
        pageLocation.assign(localized(result.json.redirect));
        return;
      }
      const { code, message } = result.error;
      if (code === 'insecure_password') setFailure({ text: message });
      else if (code === 'invitation_invalid') setFailure({ messageId: 'invitation.invalid' });
      else if (code === 'user_taken') setFailure({ messageId: 'invitation.taken' });
      else setFailure({ messageId: 'error.unexpected' });
    },
    () => setFailure(null),
  );
  return (
    <>
      <FormAlert failure={failure} />
      {info.signedInAsInvitee ? (
        <Typography variant="body2" sx={{ mb: 2 }}>
          <T id="invitation.signedInAs" values={{ email: info.email, partner: info.partnerName }} />
        </Typography>
      ) : null}
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('invitation.title')}>
          <Stack spacing={2.25}>
            <TextField label={t('invitation.email')} value={info.email} disabled fullWidth />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField name="firstName" label={t('invitation.firstName')} autoComplete="given-name" fullWidth />
              <FormTextField name="lastName" label={t('invitation.lastName')} autoComplete="family-name" fullWidth />
            </Stack>
            {needsPassword ? (
              <NewPasswordFields label="invitation.password" confirmationLabel="invitation.confirmPassword" />
            ) : null}
            <FormSubmitButton>
              <T id={needsPassword ? 'invitation.accept' : 'invitation.acceptSignedIn'} />
            </FormSubmitButton>
          </Stack>
        </Box>
      </FormProvider>
    </>
  );
}

/**
 * /invitation/:token (issue 15): who invites to which partner; the person sets their name and a password (or, signed
 * in as the invited address already, just accepts) and lands in the CRM. A used, revoked or expired link says so.
 */
export function AcceptInvitationPage() {
  const t = useT();
  const localized = useLocalizedPath();
  const { token = '' } = useParams();
  const loaded = useQuery({
    queryKey: ['identity', 'invitation', token],
    queryFn: async (): Promise<Loaded> => {
      const result = await fetchInvitation(token);
      if (result.ok) return { state: 'valid', info: result.json };
      return result.status === 410 || result.status === 400 ? { state: 'invalid' } : { state: 'error' };
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  if (loaded.isPending)
    return (
      <AuthLayout title={t('invitation.title')}>
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography color="text.secondary">
            <T id="invitation.checking" />
          </Typography>
        </Box>
      </AuthLayout>
    );

  const data = loaded.data;
  if (!data || data.state !== 'valid')
    return (
      <AuthLayout title={t('invitation.title')} icon={<LinkOffRoundedIcon />}>
        <FormAlert failure={{ messageId: data?.state === 'invalid' ? 'invitation.invalid' : 'error.unexpected' }} />
        <Button component={RouterLink} to={localized('/sign-in/password')} variant="contained" size="large" fullWidth>
          <T id="invitation.signIn" />
        </Button>
      </AuthLayout>
    );

  const { info } = data;
  const subtitle = info.inviterName
    ? t('invitation.subtitle', { inviter: info.inviterName, partner: info.partnerName })
    : t('invitation.subtitleNoInviter', { partner: info.partnerName });
  if (info.accountExists && !info.signedInAsInvitee)
    return (
      <AuthLayout title={t('invitation.title')} subtitle={subtitle}>
        <FormAlert severity="info" failure={{ messageId: 'invitation.signInFirst', values: { email: info.email } }} />
        <Button
          component={RouterLink}
          to={`${localized('/sign-in/password')}?redirect=${encodeURIComponent(`/invitation/${token}`)}`}
          variant="contained"
          size="large"
          fullWidth
        >
          <T id="invitation.signIn" />
        </Button>
      </AuthLayout>
    );
  return (
    <AuthLayout title={t('invitation.title')} subtitle={subtitle}>
      <AcceptForm token={token} info={info} />
    </AuthLayout>
  );
}
