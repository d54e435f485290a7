// Area units (grain-marketing.md 9, platform.md 9.1).

export const AREA_UNITS = ['acres', 'hectares'] as const;
export type AreaUnit = (typeof AREA_UNITS)[number];

export const SQUARE_METRES_PER_ACRE = 4046.8564224;
export const SQUARE_METRES_PER_HECTARE = 10_000;

/** Converts an area between acres and hectares (same unit: unchanged). Not rounded: round when formatting. */
export function convertArea(value: number, from: AreaUnit, to: AreaUnit): number {
  if (from === to) return value;
  return from === 'acres'
    ? (value * SQUARE_METRES_PER_ACRE) / SQUARE_METRES_PER_HECTARE
    : (value * SQUARE_METRES_PER_HECTARE) / SQUARE_METRES_PER_ACRE;
}
