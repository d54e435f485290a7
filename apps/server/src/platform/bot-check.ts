import type { Env } from './env.ts';

/** The actions that carry a bot-check token (grain-marketing.md 7 'Sign-in calls', platform.md 7.3). */
export const BOT_CHECK_ACTIONS = [
  'signup',
  'login_password',
  'checkout',
  'profile',
  'billing_user_legal_name',
  'post',
  'generate_one_time_password',
] as const;
export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[number];

/** 'ok', or the spec's failure codes: TRY_AGAIN (stale/wrong answer), MALFORMED (not a token at all). */
export type BotCheckResult = 'ok' | 'TRY_AGAIN' | 'MALFORMED';

/** One adapter for every bot check; see docs/decisions for the checker behind it. */
export type BotCheck = {
  mode: 'altcha' | 'recaptcha' | 'off';
  /** A challenge for the page to solve (altcha), or null when the mode needs none. */
  challenge(action: BotCheckAction): Promise<unknown>;
  verify(action: BotCheckAction, token: string | undefined | null, ip: string | null): Promise<BotCheckResult>;
};

/** The default mode: off under test (specs turn it on where they test it), altcha otherwise. */
export function botCheckMode(env: Env): BotCheck['mode'] {
  if (env.BOT_CHECK) return env.BOT_CHECK;
  return env.NODE_ENV === 'test' ? 'off' : 'altcha';
}

export const offBotCheck: BotCheck = {
  mode: 'off',
  challenge: async () => null,
  verify: async () => 'ok',
};
