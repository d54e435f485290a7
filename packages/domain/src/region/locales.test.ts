import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  LOCALES,
  intlLocaleOfCountry,
  isLocale,
  regionForLocale,
  splitLocalePrefix,
} from './locales.ts';

describe('locales', () => {
  it('lists the four locales with en-us as default', () => {
    expect(LOCALES).toEqual(['en-us', 'en-ca', 'en-ca-qc', 'en-au']);
    expect(DEFAULT_LOCALE).toBe('en-us');
  });

  it('isLocale accepts exactly the locale codes', () => {
    for (const l of LOCALES) expect(isLocale(l)).toBe(true);
    expect(isLocale('en-gb')).toBe(false);
    expect(isLocale('EN-US')).toBe(false);
    expect(isLocale('')).toBe(false);
  });
});

describe('regionForLocale', () => {
  it('en-us: USA, USD, acres, supported', () => {
    expect(regionForLocale('en-us')).toEqual({
      locale: 'en-us',
      intlLocale: 'en-US',
      country: 'USA',
      currency: 'USD',
      currencySymbol: '$',
      areaUnit: 'acres',
      supported: true,
    });
  });

  it('en-ca: CAN, CAD, acres, supported', () => {
    expect(regionForLocale('en-ca')).toEqual({
      locale: 'en-ca',
      intlLocale: 'en-CA',
      country: 'CAN',
      currency: 'CAD',
      currencySymbol: '$',
      areaUnit: 'acres',
      supported: true,
    });
  });

  it('en-ca-qc: CAN, CAD, acres, not supported', () => {
    expect(regionForLocale('en-ca-qc')).toEqual({
      locale: 'en-ca-qc',
      intlLocale: 'en-CA',
      country: 'CAN',
      currency: 'CAD',
      currencySymbol: '$',
      areaUnit: 'acres',
      supported: false,
    });
  });

  it('en-au: AUS, AUD, hectares, supported', () => {
    expect(regionForLocale('en-au')).toEqual({
      locale: 'en-au',
      intlLocale: 'en-AU',
      country: 'AUS',
      currency: 'AUD',
      currencySymbol: '$',
      areaUnit: 'hectares',
      supported: true,
    });
  });

  it('returns a copy that callers cannot use to corrupt the table', () => {
    const r = regionForLocale('en-us');
    r.areaUnit = 'hectares';
    expect(regionForLocale('en-us').areaUnit).toBe('acres');
  });
});

describe('splitLocalePrefix', () => {
  it.each([
    ['/en-ca/crm/bids', 'en-ca', '/crm/bids'],
    ['/en-ca', 'en-ca', '/'],
    ['/en-ca/', 'en-ca', '/'],
    ['/en-ca-qc/market/x', 'en-ca-qc', '/market/x'],
    ['/en-au/', 'en-au', '/'],
    ['/en-us/sign-in/password', 'en-us', '/sign-in/password'],
    ['/EN-CA/crm', 'en-ca', '/crm'],
    ['/en-ca?x=1', 'en-ca', '/?x=1'],
    ['/en-ca/crm?x=1#h', 'en-ca', '/crm?x=1#h'],
  ])('%s → %s + %s', (path, locale, barePath) => {
    expect(splitLocalePrefix(path)).toEqual({ locale, barePath });
  });

  it.each([
    ['/crm', '/crm'],
    ['/', '/'],
    ['', '/'],
    ['/en-cab/x', '/en-cab/x'],
    ['/en/x', '/en/x'],
    ['/crm/en-ca', '/crm/en-ca'],
  ])('%s has no locale', (path, barePath) => {
    expect(splitLocalePrefix(path)).toEqual({ locale: null, barePath });
  });
});

describe('intlLocaleOfCountry', () => {
  it('writes a market’s documents in its country’s locale, en-US when the country is unknown', () => {
    expect(intlLocaleOfCountry('CAN')).toBe('en-CA');
    expect(intlLocaleOfCountry('AUS')).toBe('en-AU');
    expect(intlLocaleOfCountry('USA')).toBe('en-US');
    expect(intlLocaleOfCountry(null)).toBe('en-US');
  });
});
