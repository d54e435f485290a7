import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractListResponse } from '@granary/domain';
import { buildUrl, getJson, retryUnlessRefused } from '../../../../lib/api/request';
import { crmKeys } from '../../api/crm-keys';
import { CTRM } from '../../api/crm-paths';

/** The list call: GET ctrm/contracts/search (docs/api/crm.md 'Contracts and deliveries lists'). */
const CONTRACT_SEARCH_PATH = `${CTRM}/contracts/search`;

/** One page of the contract or delivery list for canonical list parameters (listQueryToParams). */
export const contractSearchQueryOptions = (params: Record<string, string>) =>
  queryOptions({
    queryKey: crmKeys.contracts(params),
    queryFn: ({ signal }) => getJson<ContractListResponse>(CONTRACT_SEARCH_PATH, params, signal),
    staleTime: 30_000,
    retry: retryUnlessRefused,
  });

/**
 * The list page for `params`; while another page, sort or filter loads, the previous rows stay on screen
 * (placeholderData) so the grid never blanks out. Disabled while `params` is null (no market yet).
 */
export function useContractSearch(params: Record<string, string> | null) {
  return useQuery({
    ...contractSearchQueryOptions(params ?? {}),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the same query: every row of the view (not only the page), as the server's attachment. */
export function contractCsvHref(params: Record<string, string>): string {
  const { page: _page, paginationToken: _token, pageSize: _size, ...rest } = params;
  return buildUrl(CONTRACT_SEARCH_PATH, { ...rest, format: 'csv' });
}
