import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EMAIL_PATTERN,
  apiErrorSchema,
  verificationSessionStateSchema,
  verificationStatusFor,
  verifiedInfoSchema,
  verifiedInfoV2Schema,
  type VerificationStatus,
} from '@granary/domain';
import type { IdentityDeps } from './identity-deps.ts';
import type { BotCheckAction } from '../../platform/bot-check.ts';
import { requireSession } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { AUTH_RATE_LIMIT } from './identity.routes.ts';
import { SEND_RATE_LIMIT } from './signup.routes.ts';
import { verifyPassword } from './passwords.ts';
import type { UserRow } from './users.repo.ts';
import { hasOpenVerificationSession } from './verification.repo.ts';
import {
  initiateEmailUpdate,
  initiateEmailVerification,
  initiatePhoneVerification,
  isEmailWorkflow,
  isPhoneWorkflow,
  resetSessionCode,
  setSessionState,
  verifySessionCode,
} from './verification.service.ts';
import { normalizePhone } from './verification-codes.service.ts';

const botToken = { recaptcha_v3: z.string().max(10_000).optional(), recaptchaV3: z.string().max(10_000).optional() };
const opaqueToken = z.string().min(1).max(200);
const stateBody = z.object({ token: opaqueToken, state: z.enum(['skipped', 'cancelled']) });
const errors = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
  429: apiErrorSchema,
};
const sessionResponse = { 200: verificationSessionStateSchema, ...errors };

/** The stored status, or the one computed now if it is behind (e.g. a session that expired unverified). */
async function statusOf(db: IdentityDeps['ctx']['database']['db'], user: UserRow): Promise<VerificationStatus> {
  return verificationStatusFor({
    emailVerified: user.emailVerifiedAt !== null,
    phoneVerified: user.phoneVerifiedAt !== null,
    hasPhone: Boolean(user.phoneNumber),
    verificationInProgress: await hasOpenVerificationSession(db, user.id),
  });
}

type RoutesApp = Parameters<FastifyPluginAsyncZod<IdentityDeps>>[0];

/** What every group of verification routes uses: the context, its database, the bot check and the partner of a host. */
function sharedOf({ ctx, botCheck, partners }: IdentityDeps) {
  const db = ctx.database.db;
  const checkBot = async (
    action: BotCheckAction,
    body: { recaptcha_v3?: string | undefined; recaptchaV3?: string | undefined },
    ip: string,
  ) => {
    const verdict = await botCheck.verify(action, body.recaptcha_v3 ?? body.recaptchaV3, ip);
    if (verdict !== 'ok') throw new AppError('bot_check_failed', verdict);
  };
  const partnerOf = (host: string | undefined) => partners.byHost(host);
  return { ctx, db, checkBot, partnerOf };
}
type Shared = ReturnType<typeof sharedOf>;

export const verificationRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, deps) => {
  const shared = sharedOf(deps);
  emailVerificationRoutes(app, shared);
  phoneVerificationRoutes(app, shared);
  ownPhoneRoutes(app, shared);
  verifiedInfoRoutes(app, shared);
  emailChangeRoutes(app, shared);
};

/** E-mail verification sessions (session/email_verify/*): start, verify a code, skip or cancel, a new code. */
function emailVerificationRoutes(app: RoutesApp, { ctx, checkBot, partnerOf }: Shared): void {
  app.post(
    '/api/auth/session/email_verify/initiate/:workflow',
    {
      config: { access: 'public', rateLimit: SEND_RATE_LIMIT },
      schema: {
        params: z.object({ workflow: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/) }),
        body: z.object({ email: z.string().max(320).optional(), ...botToken }).default({}),
        response: sessionResponse,
      },
    },
    async (request) => {
      const email = request.body.email?.trim() || null;
      if (email && !EMAIL_PATTERN.test(email)) throw new AppError('invalid_request', 'The email format is invalid.');
      await checkBot('generate_one_time_password', request.body, request.ip);
      return initiateEmailVerification(
        ctx,
        request,
        await partnerOf(request.headers.host),
        request.params.workflow,
        email,
      );
    },
  );

  app.post(
    '/api/auth/session/email_verify/verify',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: { body: z.object({ token: opaqueToken, code: z.string().max(20) }), response: sessionResponse },
    },
    async (request) =>
      verifySessionCode(
        ctx,
        request,
        await partnerOf(request.headers.host),
        request.body.token,
        request.body.code,
        isEmailWorkflow,
      ),
  );

  app.post(
    '/api/auth/session/email_verify/reset',
    {
      config: { access: 'public', rateLimit: SEND_RATE_LIMIT },
      schema: { body: z.object({ token: opaqueToken, ...botToken }), response: sessionResponse },
    },
    async (request) => {
      await checkBot('generate_one_time_password', request.body, request.ip);
      return resetSessionCode(ctx, request, await partnerOf(request.headers.host), request.body.token, isEmailWorkflow);
    },
  );

  app.post(
    '/api/auth/session/email_verify/state/set',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: { body: stateBody, response: sessionResponse },
    },
    async (request) => setSessionState(ctx, request, request.body.token, request.body.state, isEmailWorkflow),
  );
}

