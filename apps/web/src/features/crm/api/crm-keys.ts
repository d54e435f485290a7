/** Query keys of the CRM area; everything under ['crm'] is dropped together on sign-out by the shell's cache clear. */
export const crmKeys = {
  all: ['crm'] as const,
  bootstrap: () => ['crm', 'bootstrap'] as const,
  markets: (platformId: number) => ['crm', 'markets', platformId] as const,
  taskList: (platformId: number, marketId: number) => ['crm', 'task-list', platformId, marketId] as const,
  followups: (params: Record<string, unknown>) => ['crm', 'followups', params] as const,
  recentActivity: (marketId: number) => ['crm', 'recent-activity', marketId] as const,
  contracts: (params: Record<string, string>) => ['crm', 'contracts', params] as const,
  optionMonths: (params: Record<string, string>) => ['crm', 'option-months', params] as const,
  clientSearch: (marketIds: string, search: string, page: number, pageSize: number) =>
    ['crm', 'client-search', marketIds, search, page, pageSize] as const,
  clientProfile: (marketId: number, clientId: number, crop: string | null, cropYear: string | null) =>
    ['crm', 'client-profile', marketId, clientId, crop, cropYear] as const,
  clientNotes: (marketId: number, clientId: number) => ['crm', 'client-notes', marketId, clientId] as const,
  contract: (clientId: number, contractId: number) => ['crm', 'contract', clientId, contractId] as const,
};
