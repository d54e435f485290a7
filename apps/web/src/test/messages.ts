import { crmAreaMessages } from '../lib/i18n/areas/crm';
import { devAreaMessages } from '../lib/i18n/areas/dev';
import { mySalesLiteAreaMessages } from '../lib/i18n/areas/my-sales-lite';
import { profitCenterAreaMessages } from '../lib/i18n/areas/profit-center';
import { storeAreaMessages } from '../lib/i18n/areas/store';
import { messages, type MessageId } from '../lib/i18n/messages';

/**
 * Every message, the entry's and all the areas', for tests that render a component on its own (not through the
 * router, which loads an area's messages with its pages: docs/decisions/029-messages-by-area.md).
 */
export const allMessages: Readonly<Record<MessageId, string>> = {
  ...messages,
  ...crmAreaMessages,
  ...mySalesLiteAreaMessages,
  ...storeAreaMessages,
  ...profitCenterAreaMessages,
  ...devAreaMessages,
};
