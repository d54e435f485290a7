import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  invitationAcceptSchema,
  invitationAcceptedSchema,
  invitationAssociateSchema,
  invitationDetailsSchema,
  memberPermissionsSchema,
  memberPermissionsUpdateSchema,
  memberUpdateSchema,
  removeUserRequestSchema,
  subaccountRequestSchema,
  teamInvitationSchema,
  teamInviteRequestSchema,
  teamInviteResendSchema,
  teamRolesSchema,
  teamViewSchema,
} from '@granary/domain';
import { crmErrors, crmWriteErrors } from '../../platform/crm-http.ts';
import {
  acceptWithNewAccount,
  associate,
  cancel,
  invitationDetails,
  invite,
  resend,
} from './team-invitations.service.ts';
import {
  memberPermissions,
  ownPermissions,
  removeMember,
  teamRoles,
  teamView,
  updateMember,
  type TeamDeps,
} from './team.service.ts';

const EFFU = '/api/effu';
const ENTERPRISE = `${EFFU}/enterprise/:enterprisePublicId`;
const AUTH_ENTERPRISE = '/api/auth/enterprises/:enterpriseId';
/** An enterprise's public id (uuid) or its numeric id; anything else is simply unknown (404). */
const enterpriseIdParam = z.string().min(1).max(64);
const enterpriseParams = z.object({ enterprisePublicId: enterpriseIdParam });
const memberParams = z.object({ enterprisePublicId: enterpriseIdParam, userPublicId: z.string().uuid() });
const authParams = z.object({ enterpriseId: enterpriseIdParam });
const authMemberParams = z.object({ enterpriseId: enterpriseIdParam, userId: z.string().uuid() });
const tokenQuery = z.object({ token: z.string().min(20).max(200) });
const invitationErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
};
const INVITATION_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;
const TAGS = ['team'];

/**
 * A farm business's team (issue 16; platform.md 7.4 `/api/effu` enterprise/:enterprisePublicId roles, member, team,
 * team/invite(/resend), subaccount, remove-user, invitation(/associate); `/api/auth` enterprises/:enterpriseId/
 * permissions and …/users/:userId/permissions). snake_case on the wire. Reading the team needs team access (or
 * manage), every change manage; another enterprise's ids answer 404. docs/decisions/052.
 */
