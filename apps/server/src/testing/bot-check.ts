import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey as derivePbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import type { BotCheckAction } from '../platform/bot-check.ts';

/**
 * Solves an altcha challenge the way the browser does and returns the token to send as recaptcha_v3
 * (base64 of JSON {challenge, solution}).
 */
export async function solveAltcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey: derivePbkdf2, timeout: 20_000 });
  if (!solution) throw new Error('could not solve the altcha challenge in time');
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}

/**
 * A solved bot-check token for an action, fetched from the server's challenge route: through `app.inject`
 * (API tests) or over HTTP from `baseURL` (e2e). Undefined when the server's bot check is off.
 */
export async function botCheckToken(
  target: FastifyInstance | { baseURL: string },
  action: BotCheckAction,
  options: { remoteAddress?: string } = {},
): Promise<string | undefined> {
  const url = `/api/auth/bot-check/challenge?action=${action}`;
  let body: { mode: string; challenge?: Challenge };
  if ('baseURL' in target) {
    const res = await fetch(new URL(url, target.baseURL));
    if (!res.ok) throw new Error(`bot-check challenge: ${res.status}`);
    body = (await res.json()) as typeof body;
  } else {
    const res = await target.inject({
      method: 'GET',
      url,
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    if (res.statusCode !== 200) throw new Error(`bot-check challenge: ${res.statusCode} ${res.body}`);
    body = res.json();
  }
  if (body.mode !== 'altcha' || !body.challenge) return undefined;
  return solveAltcha(body.challenge);
}
