import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaskListResponse } from '@granary/domain';
import { crmKeys } from '../../api/crm-keys';
import { crmGet, crmRetry, MERCHANDISING } from '../../api/crm-request';

/** GET merchandising/le/:platformId/task-list: the market's contracts needing a signature, pricing or delivery. */
export const taskListQueryOptions = (platformId: number, marketId: number) =>
  queryOptions({
    queryKey: crmKeys.taskList(platformId, marketId),
    queryFn: ({ signal }) =>
      crmGet<TaskListResponse>(`${MERCHANDISING}/le/${platformId}/task-list`, { market_id: marketId }, signal),
    staleTime: 60_000,
    retry: crmRetry,
  });

export function useTaskList(platformId: number, marketId: number) {
  return useQuery(taskListQueryOptions(platformId, marketId));
}
