import { storeAgreementsMessages } from '../store-agreements-messages';
import { storeApplicatorMessages } from '../store-applicator-messages';
import { storeCartMessages } from '../store-cart-messages';
import { storeCheckoutMessages } from '../store-checkout-messages';
import { storeDialogsMessages } from '../store-dialogs-messages';
import { storeMessages } from '../store-messages';
import { storeOrdersMessages } from '../store-orders-messages';
import { storePagesMessages } from '../store-pages-messages';
import { paymentCardMessages } from '../payment-card-messages';

/**
 * The farm-input store's messages (issue 6; platform.md 2.4): loaded with the store's pages, not in the entry
 * (docs/decisions/029-messages-by-area.md).
 */
export const storeAreaMessages = {
  ...storeMessages,
  ...storeCartMessages,
  ...storeOrdersMessages,
  ...storeCheckoutMessages,
  ...storePagesMessages,
  ...storeApplicatorMessages,
  ...storeDialogsMessages,
  ...storeAgreementsMessages,
  ...paymentCardMessages,
} as const;