/** Phone verification sessions (session/phone_number_verify/*): start, verify a code, skip or cancel, a new code. */
function phoneVerificationRoutes(app: RoutesApp, { ctx, checkBot, partnerOf }: Shared): void {
  app.post(
    '/api/auth/session/phone_number_verify/initiate',
    {
      config: { access: 'public', rateLimit: SEND_RATE_LIMIT },
      schema: {
        body: z.object({ phone_number: z.string().max(40).optional(), ...botToken }).default({}),
        response: sessionResponse,
      },
    },
    async (request) => {
      await checkBot('generate_one_time_password', request.body, request.ip);
      return initiatePhoneVerification(
        ctx,
        request,
        await partnerOf(request.headers.host),
        request.body.phone_number ?? null,
      );
    },
  );

  app.post(
    '/api/auth/session/phone_number_verify/verify',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: { body: z.object({ token: opaqueToken, code: z.string().max(20) }), response: sessionResponse },
    },
    async (request) =>
      verifySessionCode(
        ctx,
        request,
        await partnerOf(request.headers.host),
        request.body.token,
        request.body.code,
        isPhoneWorkflow,
      ),
  );

  app.post(
    '/api/auth/session/phone_number_verify/reset',
    {
      config: { access: 'public', rateLimit: SEND_RATE_LIMIT },
      schema: { body: z.object({ token: opaqueToken, ...botToken }), response: sessionResponse },
    },
    async (request) => {
      await checkBot('generate_one_time_password', request.body, request.ip);
      return resetSessionCode(ctx, request, await partnerOf(request.headers.host), request.body.token, isPhoneWorkflow);
    },
  );

  app.post(
    '/api/auth/session/phone_number_verify/set/state',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: { body: stateBody, response: sessionResponse },
    },
    async (request) => setSessionState(ctx, request, request.body.token, request.body.state, isPhoneWorkflow),
  );
}

