import * as oidc from 'openid-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WhiteLabelPartner } from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import type { Env } from '../../platform/env.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { randomToken, safeEqual, sha256 } from '../../platform/crypto.ts';
import { secureCookieFor } from '../../platform/sessions.ts';
import { consumeToken, issueToken } from './tokens.service.ts';
import { findUserByEmail, findUserById, type UserRow } from './users.repo.ts';
import { findExternalIdentity, linkExternalIdentity } from './external-identities.repo.ts';
import { linkOrigin } from './links.ts';

type OidcProviderId = 'google' | 'apple' | 'sso';

type OidcProviderSettings = {
  id: OidcProviderId;
  /** Shown on the button and in 'Could not sign in with your {name} account.' */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  responseMode: 'query' | 'form_post';
  scope: string;
  /** Only users of this partner may sign in through the provider (a partner's own SSO). */
  partnerId: string | null;
};

/** The providers the environment turns on: a client id (and, for SSO, an issuer) makes one. */
function oidcProvidersFromEnv(env: Env): OidcProviderSettings[] {
  const out: OidcProviderSettings[] = [];
  if (env.OIDC_GOOGLE_CLIENT_ID) {
    out.push({
      id: 'google',
      name: env.OIDC_GOOGLE_NAME,
      issuer: env.OIDC_GOOGLE_ISSUER,
      clientId: env.OIDC_GOOGLE_CLIENT_ID,
      clientSecret: env.OIDC_GOOGLE_CLIENT_SECRET ?? null,
      responseMode: 'query',
      scope: 'openid email profile',
      partnerId: null,
    });
  }
  if (env.OIDC_APPLE_CLIENT_ID) {
    out.push({
      id: 'apple',
      name: env.OIDC_APPLE_NAME,
      issuer: env.OIDC_APPLE_ISSUER,
      clientId: env.OIDC_APPLE_CLIENT_ID,
      clientSecret: env.OIDC_APPLE_CLIENT_SECRET ?? null,
      responseMode: env.OIDC_APPLE_RESPONSE_MODE,
      scope: 'openid email name',
      partnerId: null,
    });
  }
  if (env.OIDC_SSO_ISSUER && env.OIDC_SSO_CLIENT_ID) {
    out.push({
      id: 'sso',
      name: env.OIDC_SSO_NAME,
      issuer: env.OIDC_SSO_ISSUER,
      clientId: env.OIDC_SSO_CLIENT_ID,
      clientSecret: env.OIDC_SSO_CLIENT_SECRET ?? null,
      responseMode: 'query',
      scope: 'openid email profile',
      partnerId: env.OIDC_SSO_PARTNER ?? null,
    });
  }
  return out;
}

/** Why a sign-in with a provider failed; logged, never shown (the page says 'Could not sign in with your X account.'). */
export class OidcFailure extends Error {
  override name = 'OidcFailure';
}

/** Plain http to the provider only for a local (loopback) provider outside production: test and dev providers. */
function allowsInsecure(issuer: string, env: Env): boolean {
  const url = new URL(issuer);
  return (
    env.NODE_ENV !== 'production' &&
    url.protocol === 'http:' &&
    ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  );
}

export type OidcProvider = {
  settings: OidcProviderSettings;
  /** The discovered configuration for the authorization-code flow (discovered once, again after a failure). */
  configuration(): Promise<oidc.Configuration>;
  /** The same provider, set up to validate ID tokens handed over by a page (response_type=id_token). */
  idTokenConfiguration(): Promise<oidc.Configuration>;
};

export type OidcDirectory = {
  list(): { id: OidcProviderId; name: string }[];
  get(id: string): OidcProvider | null;
};

const DISCOVERY_TIMEOUT_S = 10;

