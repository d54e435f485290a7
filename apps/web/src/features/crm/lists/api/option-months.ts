import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, retryUnlessRefused } from '../../../../lib/api/request';
import { crmKeys } from '../../api/crm-keys';
import { CTRM } from '../../api/crm-paths';

/** The answer of option-months (domain optionMonthsResponseSchema). */
export type OptionMonthsResponse = { marketId: number; optionMonths: string[] };

/** GET ctrm/option-months: the futures months the market's contracts use (the option month filter's choices). */
const optionMonthsQueryOptions = (params: Record<string, string>) =>
  queryOptions({
    queryKey: crmKeys.optionMonths(params),
    queryFn: ({ signal }) => getJson<OptionMonthsResponse>(`${CTRM}/option-months`, params, signal),
    staleTime: 5 * 60_000,
    retry: retryUnlessRefused,
  });

export function useOptionMonths(params: Record<string, string> | null) {
  return useQuery({ ...optionMonthsQueryOptions(params ?? {}), enabled: params !== null });
}
