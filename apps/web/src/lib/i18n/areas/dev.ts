import { devMessages } from '../dev-messages';

/** The dev mailbox's messages: loaded with its page, not in the entry (docs/decisions/029-messages-by-area.md). */
export const devAreaMessages = {
  ...devMessages,
} as const;
