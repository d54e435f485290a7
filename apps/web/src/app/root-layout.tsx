import { Outlet } from 'react-router';
import { connectivityState } from '../lib/api/api-state';
import { useStore } from '../lib/store';
import { ErrorScreen } from './shell/error-screen';
import { FlashAlert } from './shell/flash-alert';
import { OfflineSnackbar } from './shell/offline-snackbar';
import { useApiEvents, useNativeMessages, useNavigationHousekeeping, useVisibilityReload } from './shell/shell-effects';
import { ToastHost } from './shell/toast-host';
import { UnsupportedBrowserSnackbar } from './shell/unsupported-browser-snackbar';
import { UpdateScreen } from './shell/update-screen';
import { useReloadOnNavigation, useVersionPolling } from './shell/version-check';

/**
 * The root route: the app-wide notices and checks around every page (version check, offline and unsupported
 * browser snackbars, flash alert, toasts, native messages), and the generic error screen when the network failed
 * for good (UNRECOVERABLE_NETWORK_ERROR).
 */
export function RootLayout() {
  const version = useVersionPolling();
  useReloadOnNavigation(version);
  useApiEvents();
  useNativeMessages();
  useVisibilityReload();
  useNavigationHousekeeping();
  const { unrecoverableNetworkError } = useStore(connectivityState);
  return (
    <>
      {unrecoverableNetworkError ? <ErrorScreen /> : <Outlet />}
      {version === 'force-update' ? <UpdateScreen /> : null}
      <OfflineSnackbar />
      <UnsupportedBrowserSnackbar />
      <FlashAlert />
      <ToastHost />
    </>
  );
}
