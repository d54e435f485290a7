/** Wording of the CRM administrator's markets (issue 15): details, hours and closures, documents, posts, market info. */
export const adminMarketsMessages = {
  'adminMarkets.title': 'Markets',
} as const;
