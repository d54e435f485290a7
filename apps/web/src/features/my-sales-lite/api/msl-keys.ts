/** Query keys of My Sales Lite; everything under ['my-sales-lite'] is the farmer's own data. */
export const mslKeys = {
  all: ['my-sales-lite'] as const,
  summary: () => ['my-sales-lite', 'summary'] as const,
  filters: () => ['my-sales-lite', 'filters'] as const,
  contracts: (filters: Record<string, string>) => ['my-sales-lite', 'contracts', filters] as const,
  contract: (id: number) => ['my-sales-lite', 'contract', id] as const,
  balances: () => ['my-sales-lite', 'balances'] as const,
  taskList: () => ['my-sales-lite', 'task-list'] as const,
  tickets: (filters: Record<string, string>) => ['my-sales-lite', 'tickets', filters] as const,
};
