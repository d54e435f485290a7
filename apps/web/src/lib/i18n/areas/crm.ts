import { bidsMessages } from '../bids-messages';
import { contractHistoryMessages } from '../contract-history-messages';
import { crmClientsMessages } from '../crm-clients-messages';
import { crmContractMessages } from '../crm-contract-messages';
import { crmDashboardMessages } from '../crm-dashboard-messages';
import { crmListsMessages } from '../crm-lists-messages';
import { crmMessages } from '../crm-messages';
import { esignMessages } from '../esign-messages';
import { futuresMessages } from '../futures-messages';
import { legalAdminMessages } from '../legal-admin-messages';
import { gridMessages } from '../grid-messages';
import { offersMessages } from '../offers-messages';
import { publicAdminMessages } from '../public-admin-messages';
import { contractWritingMessages } from '../contract-writing-messages';
import { pricingMessages } from '../pricing-messages';
import { contractPageMessages } from '../contract-page-messages';
import { deliveriesMessages } from '../deliveries-messages';
import { settlementsMessages } from '../settlements-messages';
import { settlementRatesMessages } from '../settlement-rates-messages';
import { paymentsMessages } from '../payments-messages';
import { ingestMessages } from '../ingest-messages';
import { crmAdminMessages } from '../crm-admin-messages';
import { adminUsersMessages } from '../admin-users-messages';
import { adminMarketsMessages } from '../admin-markets-messages';
import { apiTokensMessages } from '../api-tokens-messages';
import { sustainabilityMessages } from '../sustainability-messages';
import { positionManagerMessages } from '../position-manager-messages';
import { structuresMessages } from '../structures-messages';
import { structuresCrmMessages } from '../structures-crm-messages';

/**
 * The CRM's messages (grain-marketing.md 2-4), one file per page group so that the pages' wording stays together:
 * loaded with the CRM's pages, not in the entry (docs/decisions/029-messages-by-area.md).
 */
export const crmAreaMessages = {
  ...crmMessages,
  ...crmDashboardMessages,
  ...crmListsMessages,
  ...crmClientsMessages,
  ...crmContractMessages,
  ...contractHistoryMessages,
  ...esignMessages,
  ...sustainabilityMessages,
  ...offersMessages,
  ...publicAdminMessages,
  ...bidsMessages,
  ...futuresMessages,
  ...legalAdminMessages,
  ...gridMessages,
  ...contractWritingMessages,
  ...pricingMessages,
  ...contractPageMessages,
  ...deliveriesMessages,
  ...settlementsMessages,
  ...settlementRatesMessages,
  ...paymentsMessages,
  ...ingestMessages,
  ...crmAdminMessages,
  ...adminUsersMessages,
  ...adminMarketsMessages,
  ...apiTokensMessages,
  ...positionManagerMessages,
  ...structuresMessages,
  ...structuresCrmMessages,
} as const;