export function createOidcDirectory(env: Env): OidcDirectory {
  const providers = new Map<string, OidcProvider>();
  for (const settings of oidcProvidersFromEnv(env)) {
    const insecure = allowsInsecure(settings.issuer, env);
    let discovered: Promise<oidc.Configuration> | null = null;
    let forIdTokens: Promise<oidc.Configuration> | null = null;
    const configuration = () => {
      discovered ??= oidc
        .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret ?? undefined, undefined, {
          execute: insecure ? [oidc.allowInsecureRequests] : [],
          timeout: DISCOVERY_TIMEOUT_S,
        })
        .catch((err: unknown) => {
          discovered = null; // a provider that was down is asked again next time
          forIdTokens = null;
          throw err;
        });
      return discovered;
    };
    const idTokenConfiguration = () => {
      forIdTokens ??= configuration().then((config) => {
        const copy = new oidc.Configuration(
          { ...config.serverMetadata() },
          settings.clientId,
          settings.clientSecret ?? undefined,
        );
        copy.timeout = DISCOVERY_TIMEOUT_S;
        if (insecure) oidc.allowInsecureRequests(copy);
        oidc.useIdTokenResponseType(copy);
        return copy;
      });
      return forIdTokens;
    };
    providers.set(settings.id, { settings, configuration, idTokenConfiguration });
  }
  return {
    list: () => [...providers.values()].map((p) => ({ id: p.settings.id, name: p.settings.name })),
    get: (id) => providers.get(id) ?? null,
  };
}

/** The cookie that ties a started sign-in to the browser that started it (no login CSRF). */
const OIDC_BINDING_COOKIE = 'granary_oidc';
const BINDING_COOKIE_PATH = '/api/auth/oidc';

function callbackUrl(ctx: AppContext, request: FastifyRequest, partner: WhiteLabelPartner, id: OidcProviderId): string {
  return `${linkOrigin(ctx, request, partner)}/api/auth/oidc/${id}/callback`;
}

type StatePayload = {
  kind: 'authorize';
  provider: OidcProviderId;
  nonce: string;
  codeVerifier: string | null;
  binding: string;
  redirectUri: string;
  operatingSystem: string | null;
};

/**
 * Starts the authorization-code flow: state, nonce and PKCE verifier are kept server-side (auth_tokens,
 * purpose oidc_state, keyed by the state's hash, 10 minutes, single use), bound to this browser by a cookie.
 * Returns the provider's authorization URL.
 */
export async function startAuthorization(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  partner: WhiteLabelPartner,
  provider: OidcProvider,
  options: { redirect: string; operatingSystem: string | null },
): Promise<string> {
  const config = await provider.configuration();
  const existing = request.cookies[OIDC_BINDING_COOKIE];
  // One binding per browser, re-used, so sign-ins started in two tabs both work.
  const binding = existing && /^[A-Za-z0-9_-]{43}$/.test(existing) ? existing : randomToken();
  const nonce = oidc.randomNonce();
  const codeVerifier = config.serverMetadata().supportsPKCE() ? oidc.randomPKCECodeVerifier() : null;
  const redirectUri = callbackUrl(ctx, request, partner, provider.settings.id);
  const payload: StatePayload = {
    kind: 'authorize',
    provider: provider.settings.id,
    nonce,
    codeVerifier,
    binding: sha256(binding),
    redirectUri,
    operatingSystem: options.operatingSystem,
  };
  const { token: state } = await issueToken(ctx.database.db, 'oidc_state', {
    identifier: provider.settings.id,
    redirect: options.redirect,
    ip: request.ip,
    payload,
  });
  const params: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: provider.settings.scope,
    state,
    nonce,
  };
  if (codeVerifier) {
    params.code_challenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
    params.code_challenge_method = 'S256';
  }
  if (provider.settings.responseMode === 'form_post') params.response_mode = 'form_post';
  const secure = secureCookieFor(ctx.sessions, reply.request);
  reply.setCookie(OIDC_BINDING_COOKIE, binding, {
    path: BINDING_COOKIE_PATH,
    httpOnly: true,
    secure,
    // A form_post answer is a cross-site POST, which carries only SameSite=None cookies (and those must be Secure).
    sameSite: secure ? 'none' : 'lax',
    maxAge: 600,
  });
  return oidc.buildAuthorizationUrl(config, params).href;
}

