import { PROFIT_CENTER_API } from '@granary/domain';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  BalancesResponse,
  FarmerContractDetail,
  FarmerContractList,
  FarmerFilters,
  FarmerTaskList,
  FarmerTicketList,
  SalesSummaryResponse,
} from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../lib/api/request';
import { mslKeys } from './msl-keys';

/** Rows per page of the farmer's lists (phone-sized pages, 'Show more' for the next). */
const MSL_PAGE_SIZE = 20;

/** GET summary: the farmer's figures per crop and crop year. */
const summaryQueryOptions = () =>
  queryOptions({
    queryKey: mslKeys.summary(),
    queryFn: ({ signal }) => getJson<SalesSummaryResponse>(`${PROFIT_CENTER_API}/summary`, undefined, signal),
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });

export const useSalesSummary = () => useQuery(summaryQueryOptions());

/** GET filters: the farmer's crops, crop years and statuses. */
export const useFarmerFilters = () =>
  useQuery({
    queryKey: mslKeys.filters(),
    queryFn: ({ signal }) => getJson<FarmerFilters>(`${PROFIT_CENTER_API}/filters`, undefined, signal),
    staleTime: 5 * 60_000,
    retry: retryUnlessRefused,
  });

type Page = { page: number; paginationToken: string | null };

/**
 * What a paged list's query shares (contracts, tickets, payment requests): MSL_PAGE_SIZE rows a page, the next page by
 * the keyset token the last one gave ('Show more').
 */
export const mslPages = {
  initialPageParam: { page: 1, paginationToken: null } as Page,
  getNextPageParam: (last: Page): Page | undefined =>
    last.paginationToken ? { page: last.page + 1, paginationToken: last.paginationToken } : undefined,
  staleTime: 60_000,
  retry: retryUnlessRefused,
};

/** A paged list's query params: the filters, the page size and, after the first page, the page and its token. */
export const mslPageParams = (filters: Record<string, string>, page: Page) => ({
  ...filters,
  pageSize: MSL_PAGE_SIZE,
  ...(page.page > 1 ? { page: page.page, paginationToken: page.paginationToken } : {}),
});

/** GET contracts, page after page (keyset tokens), with the list's filters. */
const contractsQueryOptions = (filters: Record<string, string>) =>
  infiniteQueryOptions({
    queryKey: mslKeys.contracts(filters),
    queryFn: ({ pageParam, signal }) =>
      getJson<FarmerContractList>(`${PROFIT_CENTER_API}/contracts`, mslPageParams(filters, pageParam), signal),
    ...mslPages,
  });

export const useFarmerContracts = (filters: Record<string, string>) => useInfiniteQuery(contractsQueryOptions(filters));

/** GET contracts/:id: one contract with its pricing, deliveries, changes and documents. */
export const useFarmerContract = (id: number | null) =>
  useQuery({
    queryKey: mslKeys.contract(id ?? 0),
    queryFn: ({ signal }) => getJson<FarmerContractDetail>(`${PROFIT_CENTER_API}/contracts/${id}`, undefined, signal),
    enabled: id !== null,
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });

/** GET balances: per crop and crop year. */
export const useBalances = () =>
  useQuery({
    queryKey: mslKeys.balances(),
    queryFn: ({ signal }) => getJson<BalancesResponse>(`${PROFIT_CENTER_API}/balances`, undefined, signal),
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });

/** GET scale-tickets, page after page. */
export const useFarmerTickets = (filters: Record<string, string>) =>
  useInfiniteQuery({
    queryKey: mslKeys.tickets(filters),
    queryFn: ({ pageParam, signal }) =>
      getJson<FarmerTicketList>(`${PROFIT_CENTER_API}/scale-tickets`, mslPageParams(filters, pageParam), signal),
    ...mslPages,
  });

/** GET task-list: contracts to sign, to price and deliveries due. */
export const useFarmerTaskList = () =>
  useQuery({
    queryKey: mslKeys.taskList(),
    queryFn: ({ signal }) => getJson<FarmerTaskList>(`${PROFIT_CENTER_API}/task-list`, undefined, signal),
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
