import type {
  CamelCased,
  PayoutChargeType,
  billingBankAccountsSchema,
  billingCardsSchema,
  billingCouponsSchema,
  billingPaymentHistorySchema,
  billingPaymentMethodSchema,
  billingRefundsSchema,
  payoutPageSchema,
  setupIntentSchema,
} from '@granary/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { buildUrl, request, retryUnlessRefused } from '../../lib/api/request';

// A farm business's billing calls (issue 17, platform.md 7.5, decision 056): snake_case on the wire, camelCase here.

export type PaymentMethod = CamelCased<z.infer<typeof billingPaymentMethodSchema>>;
export type Cards = CamelCased<z.infer<typeof billingCardsSchema>>;
export type BankAccounts = CamelCased<z.infer<typeof billingBankAccountsSchema>>;
export type PaymentHistory = CamelCased<z.infer<typeof billingPaymentHistorySchema>>;
export type Refunds = CamelCased<z.infer<typeof billingRefundsSchema>>;
export type Coupons = CamelCased<z.infer<typeof billingCouponsSchema>>;
export type PayoutPage = CamelCased<z.infer<typeof payoutPageSchema>>;
type SetupIntent = CamelCased<z.infer<typeof setupIntentSchema>>;

const billingKeys = {
  all: ['billing'] as const,
  cards: (e: string) => ['billing', e, 'cards'] as const,
  bankAccounts: (e: string) => ['billing', e, 'bank-accounts'] as const,
  history: (e: string, page: number) => ['billing', e, 'history', page] as const,
  refunds: (e: string, page: number) => ['billing', e, 'refunds', page] as const,
  coupons: (e: string, page: number) => ['billing', e, 'coupons', page] as const,
  payouts: (e: string, type: PayoutChargeType, page: number) => ['billing', e, 'payouts', type, page] as const,
};

const base = (enterpriseId: string) => `/api/effu/enterprise/${encodeURIComponent(enterpriseId)}`;

const get = async <T>(path: string, signal?: AbortSignal, query?: Record<string, string>): Promise<T> =>
  (await request<T>(path, { snakeCase: true, ...(signal ? { signal } : {}), ...(query ? { query } : {}) })).json;

const send = async <T>(method: 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> =>
  (await request<T>(path, { method, snakeCase: true, ...(body === undefined ? {} : { body }) })).json;

export const useCards = (e: string) =>
  useQuery({
    queryKey: billingKeys.cards(e),
    queryFn: ({ signal }) => get<Cards>(`${base(e)}/cards`, signal),
    retry: retryUnlessRefused,
  });

export const useBankAccounts = (e: string, enabled = true) =>
  useQuery({
    queryKey: billingKeys.bankAccounts(e),
    queryFn: ({ signal }) => get<BankAccounts>(`${base(e)}/bank_accounts`, signal),
    retry: retryUnlessRefused,
    enabled,
  });

export const usePaymentHistory = (e: string, page: number, enabled = true) =>
  useQuery({
    queryKey: billingKeys.history(e, page),
    queryFn: ({ signal }) => get<PaymentHistory>(`${base(e)}/payment_history`, signal, { page: String(page) }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    enabled,
  });

export const useRefunds = (e: string, page: number, enabled = true) =>
  useQuery({
    queryKey: billingKeys.refunds(e, page),
    queryFn: ({ signal }) => get<Refunds>(`${base(e)}/refunds`, signal, { page: String(page) }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    enabled,
  });

export const useCoupons = (e: string, page: number, enabled = true) =>
  useQuery({
    queryKey: billingKeys.coupons(e, page),
    queryFn: ({ signal }) => get<Coupons>(`${base(e)}/coupons`, signal, { page: String(page) }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    enabled,
  });

export const usePayouts = (e: string, type: PayoutChargeType, page: number, enabled = true) =>
  useQuery({
    queryKey: billingKeys.payouts(e, type, page),
    queryFn: ({ signal }) => get<PayoutPage>(`${base(e)}/payouts/${type}/pages/${page}`, signal),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    enabled,
  });

/** The CSV of every payout of the type (the browser downloads it with the session cookie). */
export const payoutsCsvUrl = (e: string, type: PayoutChargeType): string =>
  buildUrl(`${base(e)}/payouts/${type}/download`);

function useRefresh(e: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: billingKeys.cards(e) }),
      queryClient.invalidateQueries({ queryKey: billingKeys.bankAccounts(e) }),
    ]);
}

/** Saves a card: a setup intent, then its confirmation with the provider's token. */
export function useAddCard(e: string) {
  const refresh = useRefresh(e);
  return useMutation({
    mutationFn: async (token: string) => {
      const intent = await send<SetupIntent>('POST', `${base(e)}/setup_intent`);
      return send<PaymentMethod>('POST', `${base(e)}/setup_intent/confirm`, {
        setupIntentId: intent.setupIntentId,
        token,
      });
    },
    onSettled: refresh,
  });
}

export type BankAccountInput = {
  accountHolderName: string;
  routingNumber: string;
  accountNumber: string;
  accountType: 'checking' | 'savings';
  verificationMethod: 'micro_deposits' | 'instant';
};

export function useAddBankAccount(e: string) {
  const refresh = useRefresh(e);
  return useMutation({
    mutationFn: (input: BankAccountInput) => send<PaymentMethod>('POST', `${base(e)}/bank_accounts`, input),
    onSettled: refresh,
  });
}

export function useVerifyBankAccount(e: string) {
  const refresh = useRefresh(e);
  return useMutation({
    mutationFn: ({ id, amounts }: { id: number; amounts: [string, string] }) =>
      send<PaymentMethod>('POST', `${base(e)}/bank_accounts/${id}/verify`, { amounts }),
    onSettled: refresh,
  });
}

const segment = (m: PaymentMethod) => (m.kind === 'card' ? 'cards' : 'bank_accounts');

export function useMakeDefault(e: string) {
  const refresh = useRefresh(e);
  return useMutation({
    mutationFn: (m: PaymentMethod) => send<PaymentMethod>('PUT', `${base(e)}/${segment(m)}/${m.id}/default`),
    onSettled: refresh,
  });
}

export function useRemoveMethod(e: string) {
  const refresh = useRefresh(e);
  return useMutation({
    mutationFn: (m: PaymentMethod) => send<{ removed: true }>('DELETE', `${base(e)}/${segment(m)}/${m.id}`),
    onSettled: refresh,
  });
}
