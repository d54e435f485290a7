import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey as derivePbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { getOrCreateSetting } from '../../platform/settings.repo.ts';
import { randomToken } from '../../platform/crypto.ts';
import {
  botCheckMode,
  offBotCheck,
  type BotCheck,
  type BotCheckAction,
  type BotCheckResult,
} from '../../platform/bot-check.ts';
import { markChallengeUsed } from './bot-check.repo.ts';

/**
 * ALTCHA proof of work (altcha-lib v2, docs/decisions/012). Deterministic mode: the server picks the
 * counter, so the work a browser does is bounded (on average ~1,000 PBKDF2-SHA-256 derivations of 100
 * iterations: well under a second on a phone with the worker the web app uses), and the server checks a
 * solution with one HMAC (the key signature) instead of repeating the work.
 */
export const ALTCHA_PARAMS = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 100,
  counterMin: 500,
  counterMax: 1_500,
  /** A challenge must be solved and used within this time. */
  ttlMs: 10 * 60_000,
} as const;

/** A token larger than this is not one of ours. */
const MAX_TOKEN_LENGTH = 8_000;

const hex = z
  .string()
  .regex(/^[0-9a-f]+$/i)
  .max(1_024);
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string().max(32),
        nonce: hex,
        salt: hex,
        cost: z.number().int().positive(),
        keyLength: z.number().int().positive().max(64),
        keyPrefix: hex,
        keySignature: hex.optional(),
        expiresAt: z.number().optional(),
        data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
      })
      .loose(),
    signature: hex,
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(1_024), time: z.number().optional() }),
});

/** Decodes an altcha payload (base64 of JSON {challenge, solution}); null when it is not one. */
export function decodeAltchaPayload(token: string): z.infer<typeof payloadSchema> | null {
  if (token.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9+/=_-]+$/.test(token)) return null;
  try {
    const json: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The self-hosted checker: signed, action-bound, one-use challenges. */
async function createAltchaBotCheck(ctx: AppContext): Promise<BotCheck> {
  const db = ctx.database.db;
  // Shared by every server process, so a challenge made by one is verified by another.
  const hmacSignatureSecret = await getOrCreateSetting(db, 'altcha_hmac_secret', () => randomToken(32));
  const hmacKeySignatureSecret = await getOrCreateSetting(db, 'altcha_hmac_key_secret', () => randomToken(32));

  return {
    mode: 'altcha',
    async challenge(action: BotCheckAction): Promise<Challenge> {
      return createChallenge({
        algorithm: ALTCHA_PARAMS.algorithm,
        cost: ALTCHA_PARAMS.cost,
        counter: randomInt(ALTCHA_PARAMS.counterMin, ALTCHA_PARAMS.counterMax),
        deriveKey: derivePbkdf2,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        expiresAt: new Date(Date.now() + ALTCHA_PARAMS.ttlMs),
        data: { action },
      });
    },
    async verify(action: BotCheckAction, token: string | undefined | null): Promise<BotCheckResult> {
      if (typeof token !== 'string' || token === '') return 'MALFORMED';
      const payload = decodeAltchaPayload(token);
      if (!payload) return 'MALFORMED';
      const { challenge, solution } = payload;
      // Only our own kind of challenge: the signature covers the parameters, this keeps the checks cheap.
      if (challenge.parameters.algorithm !== ALTCHA_PARAMS.algorithm || !challenge.parameters.keySignature)
        return 'TRY_AGAIN';
      let verified: boolean;
      try {
        const result = await verifySolution({
          challenge: challenge as Challenge,
          solution,
          deriveKey: derivePbkdf2,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
        verified = result.verified;
      } catch {
        return 'MALFORMED';
      }
      if (!verified) return 'TRY_AGAIN';
      // Signed by us, so the action in it is the one we put there.
      if (challenge.parameters.data?.['action'] !== action) return 'TRY_AGAIN';
      // One use: the signature is recorded until the challenge expires; a second use finds it there.
      const expiresAt = new Date(
        (challenge.parameters.expiresAt ?? Date.now() / 1000 + ALTCHA_PARAMS.ttlMs / 1000) * 1000,
      );
      if (!(await markChallengeUsed(db, challenge.signature, expiresAt))) return 'TRY_AGAIN';
      return 'ok';
    },
  };
}

const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** reCAPTCHA v3 scores run from 0 (bot) to 1 (human); Google suggests 0.5 as the threshold. */
const RECAPTCHA_MIN_SCORE = 0.5;

type SiteverifyAnswer = { success?: boolean; score?: number; action?: string; 'error-codes'?: string[] };

/**
 * Google reCAPTCHA v3 behind the same interface (RECAPTCHA_SECRET; the page loads Google's script with
 * its site key and sends the token it gets for the action). Fails closed: no answer from Google is a
 * TRY_AGAIN, never a pass.
 */
export function createRecaptchaBotCheck(secret: string, fetchImpl: typeof fetch = fetch): BotCheck {
  return {
    mode: 'recaptcha',
    challenge: async () => null,
    async verify(action, token, ip): Promise<BotCheckResult> {
      if (typeof token !== 'string' || token === '' || token.length > MAX_TOKEN_LENGTH) return 'MALFORMED';
      const body = new URLSearchParams({ secret, response: token });
      if (ip) body.set('remoteip', ip);
      let answer: SiteverifyAnswer;
      try {
        const res = await fetchImpl(RECAPTCHA_VERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(5_000) });
        answer = (await res.json()) as SiteverifyAnswer;
      } catch {
        return 'TRY_AGAIN';
      }
      const errors = answer['error-codes'] ?? [];
      if (errors.includes('invalid-input-response') || errors.includes('missing-input-response')) return 'MALFORMED';
      if (!answer.success) return 'TRY_AGAIN';
      if (answer.action !== action) return 'TRY_AGAIN';
      return (answer.score ?? 0) >= RECAPTCHA_MIN_SCORE ? 'ok' : 'TRY_AGAIN';
    },
  };
}

/** The bot check for the configured mode (BOT_CHECK): altcha by default, off under test. */
export async function createBotCheck(ctx: AppContext): Promise<BotCheck> {
  const mode = botCheckMode(ctx.env);
  if (mode === 'off') return offBotCheck;
  if (mode === 'recaptcha') {
    if (!ctx.env.RECAPTCHA_SECRET) throw new Error('BOT_CHECK=recaptcha needs RECAPTCHA_SECRET');
    return createRecaptchaBotCheck(ctx.env.RECAPTCHA_SECRET);
  }
  return createAltchaBotCheck(ctx);
}
