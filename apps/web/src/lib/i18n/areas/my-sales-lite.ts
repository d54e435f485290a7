import { contractHistoryMessages } from '../contract-history-messages';
import { esignFarmerMessages } from '../esign-farmer-messages';
import { mySalesLiteMessages } from '../my-sales-lite-messages';
import { offersMessages } from '../offers-messages';
import { settlementsMessages } from '../settlements-messages';
import { paymentsMessages } from '../payments-messages';
import { structuresMessages } from '../structures-messages';

/**
 * My Sales Lite's messages (the farmer's sales, balances, tickets and local bids with 'Place offer'): loaded with its
 * pages, not in the entry (docs/decisions/029-messages-by-area.md).
 */
export const mySalesLiteAreaMessages = {
  ...mySalesLiteMessages,
  ...contractHistoryMessages,
  ...offersMessages,
  ...settlementsMessages,
  ...paymentsMessages,
  ...esignFarmerMessages,
  ...structuresMessages,
} as const;
