import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import LinkOffRoundedIcon from '@mui/icons-material/LinkOffRounded';
import { Alert, Box, Button, Chip, Container, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../lib/api/api-error';
import { logout } from '../../lib/api/logout';
import { pageLocation } from '../../lib/browser/page-location';
import { FormSubmitButton, FormTextField } from '../../lib/forms/form-fields';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { T, useT } from '../../lib/i18n/t';
import { useDates } from '../../lib/i18n/use-dates';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { showToast } from '../../lib/toast/toast-store';
import { PageSpinner } from '../../lib/ui/page-spinner';
import { acceptInvitation, associateInvitation, useInvitation, type InvitationDetails } from './team-api';
import { flagMessageId } from './team-parts';

const required = z.string().trim().min(1, 'teamInvitation.required').max(80);

/**
 * /account/invitation?token=… (issue 16, decision 052): what the invitation is (the farm business, who invites, the
 * role and what it allows) and how to take it: signed in as the invited person, one click; no account, a short form
 * (names, the e-mail a phone invitation needs, a password); an account exists or another person is signed in, what to
 * do first. A used, canceled or expired link says so.
 */
export function TeamInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const t = useT();

  if (!token) return <Frame icon={<LinkOffRoundedIcon />} alert={t('teamInvitation.missing')} />;
  if (invitation.isPending) return <PageSpinner />;
  if (invitation.isError) {
    // A link that is cut short or mistyped (400) is as unusable as a used or expired one (410): the same words.
    const gone = isApiError(invitation.error) && [400, 410].includes(invitation.error.status);
    return (
      <Frame
        icon={<LinkOffRoundedIcon />}
        alert={gone ? t('teamInvitation.invalid') : (invitation.error as Error).message}
      />
    );
  }
  return <InvitationBody token={token} info={invitation.data} />;
}

function Frame({
  icon,
  title,
  alert,
  children,
}: {
  icon: ReactNode;
  title?: ReactNode;
  alert?: string;
  children?: ReactNode;
}) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Box
          aria-hidden
          sx={{
            width: 48,
            height: 48,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.selected',
            color: 'primary.main',
            mb: 2,
          }}
        >
          {icon}
        </Box>
        {title ? (
          <Typography variant="h2" component="h1" sx={{ mb: 1.5 }}>
            {title}
          </Typography>
        ) : null}
        {alert ? (
          <Alert severity="warning" role="alert">
            {alert}
          </Alert>
        ) : null}
        {children}
      </Paper>
    </Container>
  );
}

function InvitationBody({ token, info }: { token: string; info: InvitationDetails }) {
  const t = useT();
  const dates = useDates();
  const localized = useLocalizedPath();
  const who = info.email ?? info.phoneNumber ?? '';
  const values = { enterprise: info.enterpriseName, inviter: info.inviterName ?? '', role: info.role };
  const signInPath = `${localized('/sign-in/password')}?redirect=${encodeURIComponent(`/account/invitation?token=${token}`)}`;

  let action: ReactNode;
  if (info.signedInAsInvitee) action = <JoinButton token={token} enterprise={info.enterpriseName} />;
  else if (info.signedInAsOther)
    action = (
      <Stack spacing={2}>
        <Alert severity="info">
          <T id="teamInvitation.signedInAsOther" values={{ who }} />
        </Alert>
        <Button variant="outlined" onClick={() => void logout()}>
          <T id="teamInvitation.signOut" />
        </Button>
      </Stack>
    );
  else if (info.accountExists)
    action = (
      <Stack spacing={2}>
        <Alert severity="info">
          <T id="teamInvitation.signInFirst" values={{ who }} />
        </Alert>
        <Button component={RouterLink} to={signInPath} variant="contained" size="large">
          <T id="teamInvitation.signIn" />
        </Button>
      </Stack>
    );
  else action = <NewAccountForm token={token} info={info} />;

  return (
    <Frame icon={<GroupAddOutlinedIcon />} title={t('teamInvitation.title', { enterprise: info.enterpriseName })}>
      <Stack spacing={2.5}>
        <Typography>
          <T id={info.inviterName ? 'teamInvitation.lead' : 'teamInvitation.leadNoInviter'} values={values} />
        </Typography>
        {info.role === 'owner' ? (
          <Typography variant="body2" color="text.secondary">
            <T id="team.allAccess" />
          </Typography>
        ) : info.permissions.length > 0 ? (
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              <T id="teamInvitation.access" />
            </Typography>
            <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap' }}>
              {info.permissions.map((flag) => (
                <Chip key={flag} size="small" variant="outlined" label={t(flagMessageId(flag))} />
              ))}
            </Stack>
          </Box>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          <T id="teamInvitation.expires" values={{ date: dates.instant(info.expiresAt) }} />
        </Typography>
        {action}
      </Stack>
    </Frame>
  );
}

function JoinButton({ token, enterprise }: { token: string; enterprise: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const join = async () => {
    setBusy(true);
    setError(null);
    try {
      const accepted = await associateInvitation(token);
      // The new enterprise shows in the switcher and the account pages.
      await queryClient.invalidateQueries();
      showToast({ messageId: 'teamInvitation.joined', values: { enterprise } }, { severity: 'success' });
      void navigate(accepted.redirect);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2}>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <Button variant="contained" size="large" disabled={busy} onClick={() => void join()}>
        {busy ? <T id="teamInvitation.accepting" /> : <T id="teamInvitation.accept" />}
      </Button>
    </Stack>
  );
}

function NewAccountForm({ token, info }: { token: string; info: InvitationDetails }) {
  const t = useT();
  const localized = useLocalizedPath();
  const needsEmail = info.email === null;
  const schema = z.object({
    firstName: required,
    lastName: required,
    email: needsEmail ? z.string().trim().email('team.emailInvalid') : z.string(),
    password: z.string().min(8, 'teamInvitation.passwordHelp').max(256),
  });
  const form = useZodForm(schema, { defaultValues: { firstName: '', lastName: '', email: '', password: '' } });
  const [error, setError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async ({ firstName, lastName, email, password }) => {
    setError(null);
    try {
      const accepted = await acceptInvitation({
        token,
        firstName,
        lastName,
        password,
        ...(needsEmail ? { email } : {}),
      });
      // A full load: the new session's bootstrap and CSRF token, from scratch.
      pageLocation.assign(localized(accepted.redirect));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  });
  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('teamInvitation.create')}>
        <Stack spacing={2}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            <T id="teamInvitation.create" />
          </Typography>
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField name="firstName" label={t('teamInvitation.firstName')} autoComplete="given-name" fullWidth />
            <FormTextField name="lastName" label={t('teamInvitation.lastName')} autoComplete="family-name" fullWidth />
          </Stack>
          {needsEmail ? (
            <FormTextField name="email" label={t('teamInvitation.email')} type="email" autoComplete="email" fullWidth />
          ) : (
            <TextField label={t('teamInvitation.email')} value={info.email ?? ''} disabled fullWidth />
          )}
          <FormTextField
            name="password"
            label={t('teamInvitation.password')}
            type="password"
            autoComplete="new-password"
            helperText={t('teamInvitation.passwordHelp')}
            fullWidth
          />
          <FormSubmitButton busyLabel={<T id="teamInvitation.accepting" />}>
            <T id="teamInvitation.accept" />
          </FormSubmitButton>
        </Stack>
      </Box>
    </FormProvider>
  );
}
