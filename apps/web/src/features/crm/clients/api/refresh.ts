import { useQueryClient } from '@tanstack/react-query';
import { crmKeys } from '../../api/crm-keys';

/** The queries a write about a client makes stale: its profiles at the market, its notes, and (follow-ups) every follow-up list. */
export function useRefreshClient(marketId: number, clientId: number) {
  const queryClient = useQueryClient();
  return {
    profile: () => queryClient.invalidateQueries({ queryKey: [...crmKeys.all, 'client-profile', marketId, clientId] }),
    notes: () => queryClient.invalidateQueries({ queryKey: crmKeys.clientNotes(marketId, clientId) }),
    followups: () => queryClient.invalidateQueries({ queryKey: [...crmKeys.all, 'followups'] }),
  };
}
