import { crmAreaMessages } from '../lib/i18n/areas/crm';
import { devAreaMessages } from '../lib/i18n/areas/dev';
import { mySalesLiteAreaMessages } from '../lib/i18n/areas/my-sales-lite';
import { profitCenterAreaMessages } from '../lib/i18n/areas/profit-center';
import { storeAreaMessages } from '../lib/i18n/areas/store';
import { messages, type MessageId } from '../lib/i18n/messages';
import { spellCatalogue } from '../lib/i18n/spelling';

/**
 * Every message, the entry's and all the areas', for tests that render a component on its own (not through the
 * router, which loads an area's messages with its pages: docs/decisions/029-messages-by-area.md), spelled as en-US
 * spells (lib/i18n/spelling.ts), as the app shows them on an en-US page.
 */
export const allMessages = spellCatalogue(
  {
    ...messages,
    ...crmAreaMessages,
    ...mySalesLiteAreaMessages,
    ...storeAreaMessages,
    ...profitCenterAreaMessages,
    ...devAreaMessages,
  },
  'en-US',
) as Readonly<Record<MessageId, string>>;
