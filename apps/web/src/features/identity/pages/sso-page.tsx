import KeyRoundedIcon from '@mui/icons-material/KeyRounded';
import { Alert, CircularProgress, Box } from '@mui/material';
import { useSearchParams } from 'react-router';
import { T, useT } from '../../../lib/i18n/t';
import { useOidcProviders } from '../api/oidc-providers';
import { AppLink } from '../components/app-link';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import { OidcButtons } from '../components/oidc-buttons';
import { oidcFailureOf } from '../failures';

/** /sign-in/sso: the partner's own identity provider (the configured 'sso' providers). */
export function SsoPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const oidcFailure = oidcFailureOf(searchParams);
  const { data, isPending } = useOidcProviders();
  const isSso = (p: { id: string }) => p.id !== 'google' && p.id !== 'apple';
  const available = (data ?? []).some(isSso);
  const back = redirect ? `/sign-in/password?redirect=${encodeURIComponent(redirect)}` : '/sign-in/password';
  return (
    <AuthLayout
      title={t('identity.sso.title')}
      subtitle={t('identity.sso.subtitle')}
      icon={<KeyRoundedIcon />}
      below={
        <AppLink to={back} variant="body2">
          <T id="identity.backToSignIn" />
        </AppLink>
      }
    >
      <FormAlert failure={oidcFailure} />
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={28} aria-label={t('shell.loading')} />
        </Box>
      ) : available ? (
        <OidcButtons redirect={redirect} only={isSso} divider={false} />
      ) : (
        <Alert severity="info">
          <T id="identity.sso.unavailable" />
        </Alert>
      )}
    </AuthLayout>
  );
}
