import { useSyncExternalStore } from 'react';
import { messages } from './messages';

/** Messages by id, as the IntlProvider takes them. */
export type Catalogue = Readonly<Record<string, string>>;

/**
 * The feature areas whose messages load with their pages, each its own chunk (docs/decisions/029-messages-by-area.md):
 * the entry carries only the shell's, identity's and the common messages (messages.ts), so that e.g. the sign-in page
 * does not download the CRM's and the store's wording. English for every supported locale (en-us, en-ca, en-ca-qc,
 * en-au), as the entry's.
 */
const AREA_CATALOGUES = {
  crm: () => import('./areas/crm').then((module) => module.crmAreaMessages),
  mySalesLite: () => import('./areas/my-sales-lite').then((module) => module.mySalesLiteAreaMessages),
  store: () => import('./areas/store').then((module) => module.storeAreaMessages),
  profitCenter: () => import('./areas/profit-center').then((module) => module.profitCenterAreaMessages),
  dev: () => import('./areas/dev').then((module) => module.devAreaMessages),
  admin: () => import('./areas/admin').then((module) => module.adminAreaMessages),
  account: () => import('./areas/account').then((module) => module.accountAreaMessages),
} satisfies Record<string, () => Promise<Catalogue>>;

export type MessageArea = keyof typeof AREA_CATALOGUES;

/** What the app can show now: the entry's messages and those of every area loaded so far (they stay once loaded). */
let loaded: Catalogue = messages;
const listeners = new Set<() => void>();
const loading = new Map<MessageArea, Promise<void>>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): Catalogue {
  return loaded;
}

/**
 * Loads an area's messages (once; later calls share the first load) and adds them to the catalogue. A lazy route
 * awaits this beside its page's chunk, so the page's first render already has its wording: no raw id shows.
 */
export function loadAreaMessages(area: MessageArea): Promise<void> {
  let pending = loading.get(area);
  if (!pending) {
    pending = AREA_CATALOGUES[area]().then((catalogue) => {
      loaded = { ...loaded, ...catalogue };
      for (const listener of listeners) listener();
    });
    // A failed load (the chunk did not arrive) is tried again by the next navigation.
    pending.catch(() => loading.delete(area));
    loading.set(area, pending);
  }
  return pending;
}

/** The messages loaded so far, for the IntlProvider; it renders again when an area's messages arrive. */
export function useLoadedMessages(): Catalogue {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
