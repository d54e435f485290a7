import type { AcceptInvitation, InvitationInfo } from '@granary/domain';
import { request, settle, type ApiResult } from '../../../lib/api/request';

/** GET /api/auth/invitations/:token: who invites, to which partner; 410 invitation_invalid when dead. */
export function fetchInvitation(token: string): Promise<ApiResult<InvitationInfo>> {
  return settle(
    request<InvitationInfo>(`/api/auth/invitations/${encodeURIComponent(token)}`, { handleSessionExpiry: false }),
  );
}

/** POST /api/auth/invitations/:token/accept: the account is made (or joined) and signed in. */
export function acceptInvitation(token: string, body: AcceptInvitation): Promise<ApiResult<{ redirect: string }>> {
  return settle(
    request<{ redirect: string }>(`/api/auth/invitations/${encodeURIComponent(token)}/accept`, {
      method: 'POST',
      body,
      handleSessionExpiry: false,
    }),
  );
}
