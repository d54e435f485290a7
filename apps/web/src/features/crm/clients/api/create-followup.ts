import { useMutation } from '@tanstack/react-query';
import type { FollowupCreate, FollowupRow } from '@granary/domain';
import { request } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';
import { useRefreshClient } from './refresh';

/** POST merchandising/followups (optionally from a note: noteId). */
async function createFollowup(input: FollowupCreate): Promise<FollowupRow> {
  const { json } = await request<FollowupRow>(`${MERCHANDISING}/followups`, { method: 'POST', body: input });
  return json;
}

/** Adds a follow-up; the follow-up lists (the dashboard's too) and the profile's next follow-up are read again. */
export function useCreateFollowup(marketId: number, clientId: number) {
  const refresh = useRefreshClient(marketId, clientId);
  return useMutation({
    mutationFn: createFollowup,
    onSettled: () => Promise.all([refresh.followups(), refresh.profile()]),
  });
}
