import type { AppContext } from '../../platform/context.ts';
import { botCheckMode, offBotCheck, type BotCheck } from '../../platform/bot-check.ts';

/** The bot check for the configured mode (BOT_CHECK): altcha by default, off under test. */
export async function createBotCheck(ctx: AppContext): Promise<BotCheck> {
  const mode = botCheckMode(ctx.env);
  if (mode === 'off') return offBotCheck;
  // Not built yet (issue 3): until the altcha / recaptcha adapters land, the check passes.
  return { ...offBotCheck, mode };
}
