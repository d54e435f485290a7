/** Query keys of /crm/bids, under the CRM's ['crm'] so that sign-out drops them with the rest. */
export const bidsKeys = {
  all: ['crm', 'bids'] as const,
  market: (marketId: number) => ['crm', 'bids', 'market', marketId] as const,
  list: (marketId: number, filters: { cropFilter: string | null; visibility: string; deleted: boolean }) =>
    ['crm', 'bids', 'market', marketId, filters] as const,
};
