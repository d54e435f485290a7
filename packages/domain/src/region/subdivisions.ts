// The built-in lists of platform.md 9.1: the 50 US states and the Canadian provinces and territories, with an
// approximate centre of each (degrees) so that the store can tell which warehouse is nearest a buyer; and Australia's
// states and territories (issue 14: an Australian elevator's levies per state, as a US checkoff per state).

export type Subdivision = { readonly code: string; readonly name: string; readonly lat: number; readonly lon: number };

export const US_STATES: readonly Subdivision[] = [
  { code: 'AL', name: 'Alabama', lat: 32.8, lon: -86.8 },
  { code: 'AK', name: 'Alaska', lat: 64.7, lon: -152.0 },
  { code: 'AZ', name: 'Arizona', lat: 34.3, lon: -111.7 },
  { code: 'AR', name: 'Arkansas', lat: 34.9, lon: -92.4 },
  { code: 'CA', name: 'California', lat: 37.2, lon: -119.5 },
  { code: 'CO', name: 'Colorado', lat: 39.0, lon: -105.5 },
  { code: 'CT', name: 'Connecticut', lat: 41.6, lon: -72.7 },
  { code: 'DE', name: 'Delaware', lat: 39.0, lon: -75.5 },
  { code: 'FL', name: 'Florida', lat: 28.6, lon: -82.4 },
  { code: 'GA', name: 'Georgia', lat: 32.7, lon: -83.4 },
  { code: 'HI', name: 'Hawaii', lat: 20.3, lon: -156.4 },
  { code: 'ID', name: 'Idaho', lat: 44.4, lon: -114.6 },
  { code: 'IL', name: 'Illinois', lat: 40.0, lon: -89.2 },
  { code: 'IN', name: 'Indiana', lat: 39.9, lon: -86.3 },
  { code: 'IA', name: 'Iowa', lat: 42.1, lon: -93.5 },
  { code: 'KS', name: 'Kansas', lat: 38.5, lon: -98.4 },
  { code: 'KY', name: 'Kentucky', lat: 37.5, lon: -85.3 },
  { code: 'LA', name: 'Louisiana', lat: 31.1, lon: -92.0 },
  { code: 'ME', name: 'Maine', lat: 45.4, lon: -69.2 },
  { code: 'MD', name: 'Maryland', lat: 39.0, lon: -76.8 },
  { code: 'MA', name: 'Massachusetts', lat: 42.3, lon: -71.8 },
  { code: 'MI', name: 'Michigan', lat: 44.3, lon: -85.4 },
  { code: 'MN', name: 'Minnesota', lat: 46.3, lon: -94.3 },
  { code: 'MS', name: 'Mississippi', lat: 32.7, lon: -89.7 },
  { code: 'MO', name: 'Missouri', lat: 38.4, lon: -92.5 },
  { code: 'MT', name: 'Montana', lat: 47.0, lon: -109.6 },
  { code: 'NE', name: 'Nebraska', lat: 41.5, lon: -99.8 },
  { code: 'NV', name: 'Nevada', lat: 39.3, lon: -116.6 },
  { code: 'NH', name: 'New Hampshire', lat: 43.7, lon: -71.6 },
  { code: 'NJ', name: 'New Jersey', lat: 40.2, lon: -74.7 },
  { code: 'NM', name: 'New Mexico', lat: 34.4, lon: -106.1 },
  { code: 'NY', name: 'New York', lat: 42.9, lon: -75.5 },
  { code: 'NC', name: 'North Carolina', lat: 35.6, lon: -79.4 },
  { code: 'ND', name: 'North Dakota', lat: 47.5, lon: -100.5 },
  { code: 'OH', name: 'Ohio', lat: 40.3, lon: -82.8 },
  { code: 'OK', name: 'Oklahoma', lat: 35.6, lon: -97.5 },
  { code: 'OR', name: 'Oregon', lat: 43.9, lon: -120.6 },
  { code: 'PA', name: 'Pennsylvania', lat: 40.9, lon: -77.8 },
  { code: 'RI', name: 'Rhode Island', lat: 41.7, lon: -71.5 },
  { code: 'SC', name: 'South Carolina', lat: 33.9, lon: -80.9 },
  { code: 'SD', name: 'South Dakota', lat: 44.4, lon: -100.2 },
  { code: 'TN', name: 'Tennessee', lat: 35.9, lon: -86.4 },
  { code: 'TX', name: 'Texas', lat: 31.5, lon: -99.3 },
  { code: 'UT', name: 'Utah', lat: 39.3, lon: -111.7 },
  { code: 'VT', name: 'Vermont', lat: 44.1, lon: -72.7 },
  { code: 'VA', name: 'Virginia', lat: 37.5, lon: -78.9 },
  { code: 'WA', name: 'Washington', lat: 47.4, lon: -120.5 },
  { code: 'WV', name: 'West Virginia', lat: 38.6, lon: -80.6 },
  { code: 'WI', name: 'Wisconsin', lat: 44.6, lon: -89.9 },
  { code: 'WY', name: 'Wyoming', lat: 43.0, lon: -107.6 },
];

