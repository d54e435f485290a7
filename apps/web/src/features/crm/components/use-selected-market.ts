import { chooseMarketId, type CrmMarketRow } from '@granary/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The market in force on a CRM page (grain-marketing.md 2 'CRM list query parameters'): kept in `market_id`; when
 * it is missing or not among the markets the page may use, the first of them. `usable` narrows the user's markets
 * to those where the page's permission or entitlement holds (e.g. the contracts tab).
 *
 * `selectMarket` writes `market_id` and drops the paging of the previous market (page, paginationToken,
 * highlight_id); it pushes a history entry so Back returns to the previous market.
 */
export function useSelectedMarket(
  markets: readonly CrmMarketRow[] | undefined,
  usable: (market: CrmMarketRow) => boolean = () => true,
) {
  const [params, setParams] = useSearchParams();
  const usableMarkets = useMemo(() => (markets ?? []).filter(usable), [markets, usable]);
  const marketId = chooseMarketId(
    params.get('market_id'),
    usableMarkets.map((market) => market.id),
  );
  const market = usableMarkets.find((candidate) => candidate.id === marketId) ?? null;
  const selectMarket = useCallback(
    (id: number) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('market_id', String(id));
        next.delete('page');
        next.delete('paginationToken');
        next.delete('highlight_id');
        return next;
      });
    },
    [setParams],
  );
  return { market, marketId, markets: usableMarkets, selectMarket };
}
