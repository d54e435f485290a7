import WifiOffRoundedIcon from '@mui/icons-material/WifiOffRounded';
import { Alert, Snackbar } from '@mui/material';
import { useEffect } from 'react';
import { connectivityState, setOffline } from '../../lib/api/api-state';
import { T } from '../../lib/i18n/t';
import { useStore } from '../../lib/store';

/** Follows the browser's online/offline events. */
function useConnectivityEvents(): void {
  useEffect(() => {
    const onOffline = () => setOffline(true);
    const onOnline = () => setOffline(false);
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, []);
}

/** The offline ('disconnected') snackbar: shown while offline or after the server could not be reached. */
export function OfflineSnackbar() {
  useConnectivityEvents();
  const { offline } = useStore(connectivityState);
  return (
    <Snackbar open={offline} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert severity="error" variant="filled" icon={<WifiOffRoundedIcon />} sx={{ width: '100%' }}>
        <T id="shell.offline.message" />
      </Alert>
    </Snackbar>
  );
}