export type ExternalIdentity = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  operatingSystem: string | null;
};

function identityFromClaims(claims: oidc.IDToken | undefined): Omit<ExternalIdentity, 'operatingSystem'> {
  if (!claims?.sub) throw new OidcFailure('no ID token subject');
  return {
    subject: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : null,
    // Apple sends the string 'true'.
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
  };
}

/** Some providers put the e-mail only in userinfo. */
async function withUserInfo(
  config: oidc.Configuration,
  tokens: oidc.TokenEndpointResponse,
  identity: Omit<ExternalIdentity, 'operatingSystem'>,
): Promise<Omit<ExternalIdentity, 'operatingSystem'>> {
  if (identity.email || !tokens.access_token || !config.serverMetadata().userinfo_endpoint) return identity;
  const info = await oidc.fetchUserInfo(config, tokens.access_token, identity.subject);
  return {
    ...identity,
    email: typeof info.email === 'string' ? info.email : null,
    emailVerified: info.email_verified === true || (info.email_verified as unknown) === 'true',
  };
}

/**
 * The provider's answer at the callback (query, or form for form_post): the state must be live, of this
 * provider and started by this browser; the code is exchanged with the PKCE verifier and the ID token
 * checked (signature, issuer, audience, expiry, nonce) by openid-client.
 */
export async function finishAuthorization(
  ctx: AppContext,
  request: FastifyRequest,
  provider: OidcProvider,
  params: Record<string, string>,
): Promise<{ identity: ExternalIdentity; redirect: string | null }> {
  const state = params.state;
  if (!state) throw new OidcFailure('no state');
  const row = await consumeToken(ctx.database.db, 'oidc_state', state);
  const payload = row?.payload as Partial<StatePayload> | undefined;
  if (!row || payload?.kind !== 'authorize' || payload.provider !== provider.settings.id)
    throw new OidcFailure('unknown, used or expired state');
  const binding = request.cookies[OIDC_BINDING_COOKIE];
  if (!binding || !payload.binding || !safeEqual(sha256(binding), payload.binding))
    throw new OidcFailure('state started in another browser');
  if (params.error) throw new OidcFailure(`provider error ${params.error}`);
  if (!payload.nonce || !payload.redirectUri) throw new OidcFailure('incomplete state');
  const config = await provider.configuration();
  const current = new URL(payload.redirectUri);
  for (const [key, value] of Object.entries(params)) current.searchParams.set(key, value);
  const tokens = await oidc.authorizationCodeGrant(config, current, {
    expectedState: state,
    expectedNonce: payload.nonce,
    idTokenExpected: true,
    ...(payload.codeVerifier ? { pkceCodeVerifier: payload.codeVerifier } : {}),
  });
  const identity = await withUserInfo(config, tokens, identityFromClaims(tokens.claims()));
  return { identity: { ...identity, operatingSystem: payload.operatingSystem ?? null }, redirect: row.redirect };
}

/**
 * A nonce for a page that gets an ID token itself (Google's button: `nonce` in its initialisation):
 * single use, 10 minutes, only its hash kept.
 */
export async function issueIdTokenNonce(
  ctx: AppContext,
  request: FastifyRequest,
  provider: OidcProvider,
): Promise<string> {
  const { token } = await issueToken(ctx.database.db, 'oidc_state', {
    identifier: provider.settings.id,
    ip: request.ip,
    payload: { kind: 'id_token_nonce', provider: provider.settings.id },
  });
  return token;
}

