import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaskListResponse } from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../../lib/api/request';
import { crmKeys } from '../../api/crm-keys';
import { MERCHANDISING } from '../../api/crm-paths';

/** GET merchandising/le/:platformId/task-list: the market's contracts needing a signature, pricing or delivery. */
const taskListQueryOptions = (platformId: number, marketId: number) =>
  queryOptions({
    queryKey: crmKeys.taskList(platformId, marketId),
    queryFn: ({ signal }) =>
      getJson<TaskListResponse>(`${MERCHANDISING}/le/${platformId}/task-list`, { market_id: marketId }, signal),
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });

export function useTaskList(platformId: number, marketId: number) {
  return useQuery(taskListQueryOptions(platformId, marketId));
}
