import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '@granary/domain';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import { csrfMatches } from './csrf.ts';
import { ANON_COOKIE, loadSession, type SessionState } from './sessions.ts';
import { setSessionActAs, type SessionExtraSql, type UserRow } from './sessions.repo.ts';
import { audit, auditOutcome, auditReturningId, noteActingAs } from './audit.ts';
import { redactedUrlOf } from './logging.ts';

/** 'public', 'session', or the name of a permission the signed-in user must hold. */
export type Access = 'public' | 'session' | (string & {});

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges into an interface
  interface FastifyContextConfig {
    access?: Access;
    /** State-changing routes check X-CSRF-Token unless this is false (e.g. a provider's callback). */
    csrf?: boolean;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const sessionCache = new WeakMap<FastifyRequest, Promise<SessionState | null>>();
const sessionExtras = new WeakMap<FastifyRequest, SessionExtraSql>();
/** The audit entry of a state-changing request made while acting as someone, completed on response. */
const actAsAuditIds = new WeakMap<FastifyRequest, number>();

/**
 * Asks for more data about the request's user in the session's own query (one round trip instead of one
 * per module): SQL over the acting user's id and partner id, its value then in the session state's
 * `extra` (e.g. the CRM actor's markets and permissions, read fresh on every request — nothing is kept
 * beyond the request). To be called before the session loads, i.e. from an onRequest hook.
 */
export function extendSession(request: FastifyRequest, extra: SessionExtraSql): void {
  if (!sessionCache.has(request)) sessionExtras.set(request, extra);
}

/** The value of `extra` loaded with the request's session, or undefined (loaded without it, or for another user). */
export function sessionExtra(state: SessionState, extra: SessionExtraSql): unknown {
  return state.extra?.of === extra ? state.extra.value : undefined;
}

/**
 * The request's session, loaded once per request. While an admin acts as someone, the act-as rule is
 * checked again on every request: an admin who lost the permission (or a target who became out of reach)
 * is back to themself at once.
 */
export function getSession(ctx: AppContext, request: FastifyRequest): Promise<SessionState | null> {
  let cached = sessionCache.get(request);
  if (!cached) {
    cached = loadSession(ctx.database.db, request, ctx.sessions, new Date(), sessionExtras.get(request)).then(
      async (state) => {
        const checked = state?.actor ? await recheckActAs(ctx, request, state) : state;
        if (checked?.actor) noteActingAs(request, checked.actor.id, checked.user.id);
        return checked;
      },
    );
    sessionCache.set(request, cached);
  }
  return cached;
}

async function recheckActAs(ctx: AppContext, request: FastifyRequest, state: SessionState): Promise<SessionState> {
  const actor = state.actor;
  if (!actor || actAsVerdict(actor, state.user) === 'ok') return state;
  // Before any handler (outside the request's transaction): the end and its audit record in one of their own.
  await ctx.database.db.transaction(async (tx) => {
    await setSessionActAs(tx, state.tokenHash, null, null);
    await audit(tx, request, {
      actorUserId: actor.id,
      actingAsUserId: state.user.id,
      action: 'act_as_end',
      targetType: 'user',
      targetId: state.user.id,
      details: { reason: 'no_longer_allowed' },
    });
  });
  // No `extra`: it was loaded for the acted-as user.
  return {
    tokenHash: state.tokenHash,
    session: { ...state.session, actAsUserId: null, actAsScope: null },
    user: actor,
    actor: null,
  };
}

export async function requireSession(ctx: AppContext, request: FastifyRequest): Promise<SessionState> {
  const session = await getSession(ctx, request);
  if (!session) throw new AppError('unauthenticated');
  return session;
}

export function anonymousIdOf(request: FastifyRequest): string | null {
  const id = request.cookies[ANON_COOKIE];
  return id && /^[A-Za-z0-9_-]{16,64}$/.test(id) ? id : null;
}

/**
 * platform.md 6.2: a super admin passes; otherwise an admin permission may be true, 'all' or a list of ids
 * (with no id asked, a non-empty list passes). User-level feature permissions are a plain list.
 */
export function userHasPermission(user: UserRow, permission: string, id?: string | number): boolean {
  if (user.isSuperAdmin) return true;
  if (user.permissions.includes(permission)) return true;
  const value = user.adminPermissions[permission];
  if (value === undefined) return false;
  if (value === true || value === 'all') return true;
  if (id === undefined) return value.length > 0;
  return value.includes('all') || value.includes(String(id));
}

function grantsEveryId(value: UserRow['adminPermissions'][string] | undefined): boolean {
  return value === true || value === 'all' || (Array.isArray(value) && value.includes('all'));
}

/**
 * Whether an admin may administer a user (act as them, reset their password) under a permission
 * (docs/decisions/011): never themself, an inactive user or a super admin; a super admin may otherwise
 * administer anyone. Anyone else needs the permission, stays inside their own partner (staff without a
 * partner: the partners their permission lists, or every one when it is unrestricted), may not administer
 * employees, and may not administer a user holding an admin permission they do not hold themself (acting
 * as someone never widens what the admin can do).
 * 'out_of_reach': the user is not the admin's to see (answered like an unknown user); 'forbidden': seen
 * but not allowed.
 */
export function adminReach(actor: UserRow, target: UserRow, permission: string): 'ok' | 'out_of_reach' | 'forbidden' {
  if (target.id === actor.id || target.status !== 'active' || target.isSuperAdmin) return 'forbidden';
  if (actor.isSuperAdmin) return 'ok';
  if (!userHasPermission(actor, permission)) return 'forbidden';
  if (actor.partnerId !== null) {
    if (target.partnerId !== actor.partnerId) return 'out_of_reach';
  } else if (
    target.partnerId !== null
      ? !userHasPermission(actor, permission, target.partnerId)
      : !grantsEveryId(actor.adminPermissions[permission])
  ) {
    return 'out_of_reach';
  }
  if (target.employeeInfo) return 'forbidden';
  for (const [key, value] of Object.entries(target.adminPermissions)) {
    if (grantsEveryId(value)) {
      if (!grantsEveryId(actor.adminPermissions[key])) return 'forbidden';
    } else if (Array.isArray(value) && !value.every((id) => userHasPermission(actor, key, id))) {
      return 'forbidden';
    }
  }
  return 'ok';
}

/** The act-as rule: the act-as permission and the reach of adminReach. */
function actAsVerdict(actor: UserRow, target: UserRow): 'ok' | 'out_of_reach' | 'forbidden' {
  return adminReach(actor, target, 'act-as');
}

/** While acting as someone, the only state-changing identity calls: managing the act-as itself, and logout. */
const ACTING_AS_ALLOWED_AUTH = new Set(['/api/auth/act-as', '/api/auth/act-as/scope', '/api/auth/logout']);

/**
 * Why a state-changing call is refused while acting as someone, or null. The user's own credentials and
 * sign-ins (/api/auth/…) are never changed by an admin acting as them — that would let the admin later
 * sign in as the user without acting (and without the act-as audit); admin tools do that openly. In the
 * read-only scope nothing else changes either.
 */
function refusedWhileActing(route: string, scope: string | null): string | null {
  if (ACTING_AS_ALLOWED_AUTH.has(route)) return null;
  if (route.startsWith('/api/auth/')) return 'This is for the user themself: stop acting as them first.';
  if (scope === 'read_only') return 'You are acting as another user with read-only access.';
  return null;
}

const SCOPE_ACCESS = Symbol('granary.scopeAccess');

/**
 * Registers a third-party plugin whose routes cannot declare `config.access` themselves (e.g. a documentation UI
 * serving files through @fastify/static): every route it adds gets `access`, set on the route as if declared there.
 * Routes declaring their own access keep it.
 */
export async function registerWithAccess(
  app: FastifyInstance,
  access: Access,
  register: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.decorate(SCOPE_ACCESS, access);
    await register(scope);
  });
}

