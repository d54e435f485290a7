/** Query keys of /crm/public-bids-admin, under the CRM's ['crm'] so that sign-out drops them with the rest. */
export const publicAdminKeys = {
  info: (marketId: number) => ['crm', 'public-admin', 'info', marketId] as const,
  hours: (marketId: number) => ['crm', 'public-admin', 'hours', marketId] as const,
  closures: (marketId: number) => ['crm', 'public-admin', 'closures', marketId] as const,
  announcements: (marketId: number) => ['crm', 'public-admin', 'announcements', marketId] as const,
};
