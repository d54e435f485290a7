import { VERSION_POLL_COOKIE, VERSION_POLL_MS, versionAction } from '@granary/domain';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { fetchVersion } from '../../lib/api/version';
import { LOADED_VERSION } from '../../lib/build-info';
import { readCookie } from '../../lib/browser/cookies';
import { pageLocation } from '../../lib/browser/page-location';
import { createStore, useStore } from '../../lib/store';

export type VersionState = 'none' | 'reload-on-navigation' | 'force-update';
export const versionState = createStore<VersionState>('none');

/** The poll interval: VERSION_POLL_MS unless the VERSION_POLL_COOKIE cookie holds a positive number of ms. */
export function versionPollInterval(): number {
  const fromCookie = Number(readCookie(VERSION_POLL_COOKIE));
  return Number.isFinite(fromCookie) && fromCookie > 0 ? fromCookie : VERSION_POLL_MS;
}

export async function checkVersion(): Promise<VersionState> {
  const server = await fetchVersion();
  if (!server) return versionState.get();
  const action = versionAction(LOADED_VERSION.latest, server.web);
  // Never step back: a forced update stays forced.
  if (versionState.get() !== 'force-update' && action !== 'none') versionState.set(action);
  return versionState.get();
}

/** Polls /version.json (at start, then every interval) while mounted. */
export function useVersionPolling(): VersionState {
  useEffect(() => {
    void checkVersion();
    const timer = setInterval(() => void checkVersion(), versionPollInterval());
    return () => clearInterval(timer);
  }, []);
  return useStore(versionState);
}

/** After a newer (not required) version appeared, the next route navigation is a full page load. */
export function useReloadOnNavigation(state: VersionState): void {
  const location = useLocation();
  const first = useRef(location.key);
  useEffect(() => {
    if (location.key === first.current) return;
    first.current = location.key;
    if (state === 'reload-on-navigation') pageLocation.reload();
  }, [location.key, state]);
}
