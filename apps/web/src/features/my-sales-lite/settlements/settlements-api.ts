import { useQuery } from '@tanstack/react-query';
import { PROFIT_CENTER_API, type SettlementDetail, type SettlementListResponse } from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../lib/api/request';

/** Query keys of the farmer's settlements (under ['my-sales-lite']: the farmer's own data). */
const keys = {
  list: (page: number) => ['my-sales-lite', 'settlements', page] as const,
  detail: (id: number) => ['my-sales-lite', 'settlement', id] as const,
};

/** GET profit-center/settlements: the farmer's settlements once final (never a draft), newest first. */
export function useFarmerSettlements(page: number, pageSize = 25) {
  return useQuery({
    queryKey: keys.list(page),
    queryFn: ({ signal }) =>
      getJson<SettlementListResponse>(`${PROFIT_CENTER_API}/settlements`, { page, pageSize }, signal),
    retry: retryUnlessRefused,
  });
}

export function useFarmerSettlement(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: ({ signal }) => getJson<SettlementDetail>(`${PROFIT_CENTER_API}/settlements/${id}`, undefined, signal),
    enabled: id !== null,
    retry: retryUnlessRefused,
  });
}

export const farmerStatementHref = (id: number) => `${PROFIT_CENTER_API}/settlements/${id}/statement`;
