import { T } from '../../../lib/i18n/t';
import { AuthLayout } from '../components/auth-layout';

/** Issue 15: being built (this placeholder is replaced by the page). */
export function AcceptInvitationPage() {
  return <AuthLayout title={<T id="invitation.title" />}>{null}</AuthLayout>;
}
