import WifiOffRoundedIcon from '@mui/icons-material/WifiOffRounded';
import { Alert, Snackbar } from '@mui/material';
import { connectivityState, setOffline } from '../../lib/api/api-state';
import { useConnectivityEvents } from '../../lib/browser/connectivity';
import { T } from '../../lib/i18n/t';
import { useStore } from '../../lib/store';

/** Follows the browser's online/offline events (lib/browser/connectivity, shared with the light public page). */
const onConnectivity = (online: boolean) => setOffline(!online);

/** The offline ('disconnected') snackbar: shown while offline or after the server could not be reached. */
export function OfflineSnackbar() {
  useConnectivityEvents(onConnectivity);
  const { offline } = useStore(connectivityState);
  return (
    <Snackbar open={offline} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert severity="error" variant="filled" icon={<WifiOffRoundedIcon />} sx={{ width: '100%' }}>
        <T id="shell.offline.message" />
      </Alert>
    </Snackbar>
  );
}
