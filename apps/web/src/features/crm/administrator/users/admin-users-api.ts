import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CrmMarketsResponse,
  AdminUser,
  AdminUserPatch,
  AdminUsersList,
  InvitationRow,
  InviteUser,
  UserPermissions,
  UserPermissionsPut,
} from '@granary/domain';
import { getJson, request, retryUnlessRefused } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';

const USERS = `${MERCHANDISING}/admin/users`;

/** Query keys of the administrator's users (under ['crm'], dropped on sign-out with the rest of the CRM). */
const adminUsersKeys = {
  all: ['crm', 'admin-users'] as const,
  list: (search: string, page: number, token: string | null) => ['crm', 'admin-users', 'list', search, page, token],
  user: (userId: number) => ['crm', 'admin-users', 'user', userId] as const,
  permissions: (userId: number) => ['crm', 'admin-users', 'permissions', userId] as const,
};

function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminUsersKeys.all });
}

/** GET admin/users: the partner's users (searched, paged) and the pending invitations. */
export function useAdminUsers(search: string, page: number, paginationToken: string | null) {
  return useQuery<AdminUsersList>({
    queryKey: adminUsersKeys.list(search, page, paginationToken),
    queryFn: ({ signal }) =>
      getJson<AdminUsersList>(
        USERS,
        { search: search || undefined, page, paginationToken: paginationToken ?? undefined },
        signal,
      ),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** Every market of the partner (not only the admin's own): where an invited person may be given permissions. */
export function usePartnerMarkets(platformId: number) {
  return useQuery<CrmMarketsResponse>({
    queryKey: ['crm', 'admin-users', 'partner-markets', platformId],
    queryFn: ({ signal }) =>
      getJson<CrmMarketsResponse>(`${MERCHANDISING}/le/${platformId}/markets`, undefined, signal),
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
}

/** GET admin/users/:userId */
export function useAdminUser(userId: number) {
  return useQuery<AdminUser>({
    queryKey: adminUsersKeys.user(userId),
    queryFn: ({ signal }) => getJson<AdminUser>(`${USERS}/${userId}`, undefined, signal),
    retry: retryUnlessRefused,
  });
}

/** GET admin/users/:userId/permissions (enabled: false until asked, for "Copy from user…"). */
export function useUserPermissions(userId: number | null) {
  return useQuery<UserPermissions>({
    queryKey: adminUsersKeys.permissions(userId ?? 0),
    queryFn: ({ signal }) => getJson<UserPermissions>(`${USERS}/${userId}/permissions`, undefined, signal),
    enabled: userId !== null,
    retry: retryUnlessRefused,
  });
}

/** Reads another user's matrix once (copy from user). */
export function fetchUserPermissions(userId: number): Promise<UserPermissions> {
  return getJson<UserPermissions>(`${USERS}/${userId}/permissions`);
}

export function useInviteUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (body: InviteUser) => request<InvitationRow>(USERS, { method: 'POST', body }).then((r) => r.json),
    onSuccess: refresh,
  });
}

export function useResendInvitation() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (id: string) =>
      request<InvitationRow>(`${USERS}/invitations/${id}/resend`, { method: 'POST' }).then((r) => r.json),
    onSuccess: refresh,
  });
}

export function useRevokeInvitation() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (id: string) => request(`${USERS}/invitations/${id}`, { method: 'DELETE' }).then(() => undefined),
    onSuccess: refresh,
  });
}

/** PATCH admin/users/:userId with If-Match (the version read). */
export function usePatchAdminUser(userId: number) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ patch, version }: { patch: AdminUserPatch; version: number }) =>
      request<AdminUser>(`${USERS}/${userId}`, { method: 'PATCH', body: patch, ifMatch: `"${version}"` }).then(
        (r) => r.json,
      ),
    onSuccess: refresh,
  });
}

/** PUT admin/users/:userId/permissions with If-Match (the version read). */
export function usePutPermissions(userId: number) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ body, version }: { body: UserPermissionsPut; version: number }) =>
      request<UserPermissions>(`${USERS}/${userId}/permissions`, {
        method: 'PUT',
        body,
        ifMatch: `"${version}"`,
      }).then((r) => r.json),
    onSuccess: refresh,
  });
}
