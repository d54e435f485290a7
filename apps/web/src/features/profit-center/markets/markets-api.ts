import { useQuery } from '@tanstack/react-query';
import {
  PROFIT_CENTER_API,
  type BasisAnalysis,
  type BasisAnalysisRange,
  type FuturesHistorical,
  type MarketSummary,
  type QuotesSymbolsList,
} from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../lib/api/request';

// The profit center's market tabs (issue 17, decision 057 addendum): the market summary board, the futures symbols
// and their history (the futures module's calls under the profit-center prefix), and the crop spot basis analysis.

export const marketsKeys = {
  summary: () => ['profit-center', 'market-summary'] as const,
  symbols: () => ['profit-center', 'quotes-symbols-list'] as const,
  history: (symbol: string, from: string, to: string) =>
    ['profit-center', 'futures-historical', symbol, from, to] as const,
  basis: (marketId: number, cropId: number, range: BasisAnalysisRange) =>
    ['profit-center', 'basis-analysis', marketId, cropId, range] as const,
};

/** GET market-summary: the futures board of the farmer's crops (403 without profit center access). */
export function useMarketSummary() {
  return useQuery({
    queryKey: marketsKeys.summary(),
    queryFn: ({ signal }) => getJson<MarketSummary>(`${PROFIT_CENTER_API}/market-summary`, undefined, signal),
    retry: retryUnlessRefused,
  });
}

/** GET quotes-symbols-list: the futures months with quotes, for the futures prices' picker. */
export function useQuotesSymbols() {
  return useQuery({
    queryKey: marketsKeys.symbols(),
    queryFn: ({ signal }) => getJson<QuotesSymbolsList>(`${PROFIT_CENTER_API}/quotes-symbols-list`, undefined, signal),
    retry: retryUnlessRefused,
    staleTime: 5 * 60_000,
  });
}

/** GET futures-historical/:symbol/:fromDate/:toDate: a month's ticks and settlements, oldest first. */
export function useFuturesHistory(symbol: string | null, from: string, to: string) {
  return useQuery({
    queryKey: marketsKeys.history(symbol ?? '', from, to),
    queryFn: ({ signal }) =>
      getJson<FuturesHistorical>(
        `${PROFIT_CENTER_API}/futures-historical/${encodeURIComponent(symbol ?? '')}/${from}/${to}`,
        undefined,
        signal,
      ),
    retry: retryUnlessRefused,
    enabled: symbol !== null,
  });
}

/** GET basis-analysis/:locationId/:cropId?range=: a location's spot basis against its seasonal average. */
export function useBasisAnalysis(marketId: number | null, cropId: number | null, range: BasisAnalysisRange) {
  return useQuery({
    queryKey: marketsKeys.basis(marketId ?? 0, cropId ?? 0, range),
    queryFn: ({ signal }) =>
      getJson<BasisAnalysis>(`${PROFIT_CENTER_API}/basis-analysis/${marketId}/${cropId}`, { range }, signal),
    retry: retryUnlessRefused,
    enabled: marketId !== null && cropId !== null,
  });
}
