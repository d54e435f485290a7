import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { FollowupListResponse, FollowupRow, FollowupUpdate } from '@granary/domain';
import { request } from '../../../../lib/api/request';
import { crmKeys } from '../../api/crm-keys';
import { MERCHANDISING } from '../../api/crm-paths';

/** The follow-up lists of the cache, without one row and with the counts it was in lowered by one. */
function withoutFollowup(
  data: InfiniteData<FollowupListResponse> | undefined,
  row: FollowupRow,
): InfiniteData<FollowupListResponse> | undefined {
  if (!data) return data;
  const lower = (n: number) => Math.max(0, n - 1);
  return {
    ...data,
    pages: data.pages.map((page) => {
      const counts = { ...page.counts };
      if (row.state === 'upcoming') counts.upcoming = lower(counts.upcoming);
      else {
        counts.past = lower(counts.past);
        if (row.ageBucket) counts[row.ageBucket] = lower(counts[row.ageBucket]);
      }
      const rows = page.rows.filter((candidate) => candidate.id !== row.id);
      return {
        ...page,
        counts,
        rows,
        totalCount: rows.length < page.rows.length ? lower(page.totalCount) : page.totalCount,
      };
    }),
  };
}

/**
 * PATCH merchandising/followups/:followupId {done: true}: the follow-up leaves the lists. It leaves them on screen
 * at once (the lists and counts are patched before the call) and comes back if the call fails; every follow-up
 * list and client profile (its next follow-up) is read again afterwards.
 */
export function useMarkFollowupDone() {
  const queryClient = useQueryClient();
  const followupsKey = [...crmKeys.all, 'followups'] as const;
  return useMutation({
    mutationFn: async (row: FollowupRow) => {
      const body: FollowupUpdate = { done: true };
      const { json } = await request<FollowupRow>(`${MERCHANDISING}/followups/${row.id}`, { method: 'PATCH', body });
      return json;
    },
    onMutate: async (row) => {
      await queryClient.cancelQueries({ queryKey: followupsKey });
      const previous = queryClient.getQueriesData<InfiniteData<FollowupListResponse>>({ queryKey: followupsKey });
      queryClient.setQueriesData<InfiniteData<FollowupListResponse>>({ queryKey: followupsKey }, (data) =>
        withoutFollowup(data, row),
      );
      return { previous };
    },
    onError: (_error, _row, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: followupsKey }),
        queryClient.invalidateQueries({ queryKey: [...crmKeys.all, 'client-profile'] }),
      ]),
  });
}