export const teamRoutes: FastifyPluginAsyncZod<TeamDeps> = async (app, deps) => {
  const config = { access: 'session' } as const;

  app.get(
    `${ENTERPRISE}/team`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'The team: members with role and access flags; pending invitations for those who manage it',
        params: enterpriseParams,
        response: { 200: teamViewSchema, ...crmErrors },
      },
    },
    async (request) => teamView(deps, request, request.params.enterprisePublicId),
  );

  app.get(
    `${ENTERPRISE}/roles`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'The roles and access flags, their defaults, and which of them the caller may hand out',
        params: enterpriseParams,
        response: { 200: teamRolesSchema, ...crmErrors },
      },
    },
    async (request) => teamRoles(deps, request, request.params.enterprisePublicId),
  );

  app.get(
    `${ENTERPRISE}/member/:userPublicId`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "A member's role and access flags, and whether the caller may change them",
        params: memberParams,
        response: { 200: memberPermissionsSchema, ...crmErrors },
      },
    },
    async (request) => memberPermissions(deps, request, request.params.enterprisePublicId, request.params.userPublicId),
  );

  app.put(
    `${ENTERPRISE}/member/:userPublicId`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "Change a member's role or access flags (manage; not one's own; only an owner changes an owner)",
        params: memberParams,
        body: memberUpdateSchema,
        response: { 200: memberPermissionsSchema, ...crmWriteErrors },
      },
    },
    async (request) =>
      updateMember(deps, request, request.params.enterprisePublicId, request.params.userPublicId, request.body),
  );

  app.post(
    `${ENTERPRISE}/team/invite`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Invite a person by e-mail or mobile phone with a role and access flags (manage)',
        params: enterpriseParams,
        body: teamInviteRequestSchema,
        response: { 201: teamInvitationSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await invite(deps, request, request.params.enterprisePublicId, request.body)),
  );

  app.post(
    `${ENTERPRISE}/team/invite/resend`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Send a pending invitation again with a new link (the old one stops working)',
        params: enterpriseParams,
        body: teamInviteResendSchema,
        response: { 200: teamInvitationSchema, ...crmWriteErrors },
      },
    },
    async (request) => resend(deps, request, request.params.enterprisePublicId, request.body.invitation_id),
  );

  app.delete(
    `${ENTERPRISE}/team/invite/:invitationId`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Cancel a pending invitation (its link stops working)',
        params: z.object({ enterprisePublicId: enterpriseIdParam, invitationId: z.string().uuid() }),
        response: { 204: z.null(), ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      await cancel(deps, request, request.params.enterprisePublicId, request.params.invitationId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${EFFU}/subaccount`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "Invite a sub-account (the role's default access flags) by e-mail or mobile phone",
        body: subaccountRequestSchema,
        response: { 201: teamInvitationSchema, ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      const { enterprise_id: enterpriseId, ...contact } = request.body;
      return reply.code(201).send(await invite(deps, request, enterpriseId, { ...contact, role: 'subaccount' }));
    },
  );

  app.post(
    `${EFFU}/remove-user`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Remove a member from the team, or leave it (an enterprise keeps at least one owner)',
        body: removeUserRequestSchema,
        response: { 204: z.null(), ...crmWriteErrors },
      },
    },
    async (request, reply) => {
      await removeMember(deps, request, request.body.enterprise_id, request.body.user_id);
      return reply.code(204).send(null);
    },
  );

  invitationRoutes(app, deps);
  permissionRoutes(app, deps);
};

type RoutesApp = Parameters<FastifyPluginAsyncZod<TeamDeps>>[0];

/** The invited person (/account/invitation): public, rate limited. */
function invitationRoutes(app: RoutesApp, deps: TeamDeps): void {
  app.get(
    `${EFFU}/invitation`,
    {
      config: { access: 'public', rateLimit: INVITATION_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'An invitation as its link shows it: the farm business, who invites, the role and access',
        querystring: tokenQuery,
        response: { 200: invitationDetailsSchema, ...invitationErrors },
      },
    },
    async (request) => invitationDetails(deps, request, request.query.token),
  );

  app.post(
    `${EFFU}/invitation`,
    {
      config: { access: 'public', rateLimit: INVITATION_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Accept an invitation with a new account (the invited address), then signed in',
        body: invitationAcceptSchema,
        response: { 200: invitationAcceptedSchema, ...invitationErrors },
      },
    },
    async (request, reply) => acceptWithNewAccount(deps, request, reply, request.body),
  );

  app.post(
    `${EFFU}/invitation/associate`,
    {
      config: { access: 'session', rateLimit: INVITATION_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Accept an invitation with the signed-in account of the invited address or phone',
        body: invitationAssociateSchema,
        response: { 200: invitationAcceptedSchema, ...invitationErrors },
      },
    },
    async (request) => associate(deps, request, request.body.token),
  );
}

/** The access-flag calls of /permissions and /permissions/:userId. */
function permissionRoutes(app: RoutesApp, deps: TeamDeps): void {
  const config = { access: 'session' } as const;
  app.get(
    `${AUTH_ENTERPRISE}/permissions`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "The signed-in user's role and access flags on an enterprise (/permissions)",
        params: authParams,
        response: { 200: memberPermissionsSchema, ...crmErrors },
      },
    },
    async (request) => ownPermissions(deps, request, request.params.enterpriseId),
  );

  app.get(
    `${AUTH_ENTERPRISE}/users/:userId/permissions`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "A member's access flags on an enterprise (/permissions/:userId)",
        params: authMemberParams,
        response: { 200: memberPermissionsSchema, ...crmErrors },
      },
    },
    async (request) => memberPermissions(deps, request, request.params.enterpriseId, request.params.userId),
  );

  app.put(
    `${AUTH_ENTERPRISE}/users/:userId/permissions`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "Set a member's access flags (manage; not one's own; within what the caller may grant)",
        params: authMemberParams,
        body: memberPermissionsUpdateSchema,
        response: { 200: memberPermissionsSchema, ...crmWriteErrors },
      },
    },
    async (request) =>
      updateMember(deps, request, request.params.enterpriseId, request.params.userId, {
        permissions: request.body.permissions,
      }),
  );
}
