import { useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { verifyMagicLink } from '../api/magic-link';
import { VerifyLinkPage } from '../components/verify-link-page';
import { failureOf } from '../failures';

/**
 * /login/magic?token=…[&redirect=…]: exchanges the link's token for a session (once: the token is single use) and
 * goes to the redirect the server kept with it. A used, expired or missing token shows the message and a way to ask
 * for a new link.
 */
export function MagicLoginPage() {
  const t = useT();
  const localized = useLocalizedPath();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  return (
    <VerifyLinkPage
      verify={verifyMagicLink}
      failureOf={(error) => failureOf(error, 'magic-link')}
      noToken={{ messageId: 'identity.error.magicLinkInvalid' }}
      title={t('identity.magic.verifying')}
      failedTitle={t('identity.magic.failedTitle')}
      verifyingId="identity.magic.verifyingBody"
      again={{
        to: `${localized('/sign-in/magic_link')}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`,
        labelId: 'identity.magic.requestNew',
      }}
      other={{ to: localized('/sign-in/password'), labelId: 'identity.signIn.withPassword' }}
    />
  );
}
