import { CROP_IDS, futuresProductForCrop, listedContracts } from '@granary/domain';

/** The crops structures are priced for: those the SCS parameters carry vols for (decision 061: corn, soybeans, wheat). */
export const STRUCTURE_CROP_IDS: readonly number[] = [CROP_IDS.corn, CROP_IDS.soybeans, CROP_IDS.wheat];

/** The crop's futures months still trading on `today`, nearest first, with their symbols. */
export function structureMonths(cropId: number, today: string): { optionMonth: string; symbol: string }[] {
  const product = futuresProductForCrop(cropId);
  return product
    ? listedContracts(product, today, 8).map((c) => ({ optionMonth: c.optionMonth, symbol: c.symbol }))
    : [];
}
