import { UNSUPPORTED_BROWSER_COOKIE, isSupportedBrowser } from '@granary/domain';
import { Alert, AlertTitle, Button, Snackbar } from '@mui/material';
import { useState } from 'react';
import { ONE_YEAR_SECONDS, readCookie, writeCookie } from '../../lib/browser/cookies';
import { T } from '../../lib/i18n/t';
import { inNativeApp } from '../../lib/native/bridge';

/** Whether to nag about the browser: not supported, not dismissed in the last year, not inside the native app. */
export function shouldShowUnsupportedBrowser(userAgent: string): boolean {
  if (inNativeApp()) return false;
  if (readCookie(UNSUPPORTED_BROWSER_COOKIE)) return false;
  return !isSupportedBrowser(userAgent);
}

export function UnsupportedBrowserSnackbar() {
  const [open, setOpen] = useState(() => shouldShowUnsupportedBrowser(window.navigator.userAgent));
  const dismiss = () => {
    writeCookie(UNSUPPORTED_BROWSER_COOKIE, '1', { maxAgeSeconds: ONE_YEAR_SECONDS });
    setOpen(false);
  };
  return (
    <Snackbar open={open} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert
        severity="warning"
        variant="filled"
        action={
          <Button color="inherit" size="small" onClick={dismiss}>
            <T id="shell.notice.dismiss" />
          </Button>
        }
      >
        <AlertTitle>
          <T id="shell.unsupportedBrowser.title" />
        </AlertTitle>
        <T id="shell.unsupportedBrowser.message" />
      </Alert>
    </Snackbar>
  );
}
