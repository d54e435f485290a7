import { FLASH_COOKIES } from '@granary/domain';
import { Alert, Snackbar } from '@mui/material';
import { useEffect, useState } from 'react';
import { deleteCookie, readCookie } from '../../lib/browser/cookies';
import { useT } from '../../lib/i18n/t';

type FlashSeverity = 'success' | 'info' | 'warning' | 'error';
export type Flash = { message: string; severity: FlashSeverity; status: number | null };

const SEVERITIES: readonly string[] = ['success', 'info', 'warning', 'error'];

/** Reads the flash alert the server left in cookies; null when there is none or its status is 406. */
export function readFlashAlert(): Flash | null {
  const message = readCookie(FLASH_COOKIES.message);
  if (!message) return null;
  const type = (readCookie(FLASH_COOKIES.type) ?? '').toLowerCase();
  const statusText = readCookie(FLASH_COOKIES.status);
  const status = statusText && /^\d+$/.test(statusText) ? Number(statusText) : null;
  if (status === 406) return null;
  const severity = (SEVERITIES.includes(type) ? type : type === 'danger' ? 'error' : 'info') as FlashSeverity;
  return { message, severity, status };
}

function clearFlashCookies(): void {
  deleteCookie(FLASH_COOKIES.message);
  deleteCookie(FLASH_COOKIES.type);
  deleteCookie(FLASH_COOKIES.status);
}

/** The flash alert: shown once on load (unless 406), then its cookies are cleared. */
export function FlashAlert() {
  const t = useT();
  const [flash] = useState(readFlashAlert);
  const [open, setOpen] = useState(flash !== null);
  useEffect(() => {
    clearFlashCookies();
  }, []);
  if (!flash) return null;
  return (
    <Snackbar
      open={open}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') setOpen(false);
      }}
    >
      <Alert
        severity={flash.severity}
        variant="filled"
        onClose={() => setOpen(false)}
        closeText={t('shell.notice.close')}
        data-testid="flash-alert"
      >
        {flash.message}
      </Alert>
    </Snackbar>
  );
}
