import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { fetchVersion } from '../../lib/api/version';
import { pageLocation } from '../../lib/browser/page-location';
import { checkVersionWith, useVersionPollingWith, type VersionState } from '../../lib/version/version-poll';

// The state, interval and check live in lib/version (framework-light, shared with the light public page); the app
// reads /version.json through its request wrapper and reloads on the next route navigation.
export { versionPollInterval, versionState, type VersionState } from '../../lib/version/version-poll';

/** /version.json's web version, read through the app's request wrapper. */
const readVersion = async () => (await fetchVersion())?.web ?? null;

export async function checkVersion(): Promise<VersionState> {
  return checkVersionWith(readVersion);
}

/** Polls /version.json (at start, then every interval) while mounted. */
export function useVersionPolling(): VersionState {
  return useVersionPollingWith(readVersion);
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
