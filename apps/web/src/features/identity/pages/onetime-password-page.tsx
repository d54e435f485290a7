import LockResetRoundedIcon from '@mui/icons-material/LockResetRounded';
import { safeRedirectTarget } from '@granary/domain';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { showToast } from '../../../lib/toast/toast-store';
import { AuthLayout } from '../components/auth-layout';
import { PasswordChangeForm } from '../components/password-change-form';

/**
 * /onetime-password/reset (signed in): a user who signed in with a one-time password chooses their own, then goes on
 * to where the sign-in was headed (the `redirect` carried here) or the dashboard.
 */
export function OneTimePasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const [searchParams] = useSearchParams();
  const target = safeRedirectTarget(searchParams.get('redirect'), window.location.host);
  return (
    <AuthLayout title={t('identity.otp.title')} subtitle={t('identity.otp.subtitle')} icon={<LockResetRoundedIcon />}>
      <PasswordChangeForm
        oneTimePassword
        onDone={() => {
          showToast({ messageId: 'identity.passwordUpdated' }, { severity: 'success' });
          navigate(localized(target), { replace: true });
        }}
      />
    </AuthLayout>
  );
}