/**
 * Every route declares its access (or is registered by `registerWithAccess`); a route without one stops the server
 * at boot.
 */
export function registerAccessControl(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRoute', function (route) {
    const declared = (route.config as { access?: Access } | undefined)?.access;
    // `this` is the instance the route is added on: a registerWithAccess scope or a plugin inside it inherits its access.
    const access = declared ?? (this as unknown as Record<symbol, Access | undefined>)[SCOPE_ACCESS];
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`);
    if (!declared) route.config = { ...route.config, access };
  });

  // While acting as someone, every state-changing request is audited and, where refused (the user's own
  // credentials; anything in the read-only scope), refused — in preValidation, before the route's schema looks at
  // the body: a read-only admin gets the one clear 403 from every write, whatever they sent.
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.access || !UNSAFE_METHODS.has(request.method)) return;
    const session = await getSession(ctx, request);
    if (!session?.actor) return;
    // Written before the handler runs, so nothing is done as someone else without a trace (fail closed);
    // the response status is added when the response is sent.
    const id = await auditReturningId(ctx.database.db, request, {
      actorUserId: session.actor.id,
      actingAsUserId: session.user.id,
      action: 'act_as_request',
      details: {
        method: request.method,
        route: request.routeOptions.url ?? null,
        path: redactedUrlOf(request).split('?')[0],
        scope: session.session.actAsScope,
      },
    });
    actAsAuditIds.set(request, id);
    const refusal = refusedWhileActing(request.routeOptions.url ?? '', session.session.actAsScope);
    if (refusal) throw new AppError('forbidden', refusal);
  });

  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config;
    const access = config.access;
    if (!access) return; // the not-found handler
    if (UNSAFE_METHODS.has(request.method) && config.csrf !== false) {
      const session = await getSession(ctx, request);
      const anonymousId = anonymousIdOf(request);
      const anchors = [
        ...(session ? [{ tokenHash: session.tokenHash }] : []),
        ...(anonymousId ? [{ anonymousId }] : []),
      ];
      const sent = request.headers[CSRF_HEADER.toLowerCase()];
      if (!csrfMatches(ctx.csrfSecret, typeof sent === 'string' ? sent : undefined, anchors)) {
        throw new AppError('csrf_invalid', 'A valid X-CSRF-Token header is required for this request.');
      }
    }
    if (access === 'public') return;
    const session = await requireSession(ctx, request);
    if (access !== 'session' && !userHasPermission(session.user, access)) throw new AppError('forbidden');
  });

  // Every state-changing request made while acting as someone is audited with its outcome (onSend, so the
  // entry is complete before the client has its answer).
  app.addHook('onSend', async (request, reply, payload) => {
    const id = actAsAuditIds.get(request);
    if (id === undefined) return payload;
    actAsAuditIds.delete(request);
    try {
      await auditOutcome(ctx.database.db, id, { status: reply.statusCode });
    } catch (err) {
      request.log.error(
        { err, auditId: id },
        'could not record the outcome of a request made while acting as another user',
      );
    }
    return payload;
  });
}
