// Texts and number formats of the light public pages (/market, /score). They live here, not in the main react-intl
// catalogue, so the public entry ships neither react-intl nor the app's messages: one small object and Intl.

import {
  DEFAULT_PRICE_NOTATION,
  formatBasis,
  formatPrice,
  formatPriceChange,
  type PriceNotationSettings,
  type PublicBidRow,
} from '@granary/domain';

export type PublicLocale = 'en-US' | 'en-CA' | 'en-AU';

const publicMessages = {
  'public.skipToContent': 'Skip to content',
  'public.signIn': 'Sign in',
  'public.nav': 'Site',
  'public.localBids': 'Local bids',
  'public.ciScore': 'CI score',
  'public.logoAlt': '{name} logo',
  'public.market.picker': 'Location',
  'public.market.pickerGo': 'Show bids',
  'public.market.title': 'Cash bids',
  'public.market.updated': 'Last updated {time}',
  'public.market.futuresAt': 'Futures as of {time}',
  /** When the partner's data last came in from its ERP (feature ingested-data). */
  'public.market.dataUpdated': 'Data last updated {time}',
  'public.market.notUpdated': 'No prices yet',
  'public.market.subjectToChange': 'Prices subject to change.',
  'public.market.stale': 'Prices could not be updated. Showing the last prices received.',
  'public.market.noBids': 'No bids are posted at this location right now.',
  'public.market.noMarkets': 'No locations are published yet.',
  'public.market.call': 'Call',
  'public.market.email': 'Email',
  'public.market.address': 'Address',
  'public.bids.caption': '{crop} bids',
  'public.bids.delivery': 'Delivery',
  'public.bids.futuresMonth': 'Futures month',
  /** The futures month's label beside its value on a phone, where the bid is a card. */
  'public.bids.month': 'Month',
  'public.bids.futures': 'Futures',
  'public.bids.change': 'Change',
  'public.bids.basis': 'Basis',
  'public.bids.cash': 'Cash',
  'public.bids.perUnit': 'per {unit}',
  'public.bids.unit.bushel': 'bushel',
  'public.bids.unit.tonne': 'tonne',
  'public.bids.flat': 'Flat price',
  'public.bids.none': '—',
  'public.hours.title': 'Office hours',
  'public.hours.openNow': 'Open now',
  'public.hours.closedNow': 'Closed now',
  'public.hours.closesAt': 'Closes at {time}',
  'public.hours.opensToday': 'Opens today at {time}',
  'public.hours.opensOn': 'Opens {day} at {time}',
  'public.hours.closed': 'Closed',
  'public.hours.range': '{opens} – {closes}',
  'public.hours.timeZone': 'Times in {zone}',
  'public.hours.closedToday': 'Closed today',
  'public.hours.specialToday': '{label} hours',
  'public.hours.holidays': 'Holiday hours',
  'public.hours.holidaysCaption': 'Holiday hours and closures',
  'public.nav.store': 'Store',
  'public.nav.account': 'My account',
  'public.nav.menu': 'Menu',
  /** The footer, as the app's (shell-footer): the legal pages of platform.md 2.1, support and its contacts. */
  'public.footer.legal': 'Legal',
  'public.footer.terms-of-service': 'Terms of service',
  'public.footer.privacy-policy': 'Privacy policy',
  'public.footer.ccpa-privacy-policy': 'CCPA privacy notice',
  'public.footer.community-content-policy': 'Community content policy',
  'public.footer.electronic-funds-transfer': 'Electronic funds transfer',
  'public.footer.support': 'Support',
  'public.footer.help': 'Need help? Contact',
  'public.footer.call': 'or call',
  'public.offline.title': 'You are offline — prices may be out of date.',
  'public.offline.failed': 'Prices could not be updated — they may be out of date.',
  'public.offline.updated': 'Bids last updated {time}.',
  'public.offline.checked': 'Last checked {time}.',
  'public.update.title': 'There is a new update',
  'public.update.reloading': 'This page will reload in {seconds} seconds…',
  'public.contacts.title': 'Contacts',
  'public.announcements.title': 'Announcements',
  'public.announcements.posted': 'Posted {date}',
  'public.delivery.title': 'Delivery information',
  'public.additional.title': 'Additional information',
  'public.notFound.title': 'Page not found',
  'public.notFound.message': 'The page you are looking for does not exist.',
  'public.notFound.back': 'See local bids',
  'public.score.title': 'Corn carbon-intensity (CI) score',
  'public.score.intro':
    'Estimate the carbon intensity of the corn you grow from your farm inputs. The score follows the structure of the GREET feedstock carbon intensity calculator (FD-CIC) with published default factors.',
  'public.score.disclaimer':
    'An indicative score for comparing practices, not a certified or regulatory carbon intensity.',
  'public.score.inputs': 'Your farm, per acre',
  'public.score.yield': 'Yield',
  'public.score.nitrogen': 'Nitrogen applied',
  'public.score.phosphate': 'Phosphate (P₂O₅)',
  'public.score.potash': 'Potash (K₂O)',
  'public.score.lime': 'Lime',
  'public.score.diesel': 'Diesel',
  'public.score.propane': 'Propane for drying',
  'public.score.electricity': 'Electricity',
  'public.score.tillage': 'Tillage',
  'public.score.tillage.conventional': 'Conventional tillage',
  'public.score.tillage.reduced': 'Reduced tillage',
  'public.score.tillage.no-till': 'No-till',
  'public.score.coverCrop': 'Cover crop planted',
  'public.score.climate': 'Climate',
  'public.score.climate.moist': 'Moist (humid)',
  'public.score.climate.dry': 'Dry (semi-arid)',
  'public.score.unit.buPerAcre': 'bu/ac',
  'public.score.unit.lbPerAcre': 'lb/ac',
  'public.score.unit.galPerAcre': 'gal/ac',
  'public.score.unit.kwhPerAcre': 'kWh/ac',
  'public.score.result': 'Your score',
  'public.score.perMj': 'g CO₂e per MJ',
  'public.score.perMjLong': 'Grams of CO₂ equivalent per megajoule of the ethanol made from your corn.',
  'public.score.perBushel': '{value} kg CO₂e per bushel',
  'public.score.perAcre': '{value} kg CO₂e per acre',
  'public.score.invalid': 'Enter a yield above zero and amounts of zero or more.',
  'public.score.breakdown': 'Where it comes from (kg CO₂e per acre)',
  'public.score.part.nitrogenManufacture': 'Making the nitrogen',
  'public.score.part.fieldN2o': 'Nitrous oxide from the field',
  'public.score.part.otherFertilizer': 'Phosphate and potash',
  'public.score.part.lime': 'Lime',
  'public.score.part.energy': 'Fuel and electricity',
  'public.score.part.soilCarbon': 'Soil carbon (tillage, cover crop)',
  'public.score.reset': 'Reset to average farm',
  'public.score.method': 'How the score is calculated',
  'public.score.methodText':
    'Emissions per acre from making the fertilizer and lime, nitrous oxide from the nitrogen applied (1.525% of N, GWP 273), burning diesel and propane and the grid electricity used, less the soil carbon stored by reduced or no tillage and a cover crop (IPCC stock change factors over 20 years). Divided by the yield and by the 2.9 gallons of ethanol a bushel makes (80.5 MJ a gallon).',
  'public.dataError': 'This page could not be loaded. Please try again.',
  'public.retry': 'Try again',
} as const;

