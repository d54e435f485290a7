import AppleIcon from '@mui/icons-material/Apple';
import GoogleIcon from '@mui/icons-material/Google';
import KeyRoundedIcon from '@mui/icons-material/KeyRounded';
import { Button, Divider, Stack, Typography } from '@mui/material';
import { T } from '../../../lib/i18n/t';
import { oidcStartUrl, useOidcProviders, type OidcProvider } from '../api/oidc-providers';

function ProviderIcon({ id }: { id: string }) {
  if (id === 'google') return <GoogleIcon />;
  if (id === 'apple') return <AppleIcon />;
  return <KeyRoundedIcon />;
}

/**
 * "Continue with Google / Apple / SSO" from GET /api/auth/oidc/providers; nothing at all when the call fails or
 * lists none. Each button is a full page load: the server starts the provider's flow and comes back to `redirect`.
 */
export function OidcButtons({
  redirect,
  only,
  divider = true,
}: {
  redirect: string | null;
  /** Keep only these providers (the /sign-in/sso page shows SSO only). */
  only?: (provider: OidcProvider) => boolean;
  divider?: boolean;
}) {
  const { data } = useOidcProviders();
  const providers = (data ?? []).filter((provider) => (only ? only(provider) : true));
  if (providers.length === 0) return null;
  return (
    <>
      <Stack spacing={1.25}>
        {providers.map((provider) => (
          <Button
            key={provider.id}
            component="a"
            href={oidcStartUrl(provider.id, redirect)}
            variant="outlined"
            color="inherit"
            size="large"
            fullWidth
            startIcon={<ProviderIcon id={provider.id} />}
            sx={{ py: 1.1, borderColor: 'divider', fontWeight: 600, bgcolor: 'background.paper' }}
          >
            <T id="identity.signIn.withProvider" values={{ provider: provider.name }} />
          </Button>
        ))}
      </Stack>
      {divider ? (
        <Divider sx={{ my: 3 }}>
          <Typography variant="body2" color="text.secondary">
            <T id="identity.or" />
          </Typography>
        </Divider>
      ) : null}
    </>
  );
}
