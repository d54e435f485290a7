import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SustainabilityEnrolmentStatus,
  SustainabilityFilters,
  SustainabilityLegalEntities,
  SustainabilityProgram,
  SustainabilityProgramBody,
} from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';

// The buyer's side of sustainability programs (grain-marketing.md 7 'Sustainability', decision 059).

export type EnrolmentFilter = { programId: number | null; status: SustainabilityEnrolmentStatus | null };

/** GET le/:platformId/market/:marketId/legal-entities: the market's enrolled clients, filtered. */
export function useSustainabilityLegalEntities(platformId: number, marketId: number | null, filter: EnrolmentFilter) {
  return useQuery({
    queryKey: ['crm', 'sustainability', platformId, marketId, filter.programId, filter.status] as const,
    queryFn: ({ signal }) =>
      getJson<SustainabilityLegalEntities>(
        `${MERCHANDISING}/le/${platformId}/market/${marketId}/legal-entities`,
        { programId: filter.programId ?? undefined, status: filter.status ?? undefined },
        signal,
      ),
    enabled: marketId !== null,
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
}

/** GET instrument/filters: the programs, crops, years and statuses the list filters by. */
export function useSustainabilityFilters(enabled: boolean) {
  return useQuery({
    queryKey: ['crm', 'sustainability', 'filters'] as const,
    queryFn: ({ signal }) => getJson<SustainabilityFilters>(`${MERCHANDISING}/instrument/filters`, undefined, signal),
    enabled,
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
}

const programsKey = (platformId: number, marketId: number) =>
  ['crm', 'sustainability', 'programs', platformId, marketId] as const;

/** GET le/:platformId/market/:marketId/sustainability-programs: every program of the market (buyer-admins). */
export function useSustainabilityPrograms(platformId: number, marketId: number, enabled: boolean) {
  return useQuery({
    queryKey: programsKey(platformId, marketId),
    queryFn: ({ signal }) =>
      getJson<{ items: SustainabilityProgram[] }>(
        `${MERCHANDISING}/le/${platformId}/market/${marketId}/sustainability-programs`,
        undefined,
        signal,
      ),
    enabled,
    retry: retryUnlessRefused,
  });
}

/** POST (a new program) or PUT …/:programId (a change, closing included); the lists read again. */
export function useSaveSustainabilityProgram(platformId: number, marketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ programId, body }: { programId: number | null; body: SustainabilityProgramBody }) =>
      (
        await request<SustainabilityProgram>(
          `${MERCHANDISING}/le/${platformId}/market/${marketId}/sustainability-programs${programId === null ? '' : `/${programId}`}`,
          { method: programId === null ? 'POST' : 'PUT', body },
        )
      ).json,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['crm', 'sustainability'] }),
  });
}
