import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationSchema,
  acceptedInvitationSchema,
  adminUserPatchSchema,
  adminUserSchema,
  adminUsersListSchema,
  adminUsersQuerySchema,
  apiErrorSchema,
  invitationInfoSchema,
  invitationRowSchema,
  inviteUserSchema,
  userPermissionsPutSchema,
  userPermissionsSchema,
} from '@granary/domain';
import { etagOf, idParam, loadCrmActorWithSession, type CrmDeps } from '../../platform/crm-access.ts';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import {
  acceptInvitation,
  invitationInfo,
  inviteUser,
  resendInvitation,
  revokeInvitation,
} from './admin-users.invitations.ts';
import {
  getAdminUser,
  getUserPermissions,
  listAdminUsers,
  patchAdminUser,
  putUserPermissions,
} from './admin-users.service.ts';

const MERCH = '/api/commodities/merchandising';
const USERS = `${MERCH}/admin/users`;
// Their area in the API reference (the admin calls are the CRM's, the invited person's are identity's).
const CRM_TAGS = ['crm'];
const AUTH_TAGS = ['identity'];
const INVITATION_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

const userParams = z.object({ userId: idParam });
const invitationParams = z.object({ invitationId: z.string().uuid() });
const tokenParams = z.object({ token: z.string().min(1).max(200) });
const invitationErrors = { 400: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 410: apiErrorSchema };

/**
 * The partner's users, invitations and permissions (issue 15; grain-marketing.md 7 'admin users',
 * 'admin users/:userId/permissions'): buyer-admins of the partner only. And the invited person's two calls under
 * /api/auth (the page /invitation/:token).
 */
export const adminUsersRoutes: FastifyPluginAsyncZod<CrmDeps> = async (app, deps) => {
  loadCrmActorWithSession(app);
  const session = { access: 'session' } as const;

  app.get(
    USERS,
    {
      config: session,
      schema: {
        tags: CRM_TAGS,
        summary:
          "The partner's users (search by name or e-mail, paged) with status, markets, admin permissions, last sign-in; its pending invitations",
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersListSchema, ...crmErrors },
      },
    },
    async (request) => listAdminUsers(deps, request, request.query),
  );

  app.post(
    USERS,
    {
      config: session,
      schema: {
        tags: CRM_TAGS,
        summary:
          'Invite a person by e-mail with their market and admin permissions (a mail with a 7-day single-use link)',
        body: inviteUserSchema,
        response: { 201: invitationRowSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await inviteUser(deps, request, request.body)),
  );

  app.get(
    `${USERS}/:userId`,
    {
      config: session,
      schema: {
        tags: CRM_TAGS,
        summary: "One of the partner's users, with the version to edit (ETag)",
        params: userParams,
        response: { 200: adminUserSchema, ...crmErrors },
      },
    },
    async (request, reply) => {
      const user = await getAdminUser(deps, request, request.params.userId);
      void reply.header('etag', etagOf(user.version));
      return user;
    },
  );

  app.patch(
    `${USERS}/:userId`,
    {
      config: session,
      schema: {
        tags: CRM_TAGS,
        summary: 'Edit name or phone, suspend or unsuspend (If-Match); a suspended user is signed out',
        params: userParams,
        body: adminUserPatchSchema,
        response: { 200: adminUserSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const user = await patchAdminUser(deps, request, request.params.userId, request.body);
      void reply.header('etag', etagOf(user.version));
      return user;
    },
  );

  app.get(
    `${USERS}/:userId/permissions`,
    {
      config: session,
      schema: {
        tags: CRM_TAGS,
        summary: "A user's permission matrix: the ten permissions per market and the admin permissions",
        params: userParams,
        response: { 200: userPermissionsSchema, ...crmErrors },
      },
    },
    async (request, reply) => {
      const matrix = await getUserPermissions(deps, request, request.params.userId);
      void reply.header('etag', etagOf(matrix.version));
      return matrix;
    },
  );

  app.put(
    `${USERS}/:userId/permissions`,
    {
      config: session,
      schema: {
        tags: CRM_TAGS,
        summary: "Write the whole matrix (If-Match); seen on the user's next request",
        params: userParams,
        body: userPermissionsPutSchema,
        response: { 200: userPermissionsSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const matrix = await putUserPermissions(deps, request, request.params.userId, request.body);
      void reply.header('etag', etagOf(matrix.version));
      return matrix;
    },
  );

  app.post(
    `${USERS}/invitations/:invitationId/resend`,
    {
      config: session,
      schema: {
        tags: CRM_TAGS,
        summary: 'Send a pending invitation again with a new link (the old one stops working)',
        params: invitationParams,
        response: { 200: invitationRowSchema, ...crmWriteErrors },
      },
    },
    async (request) => resendInvitation(deps, request, request.params.invitationId),
  );

  app.delete(
    `${USERS}/invitations/:invitationId`,
    {
      config: session,
      schema: {
        tags: CRM_TAGS,
        summary: 'Revoke a pending invitation',
        params: invitationParams,
        response: { 204: z.null(), ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      await revokeInvitation(deps, request, request.params.invitationId);
      return reply.status(204).send(null);
    },
  );

  registerInvitationRoutes(app, deps);
};

/** The invited person's calls (the page /invitation/:token): public, rate limited. */
function registerInvitationRoutes(app: Parameters<FastifyPluginAsyncZod<CrmDeps>>[0], deps: CrmDeps): void {
  app.get(
    '/api/auth/invitations/:token',
    {
      config: { access: 'public', rateLimit: INVITATION_RATE_LIMIT },
      schema: {
        tags: AUTH_TAGS,
        summary: 'An invitation as its link shows it: who invites, to which partner, the e-mail',
        params: tokenParams,
        response: { 200: invitationInfoSchema, ...invitationErrors },
      },
    },
    async (request) => invitationInfo(deps, request, request.params.token),
  );

  app.post(
    '/api/auth/invitations/:token/accept',
    {
      config: { access: 'public', rateLimit: INVITATION_RATE_LIMIT },
      schema: {
        tags: AUTH_TAGS,
        summary: 'Accept an invitation: create the account (or join the signed-in one) with its permissions, signed in',
        params: tokenParams,
        body: acceptInvitationSchema,
        response: { 200: acceptedInvitationSchema, ...invitationErrors },
      },
    },
    async (request, reply) => acceptInvitation(deps, request, reply, request.params.token, request.body),
  );
}
