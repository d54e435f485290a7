import { resolveStoreRegion, type StoreRegion } from '@granary/domain';
import { useBootstrap } from '../../../lib/api/bootstrap';
import { useStoreLocale } from './use-store-locale';

/**
 * The store region the page is in (platform.md 9.1): the URL's locale, else the signed-in user's current
 * enterprise country, else the US — the server decides the same way for the calls.
 */
export function useStoreRegion(): StoreRegion {
  const { locale } = useStoreLocale();
  const { data } = useBootstrap();
  const current = data?.current_enterprise_id;
  const enterprise =
    current !== null && current !== undefined
      ? data?.enterprises[String(current)]?.countryCode
      : Object.values(data?.enterprises ?? {})[0]?.countryCode;
  return resolveStoreRegion({ locale, enterpriseCountry: enterprise ?? null }).region;
}
