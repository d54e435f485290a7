import LinkOffRoundedIcon from '@mui/icons-material/LinkOffRounded';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { ApiError } from '../../../lib/api/api-error';
import type { ApiResult } from '../../../lib/api/request';
import { T } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';
import type { SignedIn } from '../api/sign-in';
import type { Failure } from '../failures';
import { useFinishSignIn } from '../use-finish-sign-in';
import { AuthLayout } from './auth-layout';
import { FormAlert } from './form-alert';

/** A way on from a link that failed: where it goes and what it says. */
type Way = { to: string; labelId: MessageId };

/**
 * A page opened from a link with a single-use token (`?token=…[&redirect=…]`: the magic link, the signup e-mail's
 * link): `verify` trades the token for a session, once, then `onSignedIn` runs and the user goes on to the answer's
 * redirect (or the page's). Meanwhile it says `verifyingId`; a missing token shows `noToken`; a refusal shows as
 * `failureOf` reads it, with the way to ask again (`again`, the main button) and the other way (`other`).
 * `severity` chooses the failure's look (an error unless said).
 */
export function VerifyLinkPage({
  verify,
  failureOf,
  onSignedIn,
  noToken,
  title,
  failedTitle = title,
  verifyingId,
  again,
  other,
  severity = () => 'error',
}: {
  verify: (token: string) => Promise<ApiResult<SignedIn>>;
  failureOf: (error: ApiError) => Failure;
  onSignedIn?: () => void;
  noToken: Failure;
  title: string;
  failedTitle?: string;
  verifyingId: MessageId;
  again: Way;
  other: Way;
  severity?: (failure: Failure) => 'error' | 'info';
}) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const redirect = searchParams.get('redirect');
  const finish = useFinishSignIn();
  const [failure, setFailure] = useState<Failure | null>(token ? null : noToken);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const result = await verify(token);
        if (result.ok) {
          onSignedIn?.();
          await finish(result.json, redirect);
        } else setFailure(failureOf(result.error));
      } catch (cause) {
        console.error(cause);
        setFailure({ messageId: 'error.unexpected' });
      }
    })();
  }, [failureOf, finish, onSignedIn, redirect, token, verify]);

  if (!failure) {
    return (
      <AuthLayout title={title}>
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography color="text.secondary">
            <T id={verifyingId} />
          </Typography>
        </Box>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={failedTitle} icon={<LinkOffRoundedIcon />}>
      <FormAlert failure={failure} severity={severity(failure)} />
      <Button component={RouterLink} to={again.to} variant="contained" size="large" fullWidth>
        <T id={again.labelId} />
      </Button>
      <Button component={RouterLink} to={other.to} variant="text" fullWidth sx={{ mt: 1.5 }}>
        <T id={other.labelId} />
      </Button>
    </AuthLayout>
  );
}