function unverifiedClaims(jwt: string): Record<string, unknown> {
  const part = jwt.split('.')[1];
  if (!part) throw new OidcFailure('not a JWT');
  try {
    const parsed: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new OidcFailure('not a JWT');
}

/**
 * login/google-oauth: an ID token the page got from the provider. openid-client validates it (signature
 * against the provider's keys, issuer, audience = our client id, expiry, nonce); the nonce must be one we
 * issued for this provider and is used up, so a token can't be replayed.
 */
export async function verifyIdToken(
  ctx: AppContext,
  provider: OidcProvider,
  idToken: string,
  operatingSystem: string | null,
): Promise<ExternalIdentity> {
  const nonce = unverifiedClaims(idToken).nonce;
  if (typeof nonce !== 'string' || !nonce) throw new OidcFailure('ID token without nonce');
  const config = await provider.idTokenConfiguration();
  const url = new URL('https://id-token.invalid/');
  url.hash = new URLSearchParams({ id_token: idToken }).toString();
  const claims = await oidc.implicitAuthentication(config, url, nonce);
  const row = await consumeToken(ctx.database.db, 'oidc_state', nonce);
  const payload = row?.payload as { kind?: string; provider?: string } | undefined;
  if (!row || payload?.kind !== 'id_token_nonce' || payload.provider !== provider.settings.id) {
    throw new OidcFailure('nonce unknown, used or expired');
  }
  return { ...identityFromClaims(claims), operatingSystem };
}

/**
 * login/apple-oauth: an authorization code the (mobile-platform) page got from the provider with our
 * callback URL as redirect_uri. It is exchanged with our client credentials; the provider lets a code be
 * used once. A `nonce` the page asked us for (and put in the request) is checked and used up.
 */
export async function exchangeCode(
  ctx: AppContext,
  request: FastifyRequest,
  partner: WhiteLabelPartner,
  provider: OidcProvider,
  code: string,
  nonce: string | null,
): Promise<ExternalIdentity> {
  const config = await provider.configuration();
  const current = new URL(callbackUrl(ctx, request, partner, provider.settings.id));
  current.searchParams.set('code', code);
  // The code came straight from our own page, not through a redirect: the issuer is the one we talk to.
  if (config.serverMetadata().authorization_response_iss_parameter_supported)
    current.searchParams.set('iss', config.serverMetadata().issuer);
  const tokens = await oidc.authorizationCodeGrant(config, current, {
    idTokenExpected: true,
    ...(nonce ? { expectedNonce: nonce } : {}),
  });
  if (nonce) {
    const row = await consumeToken(ctx.database.db, 'oidc_state', nonce);
    const payload = row?.payload as { kind?: string; provider?: string } | undefined;
    if (!row || payload?.kind !== 'id_token_nonce' || payload.provider !== provider.settings.id) {
      throw new OidcFailure('nonce unknown, used or expired');
    }
  }
  return { ...(await withUserInfo(config, tokens, identityFromClaims(tokens.claims()))), operatingSystem: null };
}

/**
 * The account a provider's identity signs in to: the linked one; else, the first time, the account with
 * the same e-mail when the provider says it verified that e-mail (the link is then recorded). Nobody else
 * gets an account here: 404 no_account, and the page offers signup (docs/decisions/011).
 */
export async function resolveAccount(
  ctx: AppContext,
  request: FastifyRequest,
  provider: OidcProvider,
  identity: ExternalIdentity,
): Promise<UserRow> {
  const db = ctx.database.db;
  const { id, name, partnerId } = provider.settings;
  const noAccount = () =>
    new AppError('no_account', `There is no account for your ${name} account. Sign up first, or sign in another way.`);
  const inReach = (user: UserRow) => partnerId === null || (user.partnerId === partnerId && !user.isSuperAdmin);
  const linked = await findExternalIdentity(db, id, identity.subject);
  if (linked) {
    const user = await findUserById(db, linked.userId);
    if (!user || !inReach(user)) throw noAccount();
    return user;
  }
  if (!identity.email || !identity.emailVerified) throw noAccount();
  const user = await findUserByEmail(db, identity.email);
  if (!user || !inReach(user)) throw noAccount();
  await linkExternalIdentity(db, { provider: id, subject: identity.subject, userId: user.id, email: identity.email });
  await audit(db, request, {
    actorUserId: user.id,
    action: 'external_identity_linked',
    targetType: 'user',
    targetId: user.id,
    details: { provider: id },
  });
  return user;
}
