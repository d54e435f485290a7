import { PROFIT_CENTER_API } from '@granary/domain';
import { request, type QueryValue } from '../../../lib/api/request';

/** A failed profit-center call as an Error TanStack Query can hold: the HTTP status, the server's code and message. */
export class MslApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, code: string | undefined, message: string) {
    super(message);
    this.name = 'MslApiError';
    this.status = status;
    this.code = code;
  }
}

/** GET a farmer's profit-center call (grain-marketing.md 7 'Grain and profit center'); throws MslApiError on failure. */
export async function mslGet<T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<T> {
  const result = await request<T>(`${PROFIT_CENTER_API}${path}`, {
    ...(query ? { query } : {}),
    ...(signal ? { signal } : {}),
  });
  if (!result.ok) throw new MslApiError(result.status, result.json.code, result.json.message);
  return result.json;
}

/** Retry once on a network or server failure, never on a 4xx (grain-marketing.md 9: 1 retry). */
export function mslRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof MslApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

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
