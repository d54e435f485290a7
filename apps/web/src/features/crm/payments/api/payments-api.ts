import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentRequestDetail, PaymentRequestList, PaymentRequestRow, PaymentStatusTab } from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';

/** Query keys of /crm/payments, under the CRM's ['crm'] so that sign-out drops them with the rest. */
const paymentsKeys = {
  all: ['crm', 'payments'] as const,
  list: (marketId: number | null, tab: PaymentStatusTab, page: number, token: string | null) =>
    ['crm', 'payments', 'list', marketId, tab, page, token] as const,
  detail: (id: number) => ['crm', 'payments', 'detail', id] as const,
};

export type PaymentsPaging = { page: number; token: string | null };

/** GET merchandising/payment-requests: a status tab's requests (of a market, or every market the user decides at). */
export function usePaymentRequests(marketId: number | null, tab: PaymentStatusTab, paging: PaymentsPaging) {
  return useQuery(
    queryOptions({
      queryKey: paymentsKeys.list(marketId, tab, paging.page, paging.token),
      queryFn: ({ signal }) =>
        getJson<PaymentRequestList>(
          `${MERCHANDISING}/payment-requests`,
          {
            market_id: marketId ?? undefined,
            tab,
            page: paging.page > 1 ? paging.page : undefined,
            paginationToken: paging.page > 1 ? (paging.token ?? undefined) : undefined,
          },
          signal,
        ),
      retry: retryUnlessRefused,
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET merchandising/payment-requests/:id: the request with its events. */
export function usePaymentRequest(id: number | null) {
  return useQuery({
    queryKey: paymentsKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      getJson<PaymentRequestDetail>(`${MERCHANDISING}/payment-requests/${id}`, undefined, signal),
    enabled: id !== null,
    retry: retryUnlessRefused,
  });
}

export type PaymentCommand =
  | { op: 'approve'; checkNumber?: string }
  | { op: 'reject'; reason: string }
  | { op: 'settle' }
  | { op: 'return'; reason: string };

/** A decision on a request, at the version shown (If-Match); every payments query is read again afterwards. */
export function usePaymentCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ row, command }: { row: PaymentRequestRow; command: PaymentCommand }) => {
      const { op, ...body } = command;
      return (
        await request<PaymentRequestDetail>(`${MERCHANDISING}/payment-requests/${row.id}/${op}`, {
          method: 'POST',
          body,
          ifMatch: `"${row.version}"`,
        })
      ).json;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.all }),
  });
}
