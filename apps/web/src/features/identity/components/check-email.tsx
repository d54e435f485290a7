import { Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { T } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';

/**
 * The confirmation after a link was asked for. It never says whether the address has an account: the same words
 * show for every well-formed address.
 */
export function CheckEmailPanel({
  email,
  messageId,
  onDifferentEmail,
  onResend,
  resending = false,
  children,
}: {
  email: string;
  messageId: MessageId;
  onDifferentEmail?: () => void;
  onResend?: () => void;
  resending?: boolean;
  children?: ReactNode;
}) {
  return (
    <Stack spacing={2.5} role="status">
      <Typography>
        <T id={messageId} values={{ email: <strong key="email">{email}</strong> }} />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <T id="identity.checkEmail.spam" />
      </Typography>
      {children}
      {onResend || onDifferentEmail ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.25}>
          {onResend ? (
            <Button variant="outlined" onClick={onResend} disabled={resending} fullWidth>
              <T id="identity.checkEmail.resend" />
            </Button>
          ) : null}
          {onDifferentEmail ? (
            <Button variant="text" onClick={onDifferentEmail} fullWidth>
              <T id="identity.checkEmail.differentEmail" />
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
