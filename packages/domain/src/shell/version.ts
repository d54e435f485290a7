// App version check (grain-marketing.md 3 'Version info', 4 'App version').

export type WebVersion = { required: number; latest: number };

/** The version this build carries; /version.json serves the current one under 'web'. */
export const WEB_VERSION: Readonly<WebVersion> = Object.freeze({ required: 63, latest: 64 });

export const VERSION_ACTIONS = ['force-update', 'reload-on-navigation', 'none'] as const;
export type VersionAction = (typeof VERSION_ACTIONS)[number];

/**
 * What to do after a version poll: the server requires a newer build than the loaded one →
 * 'force-update' (update screen, countdown, reload); the server has a newer latest → reload on the
 * next navigation; otherwise nothing. Non-numeric values never trigger a reload.
 */
export function versionAction(loadedLatest: number, server: WebVersion): VersionAction {
  if (server.required > loadedLatest) return 'force-update';
  if (server.latest > loadedLatest) return 'reload-on-navigation';
  return 'none';
}
