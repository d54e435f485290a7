import { SESSION_IDLE_MS } from '@granary/domain';
import { readStorage, removeStorage, writeStorage } from '../browser/storage';

/** The last-activity time (grain-marketing.md 4 'Session'): a new session starts after SESSION_IDLE_MS idle. */
const LAST_ACTIVITY_KEY = 'granary_last_activity';

export function touchActivity(now: number = Date.now()): { newSession: boolean } {
  const previous = Number(readStorage(LAST_ACTIVITY_KEY));
  writeStorage(LAST_ACTIVITY_KEY, String(now));
  return { newSession: !Number.isFinite(previous) || previous <= 0 || now - previous > SESSION_IDLE_MS };
}

export function clearActivity(): void {
  removeStorage(LAST_ACTIVITY_KEY);
}
