import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { postNativeMessage } from '../../lib/native/bridge';
import { ErrorScreen } from './error-screen';

/** A lazy page whose script could not be loaded (a deploy replaced it, or the network dropped). */
function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/** The router's errorElement: the generic error screen; a failed script load is logged and told to the shell. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    if (isChunkLoadError(error)) {
      console.error('Failed to load a part of the application.', error);
      postNativeMessage('LOAD_FAILED');
    } else {
      console.error(error);
    }
  }, [error]);
  return <ErrorScreen code={isRouteErrorResponse(error) ? String(error.status) : null} />;
}
