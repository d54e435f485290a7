import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplyProposal,
  ApplyTicketsRequest,
  DiscountSchedule,
  DiscountScheduleTerms,
  ScaleTicketCreate,
  ScaleTicketRow,
  TicketFigures,
} from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../lib/api/request';
import { CTRM } from '../api/crm-paths';

/** Query keys of deliveries (under ['crm'], dropped on sign-out with the rest of the CRM). */
const deliveriesKeys = {
  preview: (body: object) => ['crm', 'deliveries', 'preview', body] as const,
  proposal: (ticketIds: readonly number[]) => ['crm', 'deliveries', 'proposal', ticketIds.join(',')] as const,
  spot: (ticketId: number) => ['crm', 'deliveries', 'spot', ticketId] as const,
  schedule: (marketId: number, cropId: number) => ['crm', 'discount-schedule', marketId, cropId] as const,
};

/** After a write: the lists, the contract drawers and the proposals read again. */
function useRefreshBook() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['crm', 'contracts'] });
    void queryClient.invalidateQueries({ queryKey: ['crm', 'contract'] });
    void queryClient.invalidateQueries({ queryKey: ['crm', 'deliveries'] });
    void queryClient.invalidateQueries({ queryKey: ['crm', 'task-list'] });
  };
}

export type PreviewInput = Omit<ScaleTicketCreate, 'clientId' | 'cropYear' | 'deliveryDate' | 'source' | 'splits'>;

/** POST scale-tickets/preview: the load's net bushels, shrink, drying and discounts as typed (null: not complete). */
export function useTicketPreview(input: PreviewInput | null) {
  return useQuery<TicketFigures>({
    queryKey: deliveriesKeys.preview(input ?? {}),
    queryFn: ({ signal }) =>
      request<TicketFigures>(`${CTRM}/scale-tickets/preview`, { method: 'POST', body: input, signal }).then(
        (r) => r.json,
      ),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}

export function useCreateTicket() {
  const refresh = useRefreshBook();
  return useMutation({
    mutationFn: (body: ScaleTicketCreate) =>
      request<{ tickets: ScaleTicketRow[] }>(`${CTRM}/scale-tickets`, { method: 'POST', body }).then((r) => r.json),
    onSuccess: refresh,
  });
}

/** GET scale-tickets/apply-proposal: each ticket's FIFO proposal over its client's open contracts. */
export function useApplyProposal(ticketIds: readonly number[] | null) {
  return useQuery<ApplyProposal, Error>({
    queryKey: deliveriesKeys.proposal(ticketIds ?? []),
    queryFn: ({ signal }) =>
      getJson<ApplyProposal>(
        `${CTRM}/scale-tickets/apply-proposal`,
        { ticketIds: (ticketIds ?? []).join(',') },
        signal,
      ),
    enabled: ticketIds !== null && ticketIds.length > 0,
    retry: retryUnlessRefused,
  });
}

export type ApplyOutcome = {
  applications: { id: number; displayScaleTicketId: string; displayContractId: string; quantity: string }[];
  unplaced: { ticketId: number; quantity: string }[];
};

export function useApplyTickets() {
  const refresh = useRefreshBook();
  return useMutation({
    mutationFn: (body: ApplyTicketsRequest) =>
      request<ApplyOutcome>(`${CTRM}/scale-tickets/apply`, { method: 'POST', body }).then((r) => r.json),
    onSettled: refresh,
  });
}

export function useUnapply() {
  const refresh = useRefreshBook();
  return useMutation({
    mutationFn: (applicationIds: number[]) =>
      request<ApplyOutcome>(`${CTRM}/scale-tickets/unapply`, { method: 'POST', body: { applicationIds } }).then(
        (r) => r.json,
      ),
    onSettled: refresh,
  });
}

export type SpotQuote = {
  ticket: ScaleTicketRow;
  quantity: string;
  bid: {
    id: number;
    optionMonth: string | null;
    futuresPrice: string | null;
    basis: string | null;
    cashPrice: string;
    deliveryStart: string;
    deliveryEnd: string;
  } | null;
};

export function useSpotQuote(ticketId: number | null) {
  return useQuery<SpotQuote, Error>({
    queryKey: deliveriesKeys.spot(ticketId ?? 0),
    queryFn: ({ signal }) => getJson<SpotQuote>(`${CTRM}/scale-tickets/${ticketId}/spot-sale`, undefined, signal),
    enabled: ticketId !== null,
    retry: retryUnlessRefused,
    staleTime: 0,
  });
}

export function useSpotSale(ticketId: number) {
  const refresh = useRefreshBook();
  return useMutation({
    mutationFn: (cashPrice: string) =>
      request<{ contractId: number; displayContractId: string; quantity: string; cashPrice: string }>(
        `${CTRM}/scale-tickets/${ticketId}/spot-sale`,
        { method: 'POST', body: { cashPrice } },
      ).then((r) => r.json),
    onSettled: refresh,
  });
}

export function useDiscountSchedule(marketId: number | null, cropId: number) {
  return useQuery({
    queryKey: deliveriesKeys.schedule(marketId ?? 0, cropId),
    queryFn: ({ signal }) =>
      getJson<DiscountSchedule>(`${CTRM}/discount-schedules/${marketId}/${cropId}`, undefined, signal),
    enabled: marketId !== null,
    retry: retryUnlessRefused,
  });
}

export function useSaveDiscountSchedule(marketId: number, cropId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ terms, version }: { terms: DiscountScheduleTerms; version: number }) =>
      request<DiscountSchedule>(`${CTRM}/discount-schedules/${marketId}/${cropId}`, {
        method: 'PUT',
        body: terms,
        ifMatch: `"${version}"`,
      }).then((r) => r.json),
    onSuccess: (saved) => queryClient.setQueryData(deliveriesKeys.schedule(marketId, cropId), saved),
  });
}
