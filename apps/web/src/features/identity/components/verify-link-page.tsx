import LinkOffRoundedIcon from '@mui/icons-material/LinkOffRounded';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { T } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';
import type { Failure } from '../failures';
import { AuthLayout } from './auth-layout';
import { FormAlert } from './form-alert';

/** A way on from a link that failed: where it goes and what it says. */
type Way = { to: string; labelId: MessageId };

/**
 * A page opened from a link with a single-use token (the magic link, the signup e-mail's link): `exchange` trades
 * the token for a session, once, and answers the failure to show (null when signed in and on). Meanwhile it says
 * `verifyingId`; a missing token shows `noToken`; a failure shows with the way to ask again (`again`, the main
 * button) and the other way (`other`). `severity` chooses the failure's look (an error unless said).
 */
export function VerifyLinkPage({
  token,
  exchange,
  noToken,
  title,
  failedTitle = title,
  verifyingId,
  again,
  other,
  severity = () => 'error',
}: {
  token: string;
  exchange: (token: string) => Promise<Failure | null>;
  noToken: Failure;
  title: string;
  failedTitle?: string;
  verifyingId: MessageId;
  again: Way;
  other: Way;
  severity?: (failure: Failure) => 'error' | 'info';
}) {
  const [failure, setFailure] = useState<Failure | null>(token ? null : noToken);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const failed = await exchange(token);
        if (failed) setFailure(failed);
      } catch (cause) {
        console.error(cause);
        setFailure({ messageId: 'error.unexpected' });
      }
    })();
  }, [exchange, token]);

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