/** The signed-in user's own phone (profile, users/phone_number/sms_verify/*): a code to it, and verifying it. */
function ownPhoneRoutes(app: RoutesApp, { ctx, checkBot, partnerOf }: Shared): void {
  app.post(
    '/api/auth/users/phone_number/sms_verify/initiate',
    {
      config: { access: 'session', rateLimit: SEND_RATE_LIMIT },
      schema: {
        body: z.object({ phone_number: z.string().max(40).optional(), ...botToken }).default({}),
        response: {
          200: z.object({ verification_token: z.string(), state: z.string(), phone_number: z.string() }),
          ...errors,
        },
      },
    },
    async (request) => {
      await checkBot('generate_one_time_password', request.body, request.ip);
      const started = await initiatePhoneVerification(
        ctx,
        request,
        await partnerOf(request.headers.host),
        request.body.phone_number ?? null,
      );
      return { verification_token: started.token, state: started.state, phone_number: started.identifier };
    },
  );

  app.post(
    '/api/auth/users/phone_number/sms_verify/verify',
    {
      config: { access: 'session', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        body: z.object({ verification_token: opaqueToken, code: z.string().max(20) }),
        response: {
          200: z.object({ phone_verified: z.boolean(), verification_status: z.string().nullable() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { user } = await requireSession(ctx, request);
      const result = await verifySessionCode(
        ctx,
        request,
        await partnerOf(request.headers.host),
        request.body.verification_token,
        request.body.code,
        isPhoneWorkflow,
        user.id,
      );
      return { phone_verified: result.state === 'verified', verification_status: result.verificationStatus };
    },
  );
}

/** What is verified, about the caller's own user only: anyone else's id is answered like an unknown one. */
function verifiedInfoRoutes(app: RoutesApp, { ctx, db }: Shared): void {
  const ownUser = async (request: Parameters<typeof requireSession>[1], legacyId: number): Promise<UserRow> => {
    const { user } = await requireSession(ctx, request);
    if (user.legacyId !== legacyId) throw new AppError('not_found');
    return user;
  };
  const legacyParams = z.object({ userIdLegacy: z.coerce.number().int().positive().max(2_147_483_647) });

  app.get(
    '/api/auth/users/:userIdLegacy/verified_info',
    {
      config: { access: 'session', rateLimit: AUTH_RATE_LIMIT },
      schema: { params: legacyParams, response: { 200: verifiedInfoSchema, 404: apiErrorSchema } },
    },
    async (request) => {
      const user = await ownUser(request, request.params.userIdLegacy);
      return {
        email_verified: user.emailVerifiedAt !== null,
        phone_verified: user.phoneVerifiedAt !== null,
        verification_status: await statusOf(db, user),
      };
    },
  );

  app.get(
    '/api/auth/v2/users/:userIdLegacy/verified_info',
    {
      config: { access: 'session', rateLimit: AUTH_RATE_LIMIT },
      schema: { params: legacyParams, response: { 200: verifiedInfoV2Schema, 404: apiErrorSchema } },
    },
    async (request) => {
      const user = await ownUser(request, request.params.userIdLegacy);
      return {
        userId: user.id,
        legacyId: user.legacyId,
        email: user.email,
        emailVerified: user.emailVerifiedAt !== null,
        emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
        phoneNumber: user.phoneNumber,
        phoneVerified: user.phoneVerifiedAt !== null,
        phoneVerifiedAt: user.phoneVerifiedAt?.toISOString() ?? null,
        verificationStatus: await statusOf(db, user),
      };
    },
  );

  // Is this e-mail address or phone number one of mine, verified? Only ever about the caller's own.
  app.get(
    '/api/auth/verified/:identifier',
    {
      config: { access: 'session', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        params: z.object({ identifier: z.string().min(1).max(320) }),
        response: { 200: z.object({ identifier: z.string(), verified: z.boolean() }) },
      },
    },
    async (request) => {
      const { user } = await requireSession(ctx, request);
      const identifier = request.params.identifier.trim();
      let verified: boolean;
      if (identifier.includes('@')) {
        verified = user.emailVerifiedAt !== null && user.email.toLowerCase() === identifier.toLowerCase();
      } else {
        const phone = normalizePhone(identifier, user.countryCode);
        verified = phone !== null && user.phoneVerifiedAt !== null && user.normalizedPhoneNumber === phone;
      }
      return { identifier, verified };
    },
  );
}

/** Changing the e-mail address (email/update): a code to the new address, which becomes the user's once verified. */
function emailChangeRoutes(app: RoutesApp, { ctx, checkBot, partnerOf }: Shared): void {
  app.post(
    '/api/auth/email/update',
    {
      config: { access: 'session', rateLimit: SEND_RATE_LIMIT },
      schema: {
        body: z.object({
          new_email: z.string().max(320),
          new_email_confirmation: z.string().max(320),
          current_password: z.string().max(1000).optional(),
          ...botToken,
        }),
        response: sessionResponse,
      },
    },
    async (request) => {
      const { user } = await requireSession(ctx, request);
      const next = request.body.new_email.trim();
      if (!next) throw new AppError('invalid_request', 'The email field is required.');
      if (!EMAIL_PATTERN.test(next)) throw new AppError('invalid_request', 'The email format is invalid.');
      if (next.toLowerCase() !== request.body.new_email_confirmation.trim().toLowerCase()) {
        throw new AppError('invalid_request', 'The new email confirmation must match the new email');
      }
      if (next.toLowerCase() === user.email.toLowerCase())
        throw new AppError('invalid_request', 'This is already your e-mail address.');
      // Someone at an unlocked computer must not be able to move the account to their address.
      if (user.passwordHash && !user.oneTimePassword) {
        const current = request.body.current_password;
        if (!current) throw new AppError('invalid_request', 'The current password field is required.');
        if (!(await verifyPassword(user.passwordHash, current))) throw new AppError('incorrect_password');
      }
      await checkBot('profile', request.body, request.ip);
      return initiateEmailUpdate(ctx, request, await partnerOf(request.headers.host), user, next);
    },
  );
}
