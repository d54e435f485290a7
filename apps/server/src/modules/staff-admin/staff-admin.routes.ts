import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  USER_LIFECYCLE_ACTIONS,
  adminPermissionGrantSchema,
  adminPermissionParamsSchema,
  apiErrorSchema,
  lifecycleResultSchema,
  staffEnterprisesListSchema,
  staffListQuerySchema,
  staffRolesPutSchema,
  staffUserDetailSchema,
  staffUserIdParamsSchema,
  staffUsersListSchema,
  type UserLifecycleAction,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import {
  endUserSessions,
  getStaffUser,
  listStaffEnterprises,
  listStaffUsers,
  putStaffRoles,
  runLifecycleAction,
  setAdminPermission,
} from './staff-admin.service.ts';
import { staffPermissionsRoutes } from './staff-permissions.routes.ts';

const EFFU = '/api/effu';
// The staff tools are the identity area's in the API reference (users, sessions, permissions).
const TAGS = ['identity'];
const readErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const writeErrors = { ...readErrors, 409: apiErrorSchema };
const session = { access: 'session' } as const;

/** platform.md 7.4's paths: users/:id/unlock|suspend|unsuspend and user/:id/delete|recover. */
const LIFECYCLE_PATHS: Record<UserLifecycleAction, string> = {
  suspend: `${EFFU}/users/:id/suspend`,
  unsuspend: `${EFFU}/users/:id/unsuspend`,
  unlock: `${EFFU}/users/:id/unlock`,
  delete: `${EFFU}/user/:id/delete`,
  recover: `${EFFU}/user/:id/recover`,
};

const LIFECYCLE_SUMMARIES: Record<UserLifecycleAction, string> = {
  suspend: "Suspend a user (suspend-account): their sessions end, their next request answers 'account_suspended'",
  unsuspend: 'Unsuspend a user (suspend-account): they sign in again',
  unlock: 'Lift the password lockout of a user from every network (suspend-account)',
  delete: "Delete a user's account (restore-delete-users): their sessions end, sign-in answers 'account_deleted'",
  recover: 'Recover a deleted account (restore-delete-users)',
};

/**
 * The staff administration area (issue 16; docs/decisions/053-staff-administration.md): users admin list,
 * enterprises/admin-list, a user's page, the lifecycle actions, sessions, roles and admin permissions. Every call checks
 * that the caller is staff and holds the call's admin permission (platform.md 6.2) in the service.
 */
export const staffAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Manual resource permissions and selective features (under /api/auth).
  await app.register(staffPermissionsRoutes, { ctx });

  app.get(
    `${EFFU}/users`,
    {
      config: session,
      schema: {
        tags: TAGS,
        summary:
          'Users admin list (list-all-user-details): search by name, e-mail, phone, enterprise name or legacy id, paged',
        querystring: staffListQuerySchema,
        response: { 200: staffUsersListSchema, ...readErrors },
      },
    },
    async (request) => listStaffUsers(ctx, request, request.query),
  );

  app.get(
    `${EFFU}/enterprises/admin-list`,
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: 'Enterprises admin list (list-all-user-details): search by name, id or public id, paged',
        querystring: staffListQuerySchema,
        response: { 200: staffEnterprisesListSchema, ...readErrors },
      },
    },
    async (request) => listStaffEnterprises(ctx, request, request.query),
  );

  app.get(
    `${EFFU}/user/:id`,
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: 'A user for staff (list-all-user-details): profile, enterprises and roles, sessions, recent audit',
        params: staffUserIdParamsSchema,
        response: { 200: staffUserDetailSchema, ...readErrors },
      },
    },
    async (request) => getStaffUser(ctx, request, request.params.id),
  );

  for (const action of USER_LIFECYCLE_ACTIONS) {
    app.post(
      LIFECYCLE_PATHS[action],
      {
        config: session,
        schema: {
          tags: TAGS,
          summary: LIFECYCLE_SUMMARIES[action],
          params: staffUserIdParamsSchema,
          response: { 200: lifecycleResultSchema, ...writeErrors },
        },
      },
      async (request) => runLifecycleAction(ctx, request, request.params.id, action),
    );
  }

  app.delete(
    `${EFFU}/user/:id/sessions`,
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: 'End every session of a user now (suspend-account)',
        params: staffUserIdParamsSchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await endUserSessions(ctx, request, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${EFFU}/user/:id/roles`,
    {
      config: session,
      schema: {
        tags: TAGS,
        summary:
          "A user's employee role and community-builder roles (grant-permissions; an employee role also manage-admins)",
        params: staffUserIdParamsSchema,
        body: staffRolesPutSchema,
        response: { 200: staffUserDetailSchema, ...writeErrors },
      },
    },
    async (request) => putStaffRoles(ctx, request, request.params.id, request.body),
  );

  app.put(
    `${EFFU}/user/:id/admin-permissions`,
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: "Grant an admin permission (true, 'all' or ids; manage-admins, only what the granter holds)",
        params: staffUserIdParamsSchema,
        body: adminPermissionGrantSchema,
        response: { 200: staffUserDetailSchema, ...writeErrors },
      },
    },
    async (request) => setAdminPermission(ctx, request, request.params.id, request.body.permission, request.body.value),
  );

  app.delete(
    `${EFFU}/user/:id/admin-permissions/:permission`,
    {
      config: session,
      schema: {
        tags: TAGS,
        summary: 'Revoke an admin permission (manage-admins, only what the revoker holds)',
        params: adminPermissionParamsSchema,
        response: { 200: staffUserDetailSchema, ...writeErrors },
      },
    },
    async (request) => setAdminPermission(ctx, request, request.params.id, request.params.permission, null),
  );
};
