import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema, safeRedirectTarget } from '@granary/domain';
import type { IdentityDeps } from './identity-deps.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { AUTH_RATE_LIMIT } from './identity.routes.ts';
import { completeSignIn } from './sign-in.ts';
import {
  OidcFailure,
  createOidcDirectory,
  exchangeCode,
  finishAuthorization,
  issueIdTokenNonce,
  resolveAccount,
  startAuthorization,
  verifyIdToken,
  type ExternalIdentity,
  type OidcProvider,
} from './oidc.service.ts';

const signedInSchema = z.object({ userId: z.string(), oneTimePassword: z.boolean(), redirect: z.string() });
const providerParams = z.object({ provider: z.string().max(32) });
const operatingSystem = z.string().max(32).optional();
/** Account problems a provider's sign-in reports as they are; anything else is 'oauth'. */
const ACCOUNT_CODES = new Set(['no_account', 'account_suspended', 'account_deleted']);

/** Where a failed redirect sign-in lands: the password page names the provider (grain-marketing.md 8). */
function failureLocation(code: string, providerName: string): string {
  return `/sign-in/password?${new URLSearchParams({ error: code, provider: providerName }).toString()}`;
}

type RoutesApp = Parameters<FastifyPluginAsyncZod<IdentityDeps>>[0];

/**
 * What both groups of provider routes use: the providers, the database, the request's host, and the steps of a
 * provider sign-in (the provider or 404, a failure logged and audited, a step whose failure is oauth_failed, signing in).
 */
function sharedOf({ ctx, partners }: IdentityDeps) {
  const directory = createOidcDirectory(ctx.env);
  const db = ctx.database.db;
  const host = (request: FastifyRequest) => request.headers.host ?? '';

  function providerOr404(id: string): OidcProvider {
    const provider = directory.get(id);
    if (!provider) throw new AppError('not_found', 'This sign-in method is not available.');
    return provider;
  }

  function oauthFailed(provider: OidcProvider): AppError {
    return new AppError('oauth_failed', `Could not sign in with your ${provider.settings.name} account.`);
  }

  /** Logs and audits a failed provider sign-in (the reason is for us, never for the page). */
  async function recordFailure(request: FastifyRequest, provider: OidcProvider, err: unknown): Promise<string> {
    const code = err instanceof AppError && ACCOUNT_CODES.has(err.code) ? err.code : 'oauth';
    const reason = err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 300) : String(err).slice(0, 300);
    const expected = err instanceof OidcFailure || err instanceof AppError || (err instanceof Error && 'code' in err);
    if (expected) request.log.warn({ provider: provider.settings.id, reason }, 'provider sign-in failed');
    else request.log.error({ err, provider: provider.settings.id }, 'provider sign-in failed unexpectedly');
    await audit(db, request, {
      actorUserId: null,
      action: 'oidc_sign_in_failed',
      details: { provider: provider.settings.id, code, reason },
    }).catch((auditErr: unknown) => request.log.error({ err: auditErr }, 'could not audit a failed provider sign-in'));
    return code;
  }

  /** Runs a provider step; failures become 401 oauth_failed naming the provider (account problems pass through). */
  async function orOauthFailed<T>(request: FastifyRequest, provider: OidcProvider, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (err) {
      const code = await recordFailure(request, provider, err);
      if (code !== 'oauth' && err instanceof AppError) throw err;
      throw oauthFailed(provider);
    }
  }

  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: OidcProvider,
    identity: ExternalIdentity,
  ) {
    const user = await orOauthFailed(request, provider, () => resolveAccount(ctx, request, provider, identity));
    const token = await completeSignIn(ctx, request, reply, user, provider.settings.id);
    if (identity.operatingSystem) request.log.info({ operatingSystem: identity.operatingSystem }, 'provider sign-in');
    return { user, token };
  }
  return { ctx, partners, directory, host, providerOr404, recordFailure, orOauthFailed, signIn };
}
type Shared = ReturnType<typeof sharedOf>;

/**
 * Sign-in with OpenID Connect providers (Google, Apple, a partner's SSO) through openid-client:
 * the redirect flow (start → provider → callback), the web button's ID token (login/google-oauth) and the
 * mobile-platform code (login/apple-oauth, answering a bearer Authorization header).
 */
export const oidcRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, deps) => {
  const shared = sharedOf(deps);

  // Providers answer form_post callbacks (Apple) with a form body; parsed here, for these routes only.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
  }

  redirectFlowRoutes(app, shared);
  idTokenRoutes(app, shared);
};

