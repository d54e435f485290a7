import LinkRoundedIcon from '@mui/icons-material/LinkRounded';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import type { SignInMethod } from '@granary/domain';
import { Button, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { T } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';
import { useLocalizedPath } from '../../../lib/routing/route-handle';

const METHODS: { method: SignInMethod; labelId: MessageId; icon: ReactNode }[] = [
  { method: 'password', labelId: 'identity.signIn.withPassword', icon: <LockOutlinedIcon /> },
  { method: 'magic_link', labelId: 'identity.signIn.withMagicLink', icon: <LinkRoundedIcon /> },
  { method: 'sms', labelId: 'identity.signIn.withSms', icon: <SmsOutlinedIcon /> },
];

/** The links to the other sign-in methods, keeping the way back (`redirect`). */
export function MethodLinks({ current, redirect }: { current: SignInMethod; redirect: string | null }) {
  const localized = useLocalizedPath();
  const search = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return (
    <>
      <Divider sx={{ my: 3 }}>
        <Typography variant="body2" color="text.secondary">
          <T id="identity.signIn.otherWays" />
        </Typography>
      </Divider>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.25}>
        {METHODS.filter((entry) => entry.method !== current).map((entry) => (
          <Button
            key={entry.method}
            component={RouterLink}
            to={`${localized(`/sign-in/${entry.method}`)}${search}`}
            variant="outlined"
            color="inherit"
            startIcon={entry.icon}
            fullWidth
            sx={{ borderColor: 'divider', py: 1 }}
          >
            <T id={entry.labelId} />
          </Button>
        ))}
      </Stack>
    </>
  );
}
