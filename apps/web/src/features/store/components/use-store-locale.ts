import { useLocation } from 'react-router';
import { localeOfPath } from '../../../lib/i18n/locale';

/**
 * The page's locale as the store uses it: `locale` is what the URL names (sent to the server so that prices are the
 * region's), null without a prefix (the server then takes the signed-in user's enterprise country, else the US);
 * `href` keeps the prefix on the store's links.
 */
export function useStoreLocale(): { locale: string | null; href: (path: string) => string } {
  const { pathname } = useLocation();
  const { locale, prefixed } = localeOfPath(pathname);
  return {
    locale: prefixed ? locale : null,
    href: (path: string) => (prefixed ? `/${locale}${path}` : path),
  };
}
