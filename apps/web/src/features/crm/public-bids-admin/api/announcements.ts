import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Announcement, AnnouncementListResponse, AnnouncementUpdate } from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';
import { publicAdminKeys } from './public-admin-keys';

/** GET merchandising/announcement?market_id=: the market's announcements, newest start first, with their status. */
const announcementsQueryOptions = (marketId: number) =>
  queryOptions({
    queryKey: publicAdminKeys.announcements(marketId),
    queryFn: ({ signal }) =>
      getJson<AnnouncementListResponse>(`${MERCHANDISING}/announcement`, { market_id: marketId }, signal),
    retry: retryUnlessRefused,
  });

export function useAnnouncements(marketId: number) {
  return useQuery(announcementsQueryOptions(marketId));
}

export type AnnouncementWrite =
  | { kind: 'create'; fields: AnnouncementUpdate }
  | { kind: 'update'; id: number; version: number; fields: AnnouncementUpdate }
  | { kind: 'delete'; id: number; version: number };

/**
 * POST announcement, PUT announcement/:id and DELETE announcement/:id (the last two with If-Match). The list is read
 * again afterwards, whatever the outcome (a 412 shows the current version).
 */
export function useWriteAnnouncement(marketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (write: AnnouncementWrite): Promise<Announcement | null> => {
      if (write.kind === 'create') {
        return (
          await request<Announcement>(`${MERCHANDISING}/announcement`, {
            method: 'POST',
            body: { marketId, ...write.fields },
          })
        ).json;
      }
      if (write.kind === 'update') {
        return (
          await request<Announcement>(`${MERCHANDISING}/announcement/${write.id}`, {
            method: 'PUT',
            body: write.fields,
            ifMatch: `"${write.version}"`,
          })
        ).json;
      }
      await request<null>(`${MERCHANDISING}/announcement/${write.id}`, {
        method: 'DELETE',
        ifMatch: `"${write.version}"`,
      });
      return null;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: publicAdminKeys.announcements(marketId) }),
  });
}
