import type { Challenge, Solution } from 'altcha-lib';
import { request, settle } from '../api/request';

/** The actions that carry a bot-check token (grain-marketing.md 7 'Sign-in calls', platform.md 7.3). */
export type BotCheckAction =
  | 'signup'
  | 'login_password'
  | 'checkout'
  | 'profile'
  | 'billing_user_legal_name'
  | 'post'
  | 'generate_one_time_password';

export type BotCheckMode = 'altcha' | 'recaptcha' | 'off';
type ChallengeResponse = { mode: BotCheckMode; challenge?: unknown };

/** How long the solver may take before the form is sent without a token (the server then answers TRY_AGAIN). */
const SOLVE_TIMEOUT_MS = 30_000;

function isChallenge(value: unknown): value is Challenge {
  if (typeof value !== 'object' || value === null) return false;
  const parameters = (value as { parameters?: unknown }).parameters;
  if (typeof parameters !== 'object' || parameters === null) return false;
  const p = parameters as Record<string, unknown>;
  return typeof p['algorithm'] === 'string' && typeof p['nonce'] === 'string' && typeof p['salt'] === 'string';
}

/**
 * GET /api/auth/bot-check/challenge?action=…: {mode, challenge?}. Anything but a well-formed answer counts as
 * 'off' (the call answers 404 on a server without the bot check), and the server decides whether that is enough.
 */
export async function fetchBotCheckChallenge(
  action: BotCheckAction,
): Promise<{ mode: BotCheckMode; challenge: Challenge | null }> {
  const result = await settle(
    request<ChallengeResponse>('/api/auth/bot-check/challenge', {
      query: { action },
      handleSessionExpiry: false,
      handleNetworkErrors: false,
      checkSession: false,
    }),
  );
  if (!result.ok || typeof result.json !== 'object' || result.json === null) return { mode: 'off', challenge: null };
  const mode = result.json.mode;
  if (mode !== 'altcha' && mode !== 'recaptcha') return { mode: 'off', challenge: null };
  return { mode, challenge: isChallenge(result.json.challenge) ? result.json.challenge : null };
}

function solveInWorker(challenge: Challenge, timeoutMs: number): Promise<Solution | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./altcha.worker.ts', import.meta.url), { type: 'module' });
    const done = (fn: () => void) => {
      worker.terminate();
      fn();
    };
    worker.onmessage = (event: MessageEvent<{ solution?: Solution | null; error?: string }>) => {
      if (event.data.error) done(() => reject(new Error(event.data.error)));
      else done(() => resolve(event.data.solution ?? null));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      done(() => reject(new Error(event.message || 'bot-check worker failed')));
    };
    worker.postMessage({ challenge, timeoutMs });
  });
}

/** Solves in a Web Worker when the browser has them, otherwise (or if the worker fails) on the main thread. */
async function solveAltcha(challenge: Challenge, timeoutMs = SOLVE_TIMEOUT_MS): Promise<Solution | null> {
  if (typeof Worker !== 'undefined') {
    try {
      return await solveInWorker(challenge, timeoutMs);
    } catch (error) {
      console.warn('bot check: worker failed, solving on the main thread', error);
    }
  }
  const { solveAltchaHere } = await import('./altcha-solve');
  return solveAltchaHere(challenge, timeoutMs);
}

/** The altcha payload as the server verifies it: base64 of JSON {challenge, solution} (altcha-lib's format). */
export function encodeAltchaPayload(challenge: Challenge, solution: Solution): string {
  const { parameters, signature } = challenge;
  const json = JSON.stringify({
    challenge: signature === undefined ? { parameters } : { parameters, signature },
    solution,
  });
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The token to send as `recaptcha_v3` for an action, or undefined when there is none to send ('off', no
 * challenge, an algorithm the browser cannot solve, or reCAPTCHA, whose script this app does not load).
 * `onSolving` is called when a proof of work starts, so the form can say it is verifying.
 */
export async function botCheckToken(action: BotCheckAction, onSolving?: () => void): Promise<string | undefined> {
  const { mode, challenge } = await fetchBotCheckChallenge(action);
  if (mode !== 'altcha' || !challenge) return undefined;
  onSolving?.();
  try {
    const solution = await solveAltcha(challenge);
    return solution ? encodeAltchaPayload(challenge, solution) : undefined;
  } catch (error) {
    console.error('bot check: could not solve the challenge', error);
    return undefined;
  }
}
