import { STORE_AREAS, farmerNavFor, isStoreAreaOn, resolveStoreRegion, type FarmerNavEntry } from '@granary/domain';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useBootstrap } from '../api/bootstrap';
import { usePartner } from '../brand/partner-context';
import { localeOfPath } from '../i18n/locale';
import { useCurrentEnterprise } from './current-enterprise';

/**
 * The farmer's navigation entries the signed-in user may open (issue 17): the domain's farmerNavFor over the
 * bootstrap — the user's flags, their farm businesses and the current one, the partner's experiences, and the store
 * areas of the store region (the URL's locale, else the current farm business's country: the store's own rule).
 * The farmer header, the account menu and the farmer's home read it; empty until the bootstrap is in.
 */
export function useFarmerNav(): readonly FarmerNavEntry[] {
  const { data } = useBootstrap();
  const partner = usePartner();
  const current = useCurrentEnterprise();
  const { pathname } = useLocation();
  const { locale, prefixed } = localeOfPath(pathname);
  const region = resolveStoreRegion({
    locale: prefixed ? locale : null,
    enterpriseCountry: current?.countryCode ?? null,
  }).region;
  return useMemo(() => {
    if (!data) return [];
    return farmerNavFor({
      user: data.user,
      partnerExperiences: partner.experiences,
      enterprises: Object.values(data.enterprises),
      current,
      storeAreas: STORE_AREAS.filter((area) => isStoreAreaOn(region, area)),
    });
  }, [data, partner.experiences, current, region]);
}

/** Whether the user may open one entry of the farmer's navigation (the account menu's Team and Billing, the home). */
export function useFarmerNavAllows(id: FarmerNavEntry['id']): boolean {
  return useFarmerNav().some((entry) => entry.id === id);
}
