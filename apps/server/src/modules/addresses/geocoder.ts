// Geocoding an address of the book (platform.md 7.4; decision 051 addendum). A real geocoder (a postal-code or
// address service) sits behind `Geocoder`; the demo and the tests use the built-in one below, which needs no network:
// a small bundled table of the demo's postal codes, ZIP prefixes and Canadian FSAs, state and province centres, and the
// Dominion Land Survey's arithmetic for a Canadian legal land location (quarter-section-township-range-meridian).

import type { GeocodePrecision } from '@granary/domain';

/** The location fields of an address a geocoder reads. */
export type GeocodeQuery = {
  format: 'postal' | 'can_lll';
  country: string;
  region: string;
  postalCode: string;
  lllQuarter: string | null;
  lllSection: number | null;
  lllTownship: number | null;
  lllRange: number | null;
  lllMeridian: string | null;
};

export type GeocoderAnswer = { latitude: number; longitude: number; precision: GeocodePrecision };

export type Geocoder = {
  /** Stored with each answer ('builtin'). */
  name: string;
  /** Where the address lies, as closely as the geocoder knows, or null when it knows nothing of it. */
  geocode(query: GeocodeQuery): Promise<GeocoderAnswer | null>;
};

/** The location an answer was made from: a stored answer whose key differs is of an address since changed. */
export function geocodeKeyOf(q: GeocodeQuery): string {
  return q.format === 'can_lll'
    ? ['can_lll', q.lllQuarter, q.lllSection, q.lllTownship, q.lllRange, q.lllMeridian].join('|')
    : ['postal', q.country, q.region.toUpperCase(), q.postalCode.replace(/\s+/g, '').toUpperCase()].join('|');
}

type LatLng = readonly [number, number];

/** Postal codes of the demo's farms and stores (US ZIP, Australian postcode), with their town's centre. */
const POSTAL_CODES: Readonly<Record<string, LatLng>> = {
  'USA|50010': [42.0308, -93.6319], // Ames, IA
  'USA|50201': [42.0228, -93.4522], // Nevada, IA
  'USA|62521': [39.8403, -88.9548], // Decatur, IL
  'USA|57103': [43.5446, -96.6873], // Sioux Falls, SD
  'USA|68508': [40.8136, -96.7026], // Lincoln, NE
  'USA|58102': [46.8772, -96.7898], // Fargo, ND
  'AUS|2650': [-35.1082, 147.3598], // Wagga Wagga, NSW
  'AUS|3490': [-35.0717, 142.3169], // Ouyen, VIC
  'AUS|4350': [-27.5598, 151.9507], // Toowoomba, QLD
  'AUS|5630': [-34.2639, 135.7269], // Cummins, SA
  'AUS|6450': [-33.8613, 121.8914], // Esperance, WA
  'AUS|7210': [-41.931, 147.493], // Campbell Town, TAS
};

/** The area of a postal code: a US ZIP's first three digits, a Canadian forward sortation area (first three). */
const POSTAL_AREAS: Readonly<Record<string, LatLng>> = {
  'USA|500': [41.9, -93.4], // central Iowa
  'USA|501': [42.5, -93.5],
  'USA|503': [41.6, -93.6], // Des Moines
  'USA|515': [41.3, -95.8], // western Iowa
  'USA|625': [39.8, -89.0], // central Illinois
  'USA|571': [43.6, -96.7], // south-east South Dakota
  'USA|685': [40.8, -96.7], // Lincoln, NE
  'USA|581': [46.9, -97.0], // Fargo, ND
  'CAN|S7K': [52.1579, -106.6702], // Saskatoon north
  'CAN|S4P': [50.4452, -104.6189], // Regina
  'CAN|T2P': [51.0478, -114.0719], // Calgary downtown
  'CAN|T5J': [53.5444, -113.4909], // Edmonton downtown
  'CAN|R3C': [49.8951, -97.1384], // Winnipeg
};

