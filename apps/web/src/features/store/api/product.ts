import { STORE_API } from '@granary/domain';
import { useQuery } from '@tanstack/react-query';
import type { StoreDocument, StoreProductDetail } from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../lib/api/request';
import { localeQuery, storeKeys } from './store-keys';

/** GET /api/store/products/:slug, or the marketplace's /marketplace/products/:uniqueProductId. */
export const useStoreProduct = (by: { slug: string } | { publicId: string }, locale: string | null) => {
  const [kind, id, path] =
    'slug' in by
      ? (['slug', by.slug, `/products/${encodeURIComponent(by.slug)}`] as const)
      : (['id', by.publicId, `/marketplace/products/${encodeURIComponent(by.publicId)}`] as const);
  return useQuery({
    queryKey: storeKeys.product(kind, id, locale),
    queryFn: ({ signal }) => getJson<StoreProductDetail>(`${STORE_API}${path}`, localeQuery(locale), signal),
    staleTime: 60_000,
    retry: retryUnlessRefused,
    enabled: id !== '',
  });
};

/** GET /api/store/products/:slug/documents/:pdfType: the document's data (its PDF is at `url`). */
export const useProductDocument = (slug: string, type: string) =>
  useQuery({
    queryKey: storeKeys.document(slug, type),
    queryFn: ({ signal }) =>
      getJson<StoreDocument>(
        `${STORE_API}/products/${encodeURIComponent(slug)}/documents/${encodeURIComponent(type)}`,
        undefined,
        signal,
      ),
    staleTime: 5 * 60_000,
    retry: retryUnlessRefused,
  });
