import { resolveStoreRegion, type StoreRegion } from '@granary/domain';
import { useCurrentEnterprise } from '../../../lib/enterprise/current-enterprise';
import { useStoreLocale } from './use-store-locale';

/**
 * The store region the page is in (platform.md 9.1): the URL's locale, else the signed-in user's current
 * enterprise country, else the US — the server decides the same way for the calls.
 */
export function useStoreRegion(): StoreRegion {
  const { locale } = useStoreLocale();
  const enterprise = useCurrentEnterprise();
  return resolveStoreRegion({ locale, enterpriseCountry: enterprise?.countryCode ?? null }).region;
}
