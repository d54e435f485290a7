import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Advance,
  Lien,
  SettleableLine,
  SettlementDetail,
  SettlementListResponse,
  SettlementStatusName,
} from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../lib/api/request';
import { MERCHANDISING } from '../api/crm-paths';

/** Query keys of settlements, advances and liens (under ['crm'], dropped with the CRM's cache on sign-out). */
const settlementKeys = {
  all: ['crm', 'settlements'] as const,
  list: (params: SettlementListParams) => ['crm', 'settlements', 'list', params] as const,
  detail: (id: number) => ['crm', 'settlements', 'detail', id] as const,
  settleable: (clientId: number) => ['crm', 'settlements', 'settleable', clientId] as const,
  advances: (clientId: number) => ['crm', 'settlements', 'advances', clientId] as const,
  liens: (clientId: number) => ['crm', 'settlements', 'liens', clientId] as const,
};

export type SettlementListParams = {
  marketId: number | null;
  clientId: number | null;
  contractId?: number | null;
  status: SettlementStatusName | null;
  page: number;
  pageSize: number;
};

/** GET merchandising/settlements: a page of the user's settlements, filtered. */
export function useSettlementList(params: SettlementListParams) {
  return useQuery({
    queryKey: settlementKeys.list(params),
    queryFn: ({ signal }) =>
      getJson<SettlementListResponse>(
        `${MERCHANDISING}/settlements`,
        {
          market_id: params.marketId ?? undefined,
          client_id: params.clientId ?? undefined,
          contract_id: params.contractId ?? undefined,
          status: params.status ?? undefined,
          page: params.page,
          pageSize: params.pageSize,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

export function useSettlementDetail(id: number | null) {
  return useQuery({
    queryKey: settlementKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getJson<SettlementDetail>(`${MERCHANDISING}/settlements/${id}`, undefined, signal),
    enabled: id !== null,
    retry: retryUnlessRefused,
  });
}

/** The statement PDF's address (opened in a new tab: the browser's viewer downloads it). */
export const statementHref = (id: number) => `${MERCHANDISING}/settlements/${id}/statement`;

export function useSettleableLines(clientId: number | null) {
  return useQuery({
    queryKey: settlementKeys.settleable(clientId ?? 0),
    queryFn: ({ signal }) =>
      getJson<{ rows: SettleableLine[] }>(`${MERCHANDISING}/settlements/settleable`, { client_id: clientId! }, signal),
    enabled: clientId !== null,
    retry: retryUnlessRefused,
  });
}

export type SettlementRequest = {
  clientId: number;
  contractIds?: number[];
  ticketApplicationIds?: number[];
  settlementDate?: string;
};

/** POST merchandising/settlements with preview: the figures the settlement would have, nothing written. */
export async function previewSettlement(body: SettlementRequest, signal?: AbortSignal): Promise<SettlementDetail> {
  return (
    await request<SettlementDetail>(`${MERCHANDISING}/settlements`, {
      method: 'POST',
      body: { ...body, preview: true },
      ...(signal ? { signal } : {}),
    })
  ).json;
}

function useRefreshSettlements() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: settlementKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['crm', 'contracts'] });
    void queryClient.invalidateQueries({ queryKey: ['crm', 'contract'] });
  };
}

export function useCreateSettlement() {
  const refresh = useRefreshSettlements();
  return useMutation({
    mutationFn: async (body: SettlementRequest) =>
      (await request<SettlementDetail>(`${MERCHANDISING}/settlements`, { method: 'POST', body })).json,
    onSuccess: refresh,
  });
}

/** Finalize or void at the version shown (If-Match): a stale one answers 412. */
export function useSettlementStatus() {
  const queryClient = useQueryClient();
  const refresh = useRefreshSettlements();
  return useMutation({
    mutationFn: async (input: { id: number; version: number; action: 'finalize' | 'void'; reason?: string }) =>
      (
        await request<SettlementDetail>(`${MERCHANDISING}/settlements/${input.id}/${input.action}`, {
          method: 'POST',
          body: input.action === 'void' ? { reason: input.reason || undefined } : undefined,
          ifMatch: `"${input.version}"`,
        })
      ).json,
    onSuccess: (detail) => {
      if (detail.id !== null) queryClient.setQueryData(settlementKeys.detail(detail.id), detail);
      refresh();
    },
  });
}

export function useClientAdvances(clientId: number | null) {
  return useQuery({
    queryKey: settlementKeys.advances(clientId ?? 0),
    queryFn: ({ signal }) =>
      getJson<{ rows: Advance[] }>(`${MERCHANDISING}/advances`, { client_id: clientId! }, signal),
    enabled: clientId !== null,
    retry: retryUnlessRefused,
  });
}

export function useClientLiens(clientId: number | null) {
  return useQuery({
    queryKey: settlementKeys.liens(clientId ?? 0),
    queryFn: ({ signal }) => getJson<{ rows: Lien[] }>(`${MERCHANDISING}/clients/${clientId}/liens`, undefined, signal),
    enabled: clientId !== null,
    retry: retryUnlessRefused,
  });
}

export function useCreateAdvance() {
  const refresh = useRefreshSettlements();
  return useMutation({
    mutationFn: async (body: { contractId: number; amount: string; paidDate: string; note?: string }) =>
      (await request<Advance>(`${MERCHANDISING}/advances`, { method: 'POST', body })).json,
    onSuccess: refresh,
  });
}

export type LienInput = { lienholder: string; amount?: string | null; pct?: string | null; cropYear?: number | null };

export function useCreateLien(clientId: number) {
  const refresh = useRefreshSettlements();
  return useMutation({
    mutationFn: async (body: LienInput) =>
      (await request<Lien>(`${MERCHANDISING}/clients/${clientId}/liens`, { method: 'POST', body })).json,
    onSuccess: refresh,
  });
}

export function useRemoveLien() {
  const refresh = useRefreshSettlements();
  return useMutation({
    mutationFn: async (lien: Lien) =>
      (await request<Lien>(`${MERCHANDISING}/liens/${lien.id}`, { method: 'DELETE', ifMatch: `"${lien.version}"` }))
        .json,
    onSuccess: refresh,
  });
}
