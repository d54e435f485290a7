import { accountMessages } from '../account-messages';
import { teamMessages } from '../team-messages';
import { addressesMessages } from '../addresses-messages';
import { billingMessages } from '../billing-messages';
import { paymentCardMessages } from '../payment-card-messages';

/** The account area's messages: loaded with its pages, not in the entry (docs/decisions/029-messages-by-area.md). */
export const accountAreaMessages = {
  ...accountMessages,
  ...teamMessages,
  ...addressesMessages,
  ...billingMessages,
  ...paymentCardMessages,
} as const;
