import { accountMessages } from '../account-messages';
import { teamMessages } from '../team-messages';
import { addressesMessages } from '../addresses-messages';

/** The account area's messages: loaded with its pages, not in the entry (docs/decisions/029-messages-by-area.md). */
export const accountAreaMessages = {
  ...accountMessages,
  ...teamMessages,
  ...addressesMessages,
} as const;
