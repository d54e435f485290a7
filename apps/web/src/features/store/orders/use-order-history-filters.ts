import { useSearchParams } from 'react-router';
import type { OrderHistoryFilters } from './orders-api';

export type OrderHistoryFilterState = {
  params: URLSearchParams;
  filters: OrderHistoryFilters;
  setFilter: (key: keyof OrderHistoryFilters, value: string) => void;
  clear: () => void;
  /** Whether any filter is set. */
  filtered: boolean;
};

/** The order history's filters, kept in the address (?status=&year=&seller=&q=) so a filtered list can be linked. */
export function useOrderHistoryFilters(): OrderHistoryFilterState {
  const [params, setParams] = useSearchParams();
  const filters: OrderHistoryFilters = {
    ...(params.get('status') ? { status: params.get('status')! } : {}),
    ...(params.get('year') ? { year: params.get('year')! } : {}),
    ...(params.get('seller') ? { seller: params.get('seller')! } : {}),
    ...(params.get('q') ? { q: params.get('q')! } : {}),
  };
  const setFilter = (key: keyof OrderHistoryFilters, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  return { params, filters, setFilter, clear, filtered: Object.keys(filters).length > 0 };
}