export type PublicMessageId = keyof typeof publicMessages;

/** A message with its {placeholders} filled in. */
export function t(id: PublicMessageId, values: Record<string, string | number> = {}): string {
  return publicMessages[id].replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** How a public bid's prices are written: the partner's notation (the trade's default until the page carries it). */
type BidPriceFields = Pick<PublicBidRow, 'priceUnit' | 'currency' | 'futuresMonth'>;

function priceUnitOf(bid: BidPriceFields): PublicBidRow['priceUnit'] {
  return bid.priceUnit;
}

/**
 * A futures or cash price as the trade writes it (packages/domain format/price.ts): '$4.33½' a bushel, '$612.10'
 * a tonne; '—' when there is none.
 */
export function formatBidPrice(
  value: string | null,
  bid: BidPriceFields,
  notation: PriceNotationSettings = DEFAULT_PRICE_NOTATION,
): string {
  if (value === null) return t('public.bids.none');
  return formatPrice(value, { notation: notation.price, currency: bid.currency, unit: priceUnitOf(bid) });
}

/** A basis in cents against its futures month ('-35 Z'), dollars per tonne; '—' when there is none. */
export function formatBidBasis(
  value: string | null,
  bid: BidPriceFields,
  notation: PriceNotationSettings = DEFAULT_PRICE_NOTATION,
): string {
  if (value === null) return t('public.bids.none');
  return formatBasis(value, {
    notation: notation.basis,
    month: bid.futuresMonth,
    currency: bid.currency,
    unit: priceUnitOf(bid),
  });
}

/** The futures change since the last settlement: '+3½', '-1¼' (cents a bushel), 'unch'; '—' when there is none. */
export function formatBidChange(
  value: string | null,
  bid: BidPriceFields,
  notation: PriceNotationSettings = DEFAULT_PRICE_NOTATION,
): string {
  if (value === null) return t('public.bids.none');
  return formatPriceChange(value, { notation: notation.price, unit: priceUnitOf(bid) });
}

export function formatNumber(value: number, locale: PublicLocale, fractionDigits = 1): string {
  return numberFormat(locale, { maximumFractionDigits: fractionDigits, minimumFractionDigits: fractionDigits }).format(
    value,
  );
}

/** 'YYYY-MM' → 'Dec 2026'. */
export function formatMonth(month: string | null, locale: PublicLocale): string {
  if (!month) return t('public.bids.none');
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, m - 1, 1),
  );
}

