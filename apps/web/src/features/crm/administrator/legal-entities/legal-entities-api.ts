import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminLegalEntitiesResponse } from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';

export type LegalEntitiesQuery = {
  search: string;
  page: number;
  pageSize: number;
  paginationToken: string | null;
};

/** GET admin/le/:platformId/legal-entities: one page of the partner's client legal entities. */
const legalEntitiesQueryOptions = (platformId: number, q: LegalEntitiesQuery) =>
  queryOptions({
    queryKey: ['crm', 'admin', 'legal-entities', platformId, q] as const,
    queryFn: ({ signal }) =>
      getJson<AdminLegalEntitiesResponse>(
        `${MERCHANDISING}/admin/le/${platformId}/legal-entities`,
        {
          search: q.search || undefined,
          page: q.page,
          pageSize: q.pageSize,
          paginationToken: q.paginationToken ?? undefined,
        },
        signal,
      ),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });

export function useAdminLegalEntities(platformId: number, q: LegalEntitiesQuery) {
  return useQuery(legalEntitiesQueryOptions(platformId, q));
}
