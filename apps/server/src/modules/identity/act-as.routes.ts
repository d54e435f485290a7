import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IdentityDeps } from './identity-deps.ts';

/** Not built yet: filled in by the identity work (issue 3). */
export const actAsRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (_app, _deps) => {};
