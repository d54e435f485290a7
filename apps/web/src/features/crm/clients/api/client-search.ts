import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientSearchResponse } from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';
import { crmKeys } from '../../api/crm-keys';

export type ClientSearchParams = {
  marketId: number;
  search: string;
  page: number;
  pageSize: number;
  /** The token of the previous page's answer (only with page > 1). */
  paginationToken: string | null;
};

/** GET merchandising/market/:marketIds/le-search: the market's clients by name (part of it) or exact ext id, one page. */
const clientSearchQueryOptions = (params: ClientSearchParams) =>
  queryOptions({
    queryKey: [
      ...crmKeys.clientSearch(String(params.marketId), params.search, params.page, params.pageSize),
      params.paginationToken,
    ] as const,
    queryFn: ({ signal }) =>
      getJson<ClientSearchResponse>(
        `${MERCHANDISING}/market/${params.marketId}/le-search`,
        {
          search: params.search || undefined,
          page: params.page > 1 ? params.page : undefined,
          pageSize: params.pageSize,
          paginationToken: params.page > 1 ? (params.paginationToken ?? undefined) : undefined,
        },
        signal,
      ),
    staleTime: 30_000,
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });

export function useClientSearch(params: ClientSearchParams | null) {
  return useQuery({
    ...clientSearchQueryOptions(params ?? { marketId: 0, search: '', page: 1, pageSize: 25, paginationToken: null }),
    enabled: params !== null,
  });
}