/** The redirect flow: the configured providers, the start (302 to the provider) and the callback (GET or form POST). */
function redirectFlowRoutes(
  app: RoutesApp,
  { ctx, partners, directory, host, providerOr404, recordFailure }: Shared,
): void {
  // The configured providers, for the sign-in buttons.
  app.get(
    '/api/auth/oidc/providers',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: { response: { 200: z.object({ providers: z.array(z.object({ id: z.string(), name: z.string() })) }) } },
    },
    async () => ({ providers: directory.list() }),
  );

  // 302 to the provider (PKCE, state, nonce); a provider that can't be reached sends back to sign-in.
  app.get(
    '/api/auth/oidc/:provider/start',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        params: providerParams,
        querystring: z.object({ redirect: z.string().max(2000).optional(), operating_system: operatingSystem }),
        response: { 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const provider = providerOr404(request.params.provider);
      reply.header('Cache-Control', 'no-store');
      try {
        const partner = await partners.byHost(request.headers.host);
        const url = await startAuthorization(ctx, request, reply, partner, provider, {
          redirect: safeRedirectTarget(request.query.redirect, host(request)),
          operatingSystem: request.query.operating_system ?? null,
        });
        return reply.redirect(url, 302);
      } catch (err) {
        return reply.redirect(
          failureLocation(await recordFailure(request, provider, err), provider.settings.name),
          302,
        );
      }
    },
  );

  // The provider sends the browser back here: a query (GET) or a form (POST, response_mode=form_post).
  // No CSRF token can come with it; the state, bound to this browser by a cookie, protects it instead.
  const callback = async (
    request: FastifyRequest<{ Params: { provider: string } }>,
    reply: FastifyReply,
    params: Record<string, string>,
  ) => {
    const provider = providerOr404(request.params.provider);
    reply.header('Cache-Control', 'no-store');
    try {
      const { identity, redirect } = await finishAuthorization(ctx, request, provider, params);
      const user = await resolveAccount(ctx, request, provider, identity);
      await completeSignIn(ctx, request, reply, user, provider.settings.id);
      return reply.redirect(
        user.oneTimePassword ? '/onetime-password/reset' : safeRedirectTarget(redirect, host(request)),
        302,
      );
    } catch (err) {
      return reply.redirect(failureLocation(await recordFailure(request, provider, err), provider.settings.name), 302);
    }
  };
  const callbackParams = z.record(z.string(), z.string().max(4096));
  app.get(
    '/api/auth/oidc/:provider/callback',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: { params: providerParams, querystring: callbackParams, response: { 404: apiErrorSchema } },
    },
    (request, reply) => callback(request, reply, request.query),
  );
  app.post(
    '/api/auth/oidc/:provider/callback',
    {
      config: { access: 'public', csrf: false, rateLimit: AUTH_RATE_LIMIT },
      schema: { params: providerParams, body: callbackParams, response: { 404: apiErrorSchema } },
    },
    (request, reply) => callback(request, reply, request.body),
  );
}

/** Sign-in with a token the page got itself: a nonce for Google's button, its ID token, and the mobile platform's code. */
function idTokenRoutes(app: RoutesApp, { ctx, partners, host, providerOr404, orOauthFailed, signIn }: Shared): void {
  // A nonce for a page that gets an ID token itself (Google's button): pass it as the button's `nonce`.
  app.get(
    '/api/auth/oidc/:provider/nonce',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: { params: providerParams, response: { 200: z.object({ nonce: z.string() }), 404: apiErrorSchema } },
    },
    async (request, reply) => {
      const provider = providerOr404(request.params.provider);
      reply.header('Cache-Control', 'no-store');
      return { nonce: await issueIdTokenNonce(ctx, request, provider) };
    },
  );

  // grain-marketing.md 7 'Third-party identity login (web)': {google_token, cookie: true}, query operating_system.
  app.post(
    '/api/auth/login/google-oauth',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        querystring: z.object({ operating_system: operatingSystem, redirect: z.string().max(2000).optional() }),
        body: z.object({ google_token: z.string().min(1).max(8192), cookie: z.boolean().optional() }),
        response: { 200: signedInSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const provider = providerOr404('google');
      const identity = await orOauthFailed(request, provider, () =>
        verifyIdToken(ctx, provider, request.body.google_token, request.query.operating_system ?? null),
      );
      const { user } = await signIn(request, reply, provider, identity);
      return {
        userId: user.id,
        oneTimePassword: user.oneTimePassword,
        redirect: user.oneTimePassword
          ? '/onetime-password/reset'
          : safeRedirectTarget(request.query.redirect, host(request)),
      };
    },
  );

  // grain-marketing.md 7 'Third-party identity login (mobile-platform account)': {code, login_source: 'ops'};
  // the page reads a bearer Authorization header, and says 'No Authorization from api' without one — so a
  // success always carries it.
  app.post(
    '/api/auth/login/apple-oauth',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        querystring: z.object({ redirect: z.string().max(2000).optional() }),
        body: z.object({
          code: z.string().min(1).max(2048),
          login_source: z.enum(['ops', 'www']).optional(),
          nonce: z.string().min(1).max(200).optional(),
        }),
        response: { 200: signedInSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const provider = providerOr404('apple');
      const partner = await partners.byHost(request.headers.host);
      const identity = await orOauthFailed(request, provider, () =>
        exchangeCode(ctx, request, partner, provider, request.body.code, request.body.nonce ?? null),
      );
      const { user, token } = await signIn(request, reply, provider, identity);
      reply.header('Authorization', `Bearer ${token}`);
      reply.header('Cache-Control', 'no-store');
      return {
        userId: user.id,
        oneTimePassword: user.oneTimePassword,
        redirect: user.oneTimePassword
          ? '/onetime-password/reset'
          : safeRedirectTarget(request.query.redirect, host(request)),
      };
    },
  );
}
