import {
  PROFIT_CENTER_API,
  type EligibleContracts,
  type EligibleSummaries,
  type PaymentEvents,
  type PaymentMethod,
  type PaymentRequestList,
  type PaymentRequestRow,
} from '@granary/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, request, retryUnlessRefused } from '../../../lib/api/request';
import { mslPageParams, mslPages } from '../api/sales';

/** The farmer's payment queries, under My Sales Lite's ['my-sales-lite'] (the farmer's own data). */
const paymentKeys = {
  all: ['my-sales-lite', 'payments'] as const,
  eligible: () => ['my-sales-lite', 'payments', 'eligible'] as const,
  summaries: () => ['my-sales-lite', 'payments', 'summaries'] as const,
  requests: () => ['my-sales-lite', 'payments', 'requests'] as const,
  history: () => ['my-sales-lite', 'payments', 'history'] as const,
  events: (id: number) => ['my-sales-lite', 'payments', 'events', id] as const,
};

/** GET payment-eligible-contracts: final settlements not yet requested (credit sales waiting for their date too). */
export const useEligibleSettlements = () =>
  useQuery({
    queryKey: paymentKeys.eligible(),
    queryFn: ({ signal }) =>
      getJson<EligibleContracts>(`${PROFIT_CENTER_API}/payment-eligible-contracts`, undefined, signal),
    retry: retryUnlessRefused,
  });

/** GET payment-eligible-summaries: per crop and year, ready now and waiting. */
export const useEligibleSummaries = () =>
  useQuery({
    queryKey: paymentKeys.summaries(),
    queryFn: ({ signal }) =>
      getJson<EligibleSummaries>(`${PROFIT_CENTER_API}/payment-eligible-summaries`, undefined, signal),
    retry: retryUnlessRefused,
  });

/** GET payment-requests: the farmer's requests, newest first, page after page (keyset tokens, 'Show more'). */
export const usePaymentRequests = () =>
  useInfiniteQuery({
    queryKey: paymentKeys.requests(),
    queryFn: ({ pageParam, signal }) =>
      getJson<PaymentRequestList>(`${PROFIT_CENTER_API}/payment-requests`, mslPageParams({}, pageParam), signal),
    ...mslPages,
    // A request's status moves on the buyer's side: read again on each visit, as before the paging.
    staleTime: 0,
  });

/**
 * Payment history: the farmer's requests whose payment went out — on its way, paid or returned
 * (payment-requests?sent=true) — newest first.
 */
export const usePaymentHistory = () =>
  useInfiniteQuery({
    queryKey: paymentKeys.history(),
    queryFn: ({ pageParam, signal }) =>
      getJson<PaymentRequestList>(
        `${PROFIT_CENTER_API}/payment-requests`,
        mslPageParams({ sent: 'true' }, pageParam),
        signal,
      ),
    ...mslPages,
    staleTime: 0,
  });

/** GET payment-requests/:id/events, when the farmer opens a request's history. */
export const usePaymentEvents = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: paymentKeys.events(id),
    queryFn: ({ signal }) =>
      getJson<PaymentEvents>(`${PROFIT_CENTER_API}/payment-requests/${id}/events`, undefined, signal),
    enabled,
    retry: retryUnlessRefused,
  });

/** POST payment-requests: ask to be paid for the chosen settlements; every payment query is read again. */
export function useRequestPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { settlementIds: number[]; method: PaymentMethod; note?: string }) =>
      (
        await request<{ paymentRequests: PaymentRequestRow[] }>(`${PROFIT_CENTER_API}/payment-requests`, {
          method: 'POST',
          body,
        })
      ).json,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}
