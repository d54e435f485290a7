import type { AppContext } from '../../platform/context.ts';
import type { BotCheck } from '../../platform/bot-check.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';

/** What every identity route plugin is registered with. */
export type IdentityDeps = { ctx: AppContext; botCheck: BotCheck; partners: PartnerDirectory };
