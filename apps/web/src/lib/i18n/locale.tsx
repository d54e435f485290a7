import { DEFAULT_LOCALE, regionForLocale, splitLocalePrefix, type Locale } from '@granary/domain';
import { createContext, useContext, type ReactNode } from 'react';

export type Region = ReturnType<typeof regionForLocale>;

const RegionContext = createContext<Region>(regionForLocale(DEFAULT_LOCALE));

/** The locale of a URL: its prefix (/en-ca/...), otherwise the default en-us. */
export function localeOfPath(pathname: string): { locale: Locale; prefixed: boolean } {
  const { locale } = splitLocalePrefix(pathname);
  return { locale: locale ?? DEFAULT_LOCALE, prefixed: locale !== null };
}

export function RegionProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <RegionContext.Provider value={regionForLocale(locale)}>{children}</RegionContext.Provider>;
}

/** Locale, currency and area unit of the page (grain-marketing.md 9). */
export function useRegion(): Region {
  return useContext(RegionContext);
}
