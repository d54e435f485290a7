/** CRM wording shared by its pages (market picker, loading and error states, units). Part of the CRM's messages (areas/crm.ts). */
export const crmMessages = {
  'crm.market.label': 'Market',
  'crm.noMarkets.title': 'No markets yet',
  'crm.noMarkets.body': 'You do not hold permissions on any market. Ask your administrator for access.',
  'crm.noPartnerEntity': 'This account is not set up for a grain buyer yet.',
  'crm.loadFailed': 'Could not load this page.',
  'crm.retry': 'Try again',
} as const;
