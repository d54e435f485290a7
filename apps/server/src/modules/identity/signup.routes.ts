import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  LOGIN_SOURCES,
  apiErrorSchema,
  signupFormInputSchema,
  signupResponseSchema,
  validateSignupForm,
  verifyFirstStateSchema,
} from '@granary/domain';
import type { IdentityDeps } from './identity-deps.ts';
import { AppError } from '../../platform/errors.ts';
import { AUTH_RATE_LIMIT } from './identity.routes.ts';
import { confirmSignupLink, signup } from './signup.service.ts';
import {
  resendVerifyFirstCode,
  verifyFirstChallenge,
  verifyFirstIdentifier,
  verifyFirstPick,
  verifyFirstRest,
  verifyFirstState,
} from './verify-first-signup.service.ts';
import { normalizePhone } from './verification-codes.service.ts';

/** Routes that send a mail or an SMS: tighter than AUTH_RATE_LIMIT (per IP; per address limits are in the services). */
export const SEND_RATE_LIMIT = { max: 10, timeWindow: 60_000 } as const;

const botToken = { recaptcha_v3: z.string().max(10_000).optional(), recaptchaV3: z.string().max(10_000).optional() };
const opaqueToken = z.string().min(1).max(200);
const signedInSchema = z.object({ userId: z.string(), oneTimePassword: z.boolean(), redirect: z.string() });
const doneSchema = z.discriminatedUnion('kind', [
  z.object({ step: z.literal('done'), kind: z.literal('redirect'), url: z.string(), userId: z.string() }),
  z.object({ step: z.literal('done'), kind: z.literal('email_sent'), email: z.string() }),
]);
const errors = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
  429: apiErrorSchema,
};

const signupExtras = {
  loginSource: z.enum(LOGIN_SOURCES).default('www'),
  formUrl: z.string().max(2000).optional(),
};

const signupBody = signupFormInputSchema.extend({
  ...signupExtras,
  ...botToken,
  /** The /signup/:reason? parameter (a slug such as 'seed', or an id). */
  reason: z.string().max(50).optional(),
  /** A verified session/email_verify session of this browser for the form's e-mail: sign in at once. */
  emailVerificationToken: opaqueToken.optional(),
  /** A verified session/phone_number_verify session for the form's phone number: it is stored verified. */
  phoneVerificationToken: opaqueToken.optional(),
});

const verifyFirstBody = z.discriminatedUnion('step', [
  z.object({
    step: z.literal('collect_identifier'),
    identifier: z.string().max(320),
    redirect: z.string().max(2000).optional(),
    ...botToken,
  }),
  z.object({ step: z.literal('collect_challenge'), token: opaqueToken, code: z.string().max(20) }),
  signupFormInputSchema.extend({ step: z.literal('collect_rest'), token: opaqueToken, ...signupExtras }),
  z.object({ step: z.literal('pick_account'), token: opaqueToken, userId: z.string().max(64) }),
  /** Not a step of the flow: a new code for collect_challenge. */
  z.object({ step: z.literal('resend'), token: opaqueToken, ...botToken }),
]);

export const signupRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, { ctx, botCheck, partners }) => {
  const call = async (request: FastifyRequest, reply: FastifyReply) => ({
    ctx,
    request,
    reply,
    partners,
    partner: await partners.byHost(request.headers.host),
  });
  const checkBot = async (
    action: 'signup' | 'generate_one_time_password',
    body: { recaptcha_v3?: string; recaptchaV3?: string },
    ip: string,
  ) => {
    const verdict = await botCheck.verify(action, body.recaptcha_v3 ?? body.recaptchaV3, ip);
    if (verdict !== 'ok') throw new AppError('bot_check_failed', verdict);
  };

  // The signup form of /signup/:reason? (platform.md 3.6, 7.3).
  app.post(
    '/api/auth/signup',
    {
      config: { access: 'public', rateLimit: SEND_RATE_LIMIT },
      schema: { body: signupBody, response: { 200: signupResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const body = request.body;
      return signup(
        await call(request, reply),
        botCheck,
        body,
        {
          loginSource: body.loginSource,
          formUrl: body.formUrl ?? null,
          reason: body.reason ?? null,
          emailVerificationToken: body.emailVerificationToken ?? null,
          phoneVerificationToken: body.phoneVerificationToken ?? null,
        },
        body.recaptcha_v3 ?? body.recaptchaV3 ?? null,
      );
    },
  );

  // Field checks as the person types, per step (createAccount, finalize) or only what was given.
  // Never says whether an address has an account.
  app.post(
    '/api/auth/users/signup/validate',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        body: signupFormInputSchema.extend({ step: z.enum(['createAccount', 'finalize']).optional() }),
        response: { 200: z.object({ fields: z.object({}) }), 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { step, ...form } = request.body;
      const result = validateSignupForm(form, step ?? 'partial');
      const fields = { ...result.fields };
      if (result.ok && result.form.phoneNumber && !normalizePhone(result.form.phoneNumber, result.form.countryCode))
        fields.phoneNumber = 'enter_cell';
      if (Object.keys(fields).length > 0) throw new AppError('invalid_signup', undefined, { fields });
      return { fields: {} };
    },
  );

  // Verify-first signup: collect_identifier → collect_challenge → collect_rest | pick_account.
  app.post(
    '/api/auth/signup-verify-first/verify',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        body: verifyFirstBody,
        response: { 200: z.union([verifyFirstStateSchema, doneSchema]), ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const c = await call(request, reply);
      switch (body.step) {
        case 'collect_identifier':
          await checkBot('signup', body, request.ip);
          return verifyFirstIdentifier(c, body.identifier, body.redirect ?? null);
        case 'collect_challenge':
          return verifyFirstChallenge(c, body.token, body.code);
        case 'collect_rest': {
          const { step: _step, token, loginSource, formUrl, ...form } = body;
          return verifyFirstRest(c, token, form, { loginSource, formUrl: formUrl ?? null });
        }
        case 'pick_account': {
          const signedIn = await verifyFirstPick(c, body.token, body.userId);
          return { step: 'done' as const, kind: 'redirect' as const, url: signedIn.redirect, userId: signedIn.userId };
        }
        case 'resend':
          await checkBot('generate_one_time_password', body, request.ip);
          return resendVerifyFirstCode(c, body.token);
      }
    },
  );

  // The page /signup-verify-first/token/:token reads where its session is (e.g. after a reload).
  app.get(
    '/api/auth/signup-verify-first/token/:token',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        params: z.object({ token: opaqueToken }),
        response: { 200: verifyFirstStateSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return verifyFirstState(await call(request, reply), request.params.token);
    },
  );

  // Sign in to an account of a verified identifier (the pick_account step by its catalogue name).
  app.post(
    '/api/auth/session/users/:userId/login',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        params: z.object({ userId: z.string().max(64) }),
        body: z.object({ token: opaqueToken }),
        response: { 200: signedInSchema, ...errors },
      },
    },
    async (request, reply) => verifyFirstPick(await call(request, reply), request.body.token, request.params.userId),
  );

  // The signup e-mail's link lands on /signup-jit-verify/:reason?token=…, which confirms it here.
  app.post(
    '/api/auth/signup-jit-verify/verify',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: { body: z.object({ token: opaqueToken }), response: { 200: signedInSchema, ...errors } },
    },
    async (request, reply) => confirmSignupLink(await call(request, reply), request.body.token),
  );
};
