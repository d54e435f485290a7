import type {
  CamelCased,
  EnterpriseAccessFlag,
  EnterpriseRole,
  invitationAcceptedSchema,
  invitationDetailsSchema,
  memberPermissionsSchema,
  teamInvitationSchema,
  teamRolesSchema,
  teamViewSchema,
} from '@granary/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request, retryUnlessRefused } from '../../lib/api/request';

// A farm business's team calls (issue 16, decision 052): snake_case on the wire, camelCase here.

const EFFU = '/api/effu';

export type TeamView = CamelCased<z.infer<typeof teamViewSchema>>;
export type TeamMember = TeamView['members'][number];
export type TeamInvitation = CamelCased<z.infer<typeof teamInvitationSchema>>;
export type TeamRoles = CamelCased<z.infer<typeof teamRolesSchema>>;
export type MemberPermissions = CamelCased<z.infer<typeof memberPermissionsSchema>>;
export type InvitationDetails = CamelCased<z.infer<typeof invitationDetailsSchema>>;
export type InvitationAccepted = CamelCased<z.infer<typeof invitationAcceptedSchema>>;

export const teamKeys = {
  all: ['team'] as const,
  team: (enterpriseId: string) => ['team', 'team', enterpriseId] as const,
  roles: (enterpriseId: string) => ['team', 'roles', enterpriseId] as const,
  permissions: (enterpriseId: string, userId: string | null) => ['team', 'permissions', enterpriseId, userId] as const,
  invitation: (token: string) => ['team', 'invitation', token] as const,
};

const get = async <T>(path: string, signal?: AbortSignal, query?: Record<string, string>): Promise<T> =>
  (await request<T>(path, { snakeCase: true, ...(signal ? { signal } : {}), ...(query ? { query } : {}) })).json;

const send = async <T>(method: 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> =>
  (await request<T>(path, { method, snakeCase: true, ...(body === undefined ? {} : { body }) })).json;

const enterprisePath = (enterpriseId: string) => `${EFFU}/enterprise/${encodeURIComponent(enterpriseId)}`;

export const useTeam = (enterpriseId: string) =>
  useQuery({
    queryKey: teamKeys.team(enterpriseId),
    queryFn: ({ signal }) => get<TeamView>(`${enterprisePath(enterpriseId)}/team`, signal),
    retry: retryUnlessRefused,
  });

export const useTeamRoles = (enterpriseId: string, enabled: boolean) =>
  useQuery({
    queryKey: teamKeys.roles(enterpriseId),
    queryFn: ({ signal }) => get<TeamRoles>(`${enterprisePath(enterpriseId)}/roles`, signal),
    retry: retryUnlessRefused,
    enabled,
    staleTime: 60_000,
  });

/** The signed-in user's access (userId null) or a member's, on one enterprise (/permissions, /permissions/:userId). */
export const useMemberPermissions = (enterpriseId: string, userId: string | null) =>
  useQuery({
    queryKey: teamKeys.permissions(enterpriseId, userId),
    queryFn: ({ signal }) =>
      get<MemberPermissions>(
        userId === null
          ? `/api/auth/enterprises/${encodeURIComponent(enterpriseId)}/permissions`
          : `/api/auth/enterprises/${encodeURIComponent(enterpriseId)}/users/${encodeURIComponent(userId)}/permissions`,
        signal,
      ),
    retry: retryUnlessRefused,
    enabled: enterpriseId !== '',
  });

function useRefreshTeam() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
}

export type InviteInput = {
  email?: string;
  phoneNumber?: string;
  role: EnterpriseRole;
  permissions: EnterpriseAccessFlag[];
};

export function useInvite(enterpriseId: string) {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (input: InviteInput) =>
      send<TeamInvitation>('POST', `${enterprisePath(enterpriseId)}/team/invite`, input),
    onSuccess: refresh,
  });
}

export function useResendInvitation(enterpriseId: string) {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (invitationId: string) =>
      send<TeamInvitation>('POST', `${enterprisePath(enterpriseId)}/team/invite/resend`, { invitationId }),
    onSuccess: refresh,
  });
}

export function useCancelInvitation(enterpriseId: string) {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (invitationId: string) =>
      send<null>('DELETE', `${enterprisePath(enterpriseId)}/team/invite/${encodeURIComponent(invitationId)}`),
    onSuccess: refresh,
  });
}

/** A member's role and/or flags (PUT member/:userPublicId). */
export function useUpdateMember(enterpriseId: string) {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: ({
      userId,
      ...change
    }: {
      userId: string;
      role?: EnterpriseRole;
      permissions?: EnterpriseAccessFlag[];
    }) =>
      send<MemberPermissions>('PUT', `${enterprisePath(enterpriseId)}/member/${encodeURIComponent(userId)}`, change),
    onSuccess: refresh,
  });
}

/** remove-user: the enterprise's public id and the member's. */
export function useRemoveMember(enterprisePublicId: string) {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (userId: string) =>
      send<null>('POST', `${EFFU}/remove-user`, { enterpriseId: enterprisePublicId, userId }),
    onSuccess: refresh,
  });
}

export const useInvitation = (token: string) =>
  useQuery({
    queryKey: teamKeys.invitation(token),
    queryFn: ({ signal }) => get<InvitationDetails>(`${EFFU}/invitation`, signal, { token }),
    retry: retryUnlessRefused,
    enabled: token !== '',
  });

export type AcceptInput = { token: string; firstName: string; lastName: string; email?: string; password: string };

export const acceptInvitation = (input: AcceptInput) => send<InvitationAccepted>('POST', `${EFFU}/invitation`, input);
export const associateInvitation = (token: string) =>
  send<InvitationAccepted>('POST', `${EFFU}/invitation/associate`, { token });
