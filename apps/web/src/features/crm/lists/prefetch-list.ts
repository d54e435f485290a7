import type { QueryClient } from '@tanstack/react-query';
import type { CrmContextData } from '../components/crm-page-frame';
import { contractSearchQueryOptions } from './api/contract-search';
import { listApiParams } from './use-list-model';

/**
 * Asks for the first page of /crm/contracts or /crm/deliveries as soon as the CRM context is known, with the query
 * key the page will use: the rows are on their way while the page's code runs and renders (issue 4: the page is
 * usable within 1.5 s).
 */
export async function prefetchContractList(
  queryClient: QueryClient,
  context: Pick<CrmContextData, 'bootstrap' | 'markets'>,
  search: URLSearchParams,
  deliveriesRoute: boolean,
): Promise<void> {
  const params = listApiParams(search, deliveriesRoute, context);
  if (params) await queryClient.prefetchQuery(contractSearchQueryOptions(params));
}