/** The centre of each state or province a farm business of the demo's markets is in (the last resort). */
const REGIONS: Readonly<Record<string, LatLng>> = {
  'USA|IA': [42.075, -93.496],
  'USA|IL': [40.0, -89.2],
  'USA|IN': [39.9, -86.28],
  'USA|KS': [38.5, -98.4],
  'USA|MN': [46.28, -94.3],
  'USA|MO': [38.35, -92.46],
  'USA|ND': [47.45, -100.47],
  'USA|NE': [41.5, -99.8],
  'USA|OH': [40.29, -82.79],
  'USA|SD': [44.44, -100.23],
  'USA|WI': [44.62, -89.99],
  'USA|MT': [47.05, -109.63],
  'USA|TX': [31.47, -99.33],
  'CAN|AB': [54.5, -115.0],
  'CAN|SK': [53.93, -106.0],
  'CAN|MB': [53.76, -98.81],
  'CAN|ON': [50.0, -85.0],
  'AUS|NSW': [-32.0, 147.0],
  'AUS|VIC': [-36.85, 144.3],
  'AUS|QLD': [-22.6, 144.1],
  'AUS|SA': [-30.0, 135.8],
  'AUS|WA': [-25.3, 122.3],
  'AUS|TAS': [-42.0, 146.6],
};

/** Longitudes of the Dominion Land Survey's meridians: the First (W1) and the Second to Sixth (W2–W6). */
const MERIDIANS: Readonly<Record<string, number>> = {
  W1: -97.4579,
  W2: -102,
  W3: -106,
  W4: -110,
  W5: -114,
  W6: -118,
};

const TOWNSHIP_KM = 9.656; // six miles
const KM_PER_DEGREE = 111.2;
const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

/**
 * The centre of a quarter section: townships count north from the 49th parallel, ranges west from the meridian, and
 * sections 1–36 run back and forth from the township's south-east corner (1–6 west, 7–12 east, …). Road allowances and
 * the survey's correction lines are left out: within a few hundred metres, which is what a quarter section is for.
 */
function landLocation(q: GeocodeQuery): GeocoderAnswer | null {
  const meridian = MERIDIANS[q.lllMeridian ?? ''];
  const { lllSection: s, lllTownship: t, lllRange: r } = q;
  if (meridian === undefined || !s || !t || !r) return null;
  const row = Math.floor((s - 1) / 6); // 0 = the township's south row
  const pos = (s - 1) % 6;
  const colFromEast = row % 2 === 0 ? pos : 5 - pos;
  const quarter = (q.lllQuarter ?? '').toUpperCase();
  const north = quarter.startsWith('N') ? 0.75 : 0.25;
  const east = quarter.endsWith('E') ? 0.25 : 0.75;
  const dLat = TOWNSHIP_KM / KM_PER_DEGREE;
  const latitude = 49 + dLat * (t - 1 + (row + north) / 6);
  const dLng = TOWNSHIP_KM / (KM_PER_DEGREE * Math.cos((latitude * Math.PI) / 180));
  const longitude = meridian - dLng * (r - 1 + (colFromEast + east) / 6);
  return { latitude: round5(latitude), longitude: round5(longitude), precision: 'land_location' };
}

function postal(q: GeocodeQuery): GeocoderAnswer | null {
  const code = q.postalCode.replace(/\s+/g, '').toUpperCase();
  const at = (table: Readonly<Record<string, LatLng>>, key: string, precision: GeocodePrecision) => {
    const hit = table[`${q.country}|${key}`];
    return hit ? { latitude: hit[0], longitude: hit[1], precision } : null;
  };
  const area = q.country === 'AUS' ? null : at(POSTAL_AREAS, code.slice(0, 3), 'postal_area');
  return (
    (code ? at(POSTAL_CODES, code.slice(0, q.country === 'AUS' ? 4 : 5), 'postal_code') : null) ??
    (code.length >= 3 ? area : null) ??
    at(REGIONS, q.region.toUpperCase(), 'region')
  );
}

/** The built-in geocoder of the demo and the tests (no network). */
export const builtinGeocoder: Geocoder = {
  name: 'builtin',
  geocode(q) {
    return Promise.resolve(q.format === 'can_lll' ? (landLocation(q) ?? postal(q)) : postal(q));
  },
};
