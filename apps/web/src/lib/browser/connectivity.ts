// The browser's online/offline events, framework-light (React only): the app shell's offline snackbar and the light
// public page's offline notice both follow them (issue 13).
import { useEffect, useState } from 'react';

/** Whether the browser says it is online now (true where it cannot tell). */
function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Calls `onChange(online)` when the browser goes offline or back online; returns the unsubscribe. */
function onConnectivityChange(onChange: (online: boolean) => void): () => void {
  const onOffline = () => onChange(false);
  const onOnline = () => onChange(true);
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  return () => {
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
  };
}

/** Follows the browser's online/offline events while mounted. */
export function useConnectivityEvents(onChange: (online: boolean) => void): void {
  useEffect(() => onConnectivityChange(onChange), [onChange]);
}

/** Whether the browser is online, kept current by its events. */
export function useBrowserOnline(): boolean {
  const [online, setOnline] = useState(browserOnline);
  useConnectivityEvents(setOnline);
  return online;
}
