// Countries and currencies of grain-marketing.md 9 and platform.md 9.1.

export const COUNTRY_CODES = ['USA', 'CAN', 'AUS'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** The country of an enterprise whose country_code is missing or not one we serve. */
export const UNKNOWN_COUNTRY = '' as const;
export type CountryCodeOrUnknown = CountryCode | typeof UNKNOWN_COUNTRY;

export const CURRENCY_CODES = ['USD', 'CAD', 'AUD'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];
export const CURRENCY_IDS = { USD: 1, CAD: 2, AUD: 3 } as const satisfies Record<CurrencyCode, number>;

export type Country = {
  readonly code: CountryCode;
  readonly code2: 'US' | 'CA' | 'AU';
  readonly id: 1 | 2 | 3;
  readonly dialCode: string;
  readonly currency: CurrencyCode;
};

const USA: Country = { code: 'USA', code2: 'US', id: 1, dialCode: '1', currency: 'USD' };
const CAN: Country = { code: 'CAN', code2: 'CA', id: 2, dialCode: '1', currency: 'CAD' };
const AUS: Country = { code: 'AUS', code2: 'AU', id: 3, dialCode: '61', currency: 'AUD' };

/**
 * The three country records. Usable both as a list (`COUNTRIES.map`, `for…of`, `Object.values`) and
 * keyed by code (`COUNTRIES.CAN`): the contract says only "records", so both readings work. The keyed
 * properties are non-enumerable, so iteration and `Object.values` see exactly three records.
 */
export const COUNTRIES: readonly Country[] & { readonly [K in CountryCode]: Country } = Object.freeze(
  Object.defineProperties([USA, CAN, AUS], {
    USA: { value: USA, enumerable: false },
    CAN: { value: CAN, enumerable: false },
    AUS: { value: AUS, enumerable: false },
  }) as Country[] & { [K in CountryCode]: Country },
);

export function isCountryCode(s: string): s is CountryCode {
  return (COUNTRY_CODES as readonly string[]).includes(s);
}

/** The record for a 3-letter or 2-letter code (case-insensitive); null for unknown codes and ''. */
export function countryByCode(code: string | null | undefined): Country | null {
  const upper = (code ?? '').trim().toUpperCase();
  if (upper === '') return null;
  return COUNTRIES.find((c) => c.code === upper || c.code2 === upper) ?? null;
}

/**
 * The currency of a market's or farm business's country (its record's; USD for an unknown or missing one): the one
 * rule for e-signed contracts, enrolments, amendments and billing (billing mapped AUS to USD while e-sign said AUD).
 */
export function currencyForCountry(code: string | null | undefined): CurrencyCode {
  return countryByCode(code)?.currency ?? 'USD';
}
