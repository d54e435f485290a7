// Locales and regions (grain-marketing.md 1, 2 'Locale prefix', 9; platform.md 9.1).
import type { CountryCode, CurrencyCode } from './countries.ts';
import type { AreaUnit } from './units.ts';

export const LOCALES = ['en-us', 'en-ca', 'en-ca-qc', 'en-au'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-us';

export function isLocale(s: string): s is Locale {
  return (LOCALES as readonly string[]).includes(s);
}

export type IntlLocale = 'en-US' | 'en-CA' | 'en-AU';

export type Region = {
  locale: Locale;
  /** BCP 47 tag for Intl / react-intl. */
  intlLocale: IntlLocale;
  country: CountryCode;
  currency: CurrencyCode;
  currencySymbol: '$';
  areaUnit: AreaUnit;
  /** false for the Quebec locale, which is defined but not supported (platform.md 1, 9.2). */
  supported: boolean;
};

const REGIONS: { readonly [L in Locale]: Region } = {
  'en-us': {
    locale: 'en-us',
    intlLocale: 'en-US',
    country: 'USA',
    currency: 'USD',
    currencySymbol: '$',
    areaUnit: 'acres',
    supported: true,
  },
  'en-ca': {
    locale: 'en-ca',
    intlLocale: 'en-CA',
    country: 'CAN',
    currency: 'CAD',
    currencySymbol: '$',
    areaUnit: 'acres',
    supported: true,
  },
  'en-ca-qc': {
    locale: 'en-ca-qc',
    intlLocale: 'en-CA',
    country: 'CAN',
    currency: 'CAD',
    currencySymbol: '$',
    areaUnit: 'acres',
    supported: false,
  },
  'en-au': {
    locale: 'en-au',
    intlLocale: 'en-AU',
    country: 'AUS',
    currency: 'AUD',
    currencySymbol: '$',
    areaUnit: 'hectares',
    supported: true,
  },
};

/** The locale a market's country writes in (a document made for its farmers: a contract PDF, a statement). */
export function intlLocaleOfCountry(country: string | null | undefined): IntlLocale {
  return country === 'CAN' ? 'en-CA' : country === 'AUS' ? 'en-AU' : 'en-US';
}

/** A fresh copy of the region settings of a locale (callers may mutate it safely). */
export function regionForLocale(locale: Locale): Region {
  return { ...REGIONS[locale] };
}

/**
 * Splits an optional leading locale segment off a pathname: '/en-ca/crm/bids' → {locale:'en-ca',
 * barePath:'/crm/bids'}; '/en-ca' → {locale:'en-ca', barePath:'/'}; '/crm' → {locale:null, barePath:'/crm'}.
 * A query string or hash after the segment is kept on the bare path ('/en-ca?x=1' → '/?x=1').
 * The locale segment is recognised case-insensitively ('/EN-CA/…'), as the router matches paths
 * case-insensitively, and returned in its canonical lower-case form.
 */
export function splitLocalePrefix(pathname: string): { locale: Locale | null; barePath: string } {
  const path = pathname === '' ? '/' : pathname;
  const m = /^\/([^/?#]+)(.*)$/s.exec(path);
  if (m) {
    const candidate = (m[1] ?? '').toLowerCase();
    if (isLocale(candidate)) {
      const rest = m[2] ?? '';
      return { locale: candidate, barePath: rest.startsWith('/') ? rest : `/${rest}` };
    }
  }
  return { locale: null, barePath: path };
}
