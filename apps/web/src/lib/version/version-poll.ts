// The app version check (grain-marketing.md 3 'Version info', 4 'App version'), framework-light: a store, the poll
// interval and the check, with no MUI, router or request wrapper, so the light public page (/market, /score) polls
// /version.json as the app shell does (issue 13). The shell's version-check.ts adds the router-bound parts.
import { VERSION_POLL_COOKIE, VERSION_POLL_MS, versionAction, type WebVersion } from '@granary/domain';
import { useEffect } from 'react';
import { LOADED_VERSION } from '../build-info';
import { readCookie } from '../browser/cookies';
import { createStore, useStore } from '../store';

export type VersionState = 'none' | 'reload-on-navigation' | 'force-update';
export const versionState = createStore<VersionState>('none');

/** The poll interval: VERSION_POLL_MS unless the VERSION_POLL_COOKIE cookie holds a positive number of ms. */
export function versionPollInterval(): number {
  const fromCookie = Number(readCookie(VERSION_POLL_COOKIE));
  return Number.isFinite(fromCookie) && fromCookie > 0 ? fromCookie : VERSION_POLL_MS;
}

/** Reads a server's web version from /version.json's body ({web: {required, latest}}), or null. */
function webVersionOf(body: unknown): WebVersion | null {
  const web = (body as { web?: { required?: unknown; latest?: unknown } } | null)?.web;
  if (!web || typeof web.required !== 'number' || typeof web.latest !== 'number') return null;
  return { required: web.required, latest: web.latest };
}

/** GET /version.json with plain fetch (no session, no cookies sent); null when it cannot be read. */
export async function fetchWebVersion(): Promise<WebVersion | null> {
  try {
    const response = await fetch(`/version.json?t=${Date.now()}`, {
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      cache: 'no-store',
    });
    return response.ok ? webVersionOf(await response.json()) : null;
  } catch {
    return null;
  }
}

/** One check: asks the server's version and moves the state on (never back: a forced update stays forced). */
export async function checkVersionWith(read: () => Promise<WebVersion | null>): Promise<VersionState> {
  const server = await read();
  if (!server) return versionState.get();
  const action = versionAction(LOADED_VERSION.latest, server);
  if (versionState.get() !== 'force-update' && action !== 'none') versionState.set(action);
  return versionState.get();
}

/**
 * Polls the version every interval while mounted, and at once unless `immediate` is false (the light public page:
 * its HTML, just written by the server, already names the current build).
 */
export function useVersionPollingWith(
  read: () => Promise<WebVersion | null>,
  { immediate = true }: { immediate?: boolean } = {},
): VersionState {
  useEffect(() => {
    if (immediate) void checkVersionWith(read);
    const timer = setInterval(() => void checkVersionWith(read), versionPollInterval());
    return () => clearInterval(timer);
  }, [read, immediate]);
  return useStore(versionState);
}
