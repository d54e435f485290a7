import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPermissionGrant,
  CamelCased,
  EnterpriseSelectiveFeatures,
  ManualResourcePermissionGrant,
  ResourcePermissions,
  StaffEnterprisesList,
  StaffRolesPut,
  StaffUserDetail,
  StaffUsersList,
  UserLifecycleAction,
} from '@granary/domain';
import { toCamelCaseDeep } from '../../lib/api/case';
import { request, retryUnlessRefused } from '../../lib/api/request';

// The staff area's calls (issue 16; platform.md 7.4 under /api/effu): snake_case on the wire, camelCase here.

export type UsersPage = CamelCased<StaffUsersList>;
export type EnterprisesPage = CamelCased<StaffEnterprisesList>;
export type UserDetail = CamelCased<StaffUserDetail>;

const EFFU = '/api/effu';

/** Query keys of the staff area (dropped with the rest on sign-out). */
const staffKeys = {
  all: ['staff-admin'] as const,
  users: (search: string, page: number, token: string | null) => ['staff-admin', 'users', search, page, token],
  enterprises: (search: string, page: number, token: string | null) =>
    ['staff-admin', 'enterprises', search, page, token] as const,
  user: (id: string) => ['staff-admin', 'user', id] as const,
};

function get<T>(path: string, query: Record<string, string | number | undefined>, signal: AbortSignal): Promise<T> {
  return request<T>(path, { query, signal, snakeCase: true }).then((r) => r.json);
}

/** Users admin list: searched (name, e-mail, phone, enterprise, legacy id) and paged with the server's token. */
export function useStaffUsers(search: string, page: number, token: string | null) {
  return useQuery<UsersPage>({
    queryKey: staffKeys.users(search, page, token),
    queryFn: ({ signal }) =>
      get<UsersPage>(
        `${EFFU}/users`,
        { search: search || undefined, page, pagination_token: token ?? undefined },
        signal,
      ),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** enterprises/admin-list */
export function useStaffEnterprises(search: string, page: number, token: string | null) {
  return useQuery<EnterprisesPage>({
    queryKey: staffKeys.enterprises(search, page, token),
    queryFn: ({ signal }) =>
      get<EnterprisesPage>(
        `${EFFU}/enterprises/admin-list`,
        { search: search || undefined, page, pagination_token: token ?? undefined },
        signal,
      ),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** The page's camelCase reading; the admin permissions keep their names ('act-as' is a name, not a key to convert). */
function detailOf(json: StaffUserDetail): UserDetail {
  return {
    ...toCamelCaseDeep<UserDetail>({ ...json, admin_permissions: {} }),
    adminPermissions: json.admin_permissions,
  };
}

/** A user's page: profile, enterprises and roles, sessions, recent audit. */
export function useStaffUser(id: string) {
  return useQuery<UserDetail>({
    queryKey: staffKeys.user(id),
    queryFn: ({ signal }) =>
      request<StaffUserDetail>(`${EFFU}/user/${encodeURIComponent(id)}`, { signal }).then(({ json }) => detailOf(json)),
    retry: retryUnlessRefused,
  });
}

/** platform.md 7.4's paths of the lifecycle actions. */
const LIFECYCLE_PATH: Record<UserLifecycleAction, (id: string) => string> = {
  suspend: (id) => `${EFFU}/users/${id}/suspend`,
  unsuspend: (id) => `${EFFU}/users/${id}/unsuspend`,
  unlock: (id) => `${EFFU}/users/${id}/unlock`,
  delete: (id) => `${EFFU}/user/${id}/delete`,
  recover: (id) => `${EFFU}/user/${id}/recover`,
};

/** Every write of a user's page refreshes the page and the lists (status, roles show there). */
function useUserWrite<Input>(write: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

export function useLifecycleAction(id: string) {
  return useUserWrite((action: UserLifecycleAction | 'endSessions' | 'resetPassword') => {
    if (action === 'endSessions') return request(`${EFFU}/user/${id}/sessions`, { method: 'DELETE' });
    // The admin password reset (act-as.routes.ts adminResetPassword): a mailed one-time password.
    if (action === 'resetPassword')
      return request('/api/auth/admin/password-reset', { method: 'POST', body: { user_id: id } });
    return request(LIFECYCLE_PATH[action](id), { method: 'POST' });
  });
}

export function usePutRoles(id: string) {
  return useUserWrite((body: CamelCased<StaffRolesPut>) =>
    request(`${EFFU}/user/${id}/roles`, { method: 'PUT', body, snakeCase: true }),
  );
}

export function useGrantAdminPermission(id: string) {
  return useUserWrite((body: AdminPermissionGrant) =>
    request(`${EFFU}/user/${id}/admin-permissions`, { method: 'PUT', body }),
  );
}

export function useRevokeAdminPermission(id: string) {
  return useUserWrite((permission: string) =>
    request(`${EFFU}/user/${id}/admin-permissions/${encodeURIComponent(permission)}`, { method: 'DELETE' }),
  );
}

export type UserResourcePermissions = CamelCased<ResourcePermissions>;

/** users/:userId/permissions/resource-permissions (enabled only for holders of view-manual-permissions). */
export function useResourcePermissions(userId: string, enabled: boolean) {
  return useQuery<UserResourcePermissions>({
    queryKey: [...staffKeys.user(userId), 'resource-permissions'],
    queryFn: ({ signal }) =>
      get<UserResourcePermissions>(`/api/auth/users/${userId}/permissions/resource-permissions`, {}, signal),
    enabled,
    retry: retryUnlessRefused,
  });
}

/** permissions/resource-permissions/manual for this user: POST grants, DELETE revokes. */
export function useManualPermission(userId: string) {
  return useUserWrite(
    ({ grant, ...grantOf }: Omit<CamelCased<ManualResourcePermissionGrant>, 'userId'> & { grant: boolean }) =>
      request('/api/auth/permissions/resource-permissions/manual', {
        method: grant ? 'POST' : 'DELETE',
        body: { ...grantOf, userId },
        snakeCase: true,
      }),
  );
}

export type SelectiveFeatures = CamelCased<EnterpriseSelectiveFeatures>;

/** enterprises/:legacyId/selective-features */
export function useSelectiveFeatures(enterpriseId: number) {
  return useQuery<SelectiveFeatures>({
    queryKey: ['staff-admin', 'selective-features', enterpriseId],
    queryFn: ({ signal }) =>
      get<SelectiveFeatures>(`/api/auth/enterprises/${enterpriseId}/selective-features`, {}, signal),
    retry: retryUnlessRefused,
  });
}

/** selective-features: the catalogue (known and in use). */
export function useSelectiveFeatureCatalogue() {
  return useQuery<{ features: { name: string; enterprisesCount: number }[] }>({
    queryKey: ['staff-admin', 'selective-features'],
    queryFn: ({ signal }) => get(`/api/auth/selective-features`, {}, signal),
    retry: retryUnlessRefused,
  });
}

export function usePutSelectiveFeatures(enterpriseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (features: string[]) =>
      request<SelectiveFeatures>(`/api/auth/enterprises/${enterpriseId}/selective-features`, {
        method: 'PUT',
        body: { features },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff-admin', 'selective-features'] }),
  });
}
