import { ONBOARDING_RESEND_COOLDOWN_SECONDS, type WhiteLabelPartner } from '@granary/domain';
import { Alert, Button, Stack } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { T } from '../../../lib/i18n/t';
import { useResendOnboardingCode } from './onboarding-api';

// Partner onboarding's "Resend code" on confirm-code and verify-email (issue 17, decision 060).

/** Seconds left until "Resend code" is offered again, counting down from `seconds` each time `restart` is called. */
function useCooldown(seconds: number): [number, () => void] {
  const [until, setUntil] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return [
    left,
    () => {
      const at = Date.now();
      setNow(at);
      setUntil(at + seconds * 1000);
    },
  ];
}

/**
 * "Resend code" under the code form: a new code on the same code session (the server keeps decision 012's limits),
 * offered again only after a cooldown, so a tap or two does not use up the session's few sends.
 */
export function ResendCode({
  intent,
  token,
  partner,
  ErrorAlert,
}: {
  intent: string;
  token: string;
  partner: WhiteLabelPartner;
  /** The page's alert for a refused send (429 rate_limited, an expired session), in the onboarding's words. */
  ErrorAlert: (props: { error: unknown; partner: WhiteLabelPartner }) => ReactNode;
}) {
  const resend = useResendOnboardingCode();
  const [left, restart] = useCooldown(ONBOARDING_RESEND_COOLDOWN_SECONDS);
  const again = () => resend.mutate({ intent, token }, { onSuccess: () => restart(), onError: () => restart() });
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {resend.isSuccess && (
        <Alert severity="success" role="status">
          <T id="onboarding.code.resent" values={{ sentTo: resend.data.sentTo }} />
        </Alert>
      )}
      <ErrorAlert error={resend.error} partner={partner} />
      <Button variant="text" disabled={left > 0 || resend.isPending} onClick={again}>
        {left > 0 ? <T id="onboarding.code.resendIn" values={{ seconds: left }} /> : <T id="onboarding.code.resend" />}
      </Button>
    </Stack>
  );
}
