import type { CamelCased, EnterpriseProfileWire, EnterpriseSummary } from '@granary/domain';
import { createStore, useStore } from '../store';

/** The enterprise profile as the web reads it (platform.md 3.3; the wire's snake_case camelCased by the client). */
export type EnterpriseProfile = CamelCased<EnterpriseProfileWire>;

/**
 * One enterprise in the web (4.1): what the bootstrap listed, then the profile merged in once received.
 * isProfileLoaded is true once the profile came, or once loading it failed (then isError is true too).
 */
export type EnterpriseState = Partial<EnterpriseProfile> &
  Pick<EnterpriseSummary, 'id' | 'legacyId' | 'publicId' | 'name'> & {
    isProfileLoaded: boolean;
    isError: boolean;
  };

export type EnterpriseEvent =
  | { type: 'bootstrapped'; enterprises: readonly EnterpriseSummary[] }
  | { type: 'profileReceived'; profile: EnterpriseProfile }
  | { type: 'errorReceived'; legacyId: number }
  | { type: 'patched'; legacyId: number; patch: Partial<EnterpriseProfile> };

/** Keyed by legacy id. */
export type EnterpriseStoreState = Readonly<Record<string, EnterpriseState>>;

/**
 * 4.1's transitions: not loaded → loaded (a received profile merged into the entry with the same publicId) or
 * error (isError and isProfileLoaded, matched by legacy id); a patch merges its fields into a known entry.
 */
export function enterpriseReducer(state: EnterpriseStoreState, event: EnterpriseEvent): EnterpriseStoreState {
  switch (event.type) {
    case 'bootstrapped': {
      const next: Record<string, EnterpriseState> = {};
      for (const e of event.enterprises) {
        const known = state[String(e.legacyId)];
        next[String(e.legacyId)] =
          known?.publicId === e.publicId
            ? { ...known, name: e.name }
            : {
                id: e.id,
                legacyId: e.legacyId,
                publicId: e.publicId,
                name: e.name,
                isProfileLoaded: false,
                isError: false,
              };
      }
      return next;
    }
    case 'profileReceived': {
      const { profile } = event;
      const key = Object.keys(state).find((k) => state[k]?.publicId === profile.publicId) ?? String(profile.legacyId);
      return { ...state, [key]: { ...state[key], ...profile, isProfileLoaded: true, isError: false } };
    }
    case 'errorReceived': {
      const known = state[String(event.legacyId)];
      if (!known) return state;
      return { ...state, [String(event.legacyId)]: { ...known, isError: true, isProfileLoaded: true } };
    }
    case 'patched': {
      const known = state[String(event.legacyId)];
      if (!known) return state;
      return { ...state, [String(event.legacyId)]: { ...known, ...event.patch } };
    }
  }
}

const store = createStore<EnterpriseStoreState>({});

export function dispatchEnterprise(event: EnterpriseEvent): void {
  store.set((state) => enterpriseReducer(state, event));
}

export function useEnterpriseStore(): EnterpriseStoreState {
  return useStore(store);
}
