import { STORE_API } from '@granary/domain';
import { request, type QueryValue } from '../../../lib/api/request';

/** A failed store call: the HTTP status, the server's code and message. */
export class StoreApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, code: string | undefined, message: string) {
    super(message);
    this.name = 'StoreApiError';
    this.status = status;
    this.code = code;
  }
}

/** GET a store call (under /api/store); throws StoreApiError on failure. */
export async function storeGet<T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<T> {
  const result = await request<T>(`${STORE_API}${path}`, {
    ...(query ? { query } : {}),
    ...(signal ? { signal } : {}),
  });
  if (!result.ok) throw new StoreApiError(result.status, result.json.code, result.json.message);
  return result.json;
}

/** Retry once on a network or server failure, never on a 4xx. */
export function storeRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof StoreApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** Query keys of the store; everything under ['store'] is public catalogue data. */
export const storeKeys = {
  all: ['store'] as const,
  home: (locale: string | null) => ['store', 'home', locale] as const,
  listing: (kind: string, id: string, query: Record<string, QueryValue>) =>
    ['store', 'listing', kind, id, query] as const,
  product: (by: string, id: string, locale: string | null) => ['store', 'product', by, id, locale] as const,
  document: (slug: string, type: string) => ['store', 'document', slug, type] as const,
  ingredients: (locale: string | null) => ['store', 'ingredients', locale] as const,
  pests: (locale: string | null) => ['store', 'pests', locale] as const,
};

/** The locale the page's URL names (sent so the answer is the region's), or nothing. */
export function localeQuery(locale: string | null): Record<string, QueryValue> {
  return locale ? { locale } : {};
}
