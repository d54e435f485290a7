import { esignMessages } from '../esign-messages';
import { sustainabilityMessages } from '../sustainability-messages';
import { marketingMessages } from '../marketing-messages';
import { marketTabsMessages } from '../market-tabs-messages';
import { profitCenterMessages } from '../profit-center-messages';
import { partnerOnboardingMessages } from '../partner-onboarding-messages';
import { pcPaymentsMessages } from '../pc-payments-messages';
import { mySalesLiteAreaMessages } from './my-sales-lite';

/**
 * The profit center's messages (its tabs, e-signing page and contract-signed landing page), with My Sales Lite's: its
 * sales and bids tabs mount My Sales Lite's components (issue 17). Loaded with its pages, not in the entry
 * (docs/decisions/029-messages-by-area.md).
 */
export const profitCenterAreaMessages = {
  ...mySalesLiteAreaMessages,
  ...esignMessages,
  ...sustainabilityMessages,
  ...marketingMessages,
  ...marketTabsMessages,
  ...profitCenterMessages,
  ...partnerOnboardingMessages,
  ...pcPaymentsMessages,
} as const;
