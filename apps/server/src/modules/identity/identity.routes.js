import { z } from 'zod';
import { getSession } from '../../platform/access.ts';
import { clearSessionCookies, endSession } from '../../platform/sessions.ts';
export const identityRoutes = async (app, { ctx }) => {
    // Logout ends the session server-side: the old cookie is worthless afterwards.
    app.post('/api/auth/logout', {
        config: { access: 'public', rateLimit: { max: 30, timeWindow: 60000 } },
        schema: { response: { 204: z.null() } },
    }, async (request, reply) => {
        const session = await getSession(ctx, request);
        if (session)
            await endSession(ctx.database.db, session.tokenHash);
        clearSessionCookies(reply, ctx.sessions);
        return reply.status(204).send(null);
    });
};