/** An instant in the market's time zone: 'Nov 22, 2026, 10:42 AM CST'. */
export function formatInstant(iso: string, locale: PublicLocale, timeZone: string): string {
  try {
    return (
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso)) +
      ` ${zoneName(iso, locale, timeZone)}`
    );
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  }
}

/** A date without time: 'Nov 22, 2026'. */
export function formatDay(iso: string, locale: PublicLocale, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
  }
}

function zoneName(iso: string, locale: PublicLocale, timeZone: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(new Date(iso));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** 'HH:mm' → '7:00 AM' (en-US) or '7:00 a.m.' (en-CA). */
export function formatTimeOfDay(time: string, locale: PublicLocale): string {
  const [h, m] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, 1, h ?? 0, m ?? 0),
  );
}

/** 0 Sunday … 6 Saturday → 'Monday'. */
export function formatWeekday(day: number, locale: PublicLocale): string {
  // 2024-01-07 was a Sunday.
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 7 + day));
}

/** The time zone's generic name for the hours note ('Central Time'), falling back to the IANA id. */
export function formatZone(timeZone: string, locale: PublicLocale): string {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** The locale of a /{locale}/market path, if any ('en-ca' → 'en-CA'; the Quebec locale formats as en-CA). */
export function localeFromPath(pathname: string): PublicLocale | null {
  const first = pathname.split('/')[1]?.toLowerCase();
  if (first === 'en-us') return 'en-US';
  if (first === 'en-ca' || first === 'en-ca-qc') return 'en-CA';
  if (first === 'en-au') return 'en-AU';
  return null;
}

/** The /{locale} prefix of the current path ('' without one), kept on the page's own links. */
export function localePrefix(pathname: string): string {
  const first = pathname.split('/')[1]?.toLowerCase() ?? '';
  return ['en-us', 'en-ca', 'en-ca-qc', 'en-au'].includes(first) ? `/${first}` : '';
}
