import { Alert, Snackbar } from '@mui/material';
import { useT } from '../../lib/i18n/t';
import { useStore } from '../../lib/store';
import { dismissToast, toastStore, type Toast } from '../../lib/toast/toast-store';

function ToastText({ toast }: { toast: Toast }) {
  const t = useT();
  return <>{'messageId' in toast ? t(toast.messageId, toast.values) : toast.text}</>;
}

/** Shows the oldest pending toast; each auto-closes after TOAST_AUTO_CLOSE_MS (3000 ms). */
export function ToastHost() {
  const t = useT();
  const toasts = useStore(toastStore);
  const current = toasts[0];
  if (!current) return null;
  return (
    <Snackbar
      key={current.key}
      open
      autoHideDuration={current.autoHideMs}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') dismissToast(current.key);
      }}
    >
      <Alert
        severity={current.severity}
        variant="filled"
        onClose={() => dismissToast(current.key)}
        closeText={t('shell.notice.close')}
        sx={{ minWidth: 250 }}
      >
        <ToastText toast={current} />
      </Alert>
    </Snackbar>
  );
}
