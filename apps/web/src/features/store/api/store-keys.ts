import type { QueryValue } from '../../../lib/api/request';

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
