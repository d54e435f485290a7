import type { AreaUnit } from '@granary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { writeStorage } from '../browser/storage';
import { CURRENT_ENTERPRISE_KEY, bootstrapQueryOptions, type Bootstrap } from '../api/bootstrap';
import { queryKeys } from '../api/query-keys';
import { request } from '../api/request';
import {
  dispatchEnterprise,
  useEnterpriseStore,
  type EnterpriseProfile,
  type EnterpriseState,
} from './enterprise-store';

export const EFFU = '/api/effu';

/** What profile/partial takes (the server checks each list against its catalogue: enterpriseProfilePatchSchema). */
export type EnterpriseProfileChanges = {
  name?: string;
  areaEstimate?: number;
  areaEstimateUnits?: AreaUnit;
  crops?: string[];
  softwareTools?: string[];
  plantingMonitorBrands?: string[];
  harvestMonitorBrands?: string[];
  applicationMonitorBrands?: string[];
};

/** Loads an enterprise's profile into the store: profileReceived, or errorReceived when the call fails. */
async function loadEnterpriseProfile(legacyId: number): Promise<void> {
  try {
    const { json } = await request<EnterpriseProfile>(`${EFFU}/enterprises/${legacyId}/profile`, { snakeCase: true });
    dispatchEnterprise({ type: 'profileReceived', profile: json });
  } catch {
    dispatchEnterprise({ type: 'errorReceived', legacyId });
  }
}

/** One enterprise from the store, its profile loaded on first use. */
export function useEnterprise(legacyId: number | null): EnterpriseState | null {
  const state = useEnterpriseStore();
  const entry = legacyId === null ? null : (state[String(legacyId)] ?? null);
  const needsLoad = entry !== null && !entry.isProfileLoaded;
  useEffect(() => {
    if (needsLoad && legacyId !== null) void loadEnterpriseProfile(legacyId);
  }, [needsLoad, legacyId]);
  return entry;
}

/**
 * profile/partial: the server's answer is merged into the store (patched) and a new name reaches the bootstrap's
 * list (the switcher, the account page). Rejects with ApiError on a refusal.
 */
export function usePatchEnterpriseProfile() {
  const client = useQueryClient();
  return useCallback(
    async (legacyId: number, patch: EnterpriseProfileChanges) => {
      const { json } = await request<EnterpriseProfile>(`${EFFU}/profile/partial`, {
        method: 'PATCH',
        body: { enterpriseId: legacyId, ...patch },
        snakeCase: true,
      });
      dispatchEnterprise({ type: 'patched', legacyId, patch: json });
      client.setQueryData<Bootstrap>(bootstrapQueryOptions().queryKey, (data) => {
        const known = data?.enterprises[String(legacyId)];
        return data && known
          ? { ...data, enterprises: { ...data.enterprises, [String(legacyId)]: { ...known, name: json.name } } }
          : data;
      });
      return json;
    },
    [client],
  );
}

/**
 * The header's switcher: the server keeps the choice with the session (the cart and checkout read it there), the tab
 * keeps it for the next bootstrap (the stored selection wins when it is in the list), and the bootstrap's
 * current_enterprise_id, the one source every page reads, changes at once; the rest is fetched again for it.
 */
export function useSwitchEnterprise(): (legacyId: number) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (legacyId: number) => {
      await request(`${EFFU}/user/current-enterprise`, {
        method: 'PUT',
        body: { enterpriseId: legacyId },
        snakeCase: true,
      });
      writeStorage(CURRENT_ENTERPRISE_KEY, String(legacyId), 'session');
      client.setQueryData<Bootstrap>(bootstrapQueryOptions().queryKey, (data) =>
        data ? { ...data, current_enterprise_id: legacyId } : data,
      );
      await client.invalidateQueries({ predicate: (query) => query.queryKey[1] !== queryKeys.bootstrap[1] });
    },
    [client],
  );
}
