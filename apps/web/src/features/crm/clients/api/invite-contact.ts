import { useMutation } from '@tanstack/react-query';
import { request } from '../../../../lib/api/request';
import { clientPath } from './client-profile';

export type InviteContactParams = { platformId: number; marketId: number; clientId: number };

/**
 * POST …/le/:clientId/contacts/:contactId/invite-to-app (decision 060): the contact gets an e-mail with the link to
 * the partner's onboarding page, where they link this client's grain account to their farm business.
 */
export function useInviteContact(params: InviteContactParams) {
  return useMutation({
    mutationFn: async (contactId: number) =>
      (
        await request<{ sentTo: string }>(
          `${clientPath(params.platformId, params.marketId, params.clientId)}/contacts/${contactId}/invite-to-app`,
          { method: 'POST' },
        )
      ).json,
  });
}
