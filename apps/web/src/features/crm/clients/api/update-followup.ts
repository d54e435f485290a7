import { useMutation } from '@tanstack/react-query';
import type { FollowupRow, FollowupUpdate } from '@granary/domain';
import { request } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';
import { useRefreshClient } from './refresh';

/** PATCH merchandising/followups/:followupId; {done: true} completes it (it leaves the open lists). */
async function updateFollowup(followupId: number, patch: FollowupUpdate): Promise<FollowupRow> {
  const { json } = await request<FollowupRow>(`${MERCHANDISING}/followups/${followupId}`, {
    method: 'PATCH',
    body: patch,
  });
  return json;
}

export function useUpdateFollowup(marketId: number, clientId: number) {
  const refresh = useRefreshClient(marketId, clientId);
  return useMutation({
    mutationFn: (input: { followupId: number; patch: FollowupUpdate }) => updateFollowup(input.followupId, input.patch),
    onSettled: () => Promise.all([refresh.followups(), refresh.profile()]),
  });
}