export const CANADIAN_PROVINCES: readonly Subdivision[] = [
  { code: 'AB', name: 'Alberta', lat: 53.9, lon: -116.6 },
  { code: 'BC', name: 'British Columbia', lat: 53.7, lon: -127.6 },
  { code: 'MB', name: 'Manitoba', lat: 53.8, lon: -98.8 },
  { code: 'NB', name: 'New Brunswick', lat: 46.5, lon: -66.2 },
  { code: 'NL', name: 'Newfoundland and Labrador', lat: 53.1, lon: -57.7 },
  { code: 'NS', name: 'Nova Scotia', lat: 45.0, lon: -63.0 },
  { code: 'NT', name: 'Northwest Territories', lat: 64.8, lon: -124.8 },
  { code: 'NU', name: 'Nunavut', lat: 70.3, lon: -83.1 },
  { code: 'ON', name: 'Ontario', lat: 50.0, lon: -85.3 },
  { code: 'PE', name: 'Prince Edward Island', lat: 46.5, lon: -63.4 },
  { code: 'QC', name: 'Quebec', lat: 52.9, lon: -73.5 },
  { code: 'SK', name: 'Saskatchewan', lat: 52.9, lon: -106.5 },
  { code: 'YT', name: 'Yukon', lat: 64.3, lon: -135.0 },
];

/** Australia's six states and two mainland territories, by their usual abbreviations. */
export const AUSTRALIAN_STATES: readonly Subdivision[] = [
  { code: 'NSW', name: 'New South Wales', lat: -32.2, lon: 147.0 },
  { code: 'VIC', name: 'Victoria', lat: -36.9, lon: 144.3 },
  { code: 'QLD', name: 'Queensland', lat: -22.5, lon: 144.4 },
  { code: 'SA', name: 'South Australia', lat: -30.1, lon: 135.8 },
  { code: 'WA', name: 'Western Australia', lat: -25.3, lon: 122.3 },
  { code: 'TAS', name: 'Tasmania', lat: -42.0, lon: 146.6 },
  { code: 'NT', name: 'Northern Territory', lat: -19.4, lon: 133.4 },
  { code: 'ACT', name: 'Australian Capital Territory', lat: -35.5, lon: 149.0 },
];

/** The prairie provinces, where land is described by legal land location (Dominion Land Survey). */
export const PRAIRIE_PROVINCES = ['AB', 'SK', 'MB'] as const;

/** The states, provinces or territories of a country ('USA', 'CAN', 'AUS'). */
export function subdivisionsOf(country: string): readonly Subdivision[] {
  if (country === 'USA') return US_STATES;
  if (country === 'CAN') return CANADIAN_PROVINCES;
  if (country === 'AUS') return AUSTRALIAN_STATES;
  return [];
}

export function subdivision(country: string, code: string): Subdivision | null {
  const upper = code.trim().toUpperCase();
  return subdivisionsOf(country).find((s) => s.code === upper) ?? null;
}

export function isSubdivisionOf(country: string, code: string): boolean {
  return subdivision(country, code) !== null;
}

/** Great-circle distance in km between the centres of two subdivisions; null when either is unknown. */
export function subdivisionDistanceKm(
  a: { country: string; region: string },
  b: { country: string; region: string },
): number | null {
  const p = subdivision(a.country, a.region);
  const q = subdivision(b.country, b.region);
  if (!p || !q) return null;
  const rad = Math.PI / 180;
  const dLat = (q.lat - p.lat) * rad;
  const dLon = (q.lon - p.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(p.lat * rad) * Math.cos(q.lat * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)));
}
