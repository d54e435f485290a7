import { CSRF_HEADER } from '@granary/domain';
import { AppError } from './errors.ts';
import { csrfMatches } from './csrf.ts';
import { ANON_COOKIE, loadSession } from './sessions.ts';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const sessionCache = new WeakMap();
/** The request's session, loaded once per request. */
export function getSession(ctx, request) {
    let cached = sessionCache.get(request);
    if (!cached) {
        cached = loadSession(ctx.database.db, request, ctx.sessions);
        sessionCache.set(request, cached);
    }
    return cached;
}
export async function requireSession(ctx, request) {
    const session = await getSession(ctx, request);
    if (!session)
        throw new AppError('unauthenticated');
    return session;
}
export function anonymousIdOf(request) {
    const id = request.cookies[ANON_COOKIE];
    return id && /^[A-Za-z0-9_-]{16,64}$/.test(id) ? id : null;
}
/**
 * platform.md 6.2: a super admin passes; otherwise an admin permission may be true, 'all' or a list of ids
 * (with no id asked, a non-empty list passes). User-level feature permissions are a plain list.
 */
export function userHasPermission(user, permission, id) {
    if (user.isSuperAdmin)
        return true;
    if (user.permissions.includes(permission))
        return true;
    const value = user.adminPermissions[permission];
    if (value === undefined)
        return false;
    if (value === true || value === 'all')
        return true;
    if (id === undefined)
        return value.length > 0;
    return value.includes('all') || value.includes(String(id));
}
/** Every route declares its access; a route without one stops the server at boot. */
export function registerAccessControl(app, ctx) {
    app.addHook('onRoute', (route) => {
        const access = route.config?.access;
        if (!access)
            throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`);
    });
    app.addHook('preHandler', async (request) => {
        const config = request.routeOptions.config;
        const access = config.access;
        if (!access)
            return; // the not-found handler
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
        if (access === 'public')
            return;
        const session = await requireSession(ctx, request);
        if (access !== 'session' && !userHasPermission(session.user, access))
            throw new AppError('forbidden');
    });
}
