// The public CI (carbon-intensity) score of corn grown on a farm (grain-marketing.md 1 and 2: /score).
//
// A small, transparent model with the structure of Argonne's FD-CIC (the GREET feedstock carbon
// intensity calculator): cradle-to-farm-gate emissions per acre from the farm's inputs (nitrogen and
// its field N2O, phosphate, potash, lime, fuels and electricity) plus a soil-carbon change for tillage
// and cover crops, divided by the yield, and expressed per megajoule of the ethanol a bushel makes.
// Factors and sources: docs/decisions/018-public-market-page.md. It is an indicative score for a
// farmer's own comparison, not a certified or regulatory carbon intensity.
//
// Plain numbers (floats) on purpose: a physical estimate rounded to one decimal, not money. No zod or
// other imports, so the light public page can load it for a few hundred bytes.

export type Tillage = 'conventional' | 'reduced' | 'no-till';
export type Climate = 'moist' | 'dry';

/** What a visitor fills in, per acre of corn (US units, the way a farmer keeps records). */
export type CiScoreInput = {
  /** Grain yield, bushels per acre. */
  yieldBuPerAcre: number;
  /** Nitrogen applied, lb N per acre (all sources of synthetic N). */
  nitrogenLbPerAcre: number;
  /** Phosphate, lb P2O5 per acre. */
  phosphateLbPerAcre: number;
  /** Potash, lb K2O per acre. */
  potashLbPerAcre: number;
  /** Agricultural lime, lb CaCO3 per acre (a yearly average). */
  limeLbPerAcre: number;
  /** Diesel for field work, drying haul and irrigation pumps, gallons per acre. */
  dieselGalPerAcre: number;
  /** Propane for grain drying, gallons per acre. */
  propaneGalPerAcre: number;
  /** Electricity (drying fans, irrigation), kWh per acre. */
  electricityKwhPerAcre: number;
  tillage: Tillage;
  coverCrop: boolean;
  climate: Climate;
};

/** Average US corn farm inputs (USDA ERS ARMS corn survey magnitudes; GREET's default corn farming). */
export const CI_SCORE_DEFAULTS: CiScoreInput = {
  yieldBuPerAcre: 180,
  nitrogenLbPerAcre: 150,
  phosphateLbPerAcre: 60,
  potashLbPerAcre: 70,
  limeLbPerAcre: 400,
  dieselGalPerAcre: 6,
  propaneGalPerAcre: 3,
  electricityKwhPerAcre: 20,
  tillage: 'conventional',
  coverCrop: false,
  climate: 'moist',
};

const KG_PER_LB = 0.45359237;
const HECTARES_PER_ACRE = 0.40468564224;
/** Molar mass ratios: N2O per N2O-N, CO2 per C. */
const N2O_PER_N = 44 / 28;
const CO2_PER_C = 44 / 12;

/** Every factor the score uses, with its unit; the sources are listed in docs/decisions/018. */
export const CI_SCORE_FACTORS = {
  /** kg CO2e per kg N made and delivered (ammonia-based US N mix, GREET-class value). */
  nitrogenManufactureKgCo2ePerKgN: 3.0,
  /** kg CO2e per kg P2O5 and per kg K2O (GREET-class values). */
  phosphateKgCo2ePerKg: 1.0,
  potashKgCo2ePerKg: 0.6,
  /** kg CO2 per kg of limestone dissolving in the soil (IPCC 2006 vol. 4 ch. 11: 0.12 t C per t CaCO3). */
  limeKgCo2PerKg: 0.12 * CO2_PER_C,
  /** N2O-N lost per N applied, direct and indirect together (GREET's corn farming value, 1.525 %). */
  n2oNPerNApplied: 0.01525,
  /** Global warming potential of N2O over 100 years (IPCC AR6). */
  n2oGwp100: 273,
  /** kg CO2 per gallon burnt (US EPA GHG Emission Factors Hub). */
  dieselKgCo2PerGal: 10.21,
  propaneKgCo2PerGal: 5.72,
  /** kg CO2e per kWh, US grid average (EPA eGRID 2022). */
  electricityKgCo2ePerKwh: 0.37,
  /**
   * Soil organic carbon change, t C per hectare per year, against conventional tillage without a cover
   * crop: IPCC 2006 vol. 4 Table 5.5 stock change factors (no-till 1.10 dry / 1.15 moist; reduced
   * tillage 1.02 / 1.08; high input from a cover crop 1.04 / 1.11) applied over the 20-year default
   * to a cropland stock of 40 (dry) / 65 (moist) t C per hectare (IPCC reference stocks of cool
   * temperate soils, 50 / 95, times the long-term cultivation factor 0.80 / 0.69).
   */
  socStockTcPerHa: { dry: 40, moist: 65 },
  tillageFactor: {
    conventional: { dry: 1, moist: 1 },
    reduced: { dry: 1.02, moist: 1.08 },
    'no-till': { dry: 1.1, moist: 1.15 },
  },
  coverCropFactor: { dry: 1.04, moist: 1.11 },
  socTransitionYears: 20,
  /** Gallons of ethanol per bushel of corn (dry mill, GREET) and its lower heating value (MJ per gallon). */
  ethanolGalPerBu: 2.9,
  ethanolMjPerGal: 80.53,
} as const;

export type CiScoreBreakdown = {
  /** kg CO2e per acre per source; the soil-carbon entry is negative when the soil gains carbon. */
  nitrogenManufacture: number;
  fieldN2o: number;
  otherFertilizer: number;
  lime: number;
  energy: number;
  soilCarbon: number;
};

export type CiScoreResult = {
  /** kg CO2e per acre, all sources. */
  kgCo2ePerAcre: number;
  /** kg CO2e per bushel. */
  kgCo2ePerBushel: number;
  /** g CO2e per MJ of the ethanol a bushel makes: the unit of feedstock CI in GREET / FD-CIC. */
  gCo2ePerMj: number;
  breakdown: CiScoreBreakdown;
};

/** Soil carbon gained per acre per year (kg CO2e, positive = stored) by the tillage and cover crop. */
function soilCarbonStoredKgCo2ePerAcre(input: Pick<CiScoreInput, 'tillage' | 'coverCrop' | 'climate'>): number {
  const f = CI_SCORE_FACTORS;
  const factor =
    f.tillageFactor[input.tillage][input.climate] * (input.coverCrop ? f.coverCropFactor[input.climate] : 1);
  const tcPerHaPerYear = (f.socStockTcPerHa[input.climate] * (factor - 1)) / f.socTransitionYears;
  return tcPerHaPerYear * 1000 * CO2_PER_C * HECTARES_PER_ACRE;
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** Whether the input can be scored: finite, non-negative amounts and a positive yield. */
export function isCiScoreInputValid(input: CiScoreInput): boolean {
  const amounts = [
    input.nitrogenLbPerAcre,
    input.phosphateLbPerAcre,
    input.potashLbPerAcre,
    input.limeLbPerAcre,
    input.dieselGalPerAcre,
    input.propaneGalPerAcre,
    input.electricityKwhPerAcre,
  ];
  return (
    Number.isFinite(input.yieldBuPerAcre) &&
    input.yieldBuPerAcre > 0 &&
    amounts.every((v) => Number.isFinite(v) && v >= 0)
  );
}

/** The farm's corn CI score; null when the input cannot be scored (see isCiScoreInputValid). */
export function computeCiScore(input: CiScoreInput): CiScoreResult | null {
  if (!isCiScoreInputValid(input)) return null;
  const f = CI_SCORE_FACTORS;
  const nKg = input.nitrogenLbPerAcre * KG_PER_LB;
  const breakdown: CiScoreBreakdown = {
    nitrogenManufacture: nKg * f.nitrogenManufactureKgCo2ePerKgN,
    fieldN2o: nKg * f.n2oNPerNApplied * N2O_PER_N * f.n2oGwp100,
    otherFertilizer:
      (input.phosphateLbPerAcre * f.phosphateKgCo2ePerKg + input.potashLbPerAcre * f.potashKgCo2ePerKg) * KG_PER_LB,
    lime: input.limeLbPerAcre * KG_PER_LB * f.limeKgCo2PerKg,
    energy:
      input.dieselGalPerAcre * f.dieselKgCo2PerGal +
      input.propaneGalPerAcre * f.propaneKgCo2PerGal +
      input.electricityKwhPerAcre * f.electricityKgCo2ePerKwh,
    soilCarbon: 0 - soilCarbonStoredKgCo2ePerAcre(input),
  };
  const perAcre = Object.values(breakdown).reduce((sum, v) => sum + v, 0);
  const perBushel = perAcre / input.yieldBuPerAcre;
  const mjPerBushel = f.ethanolGalPerBu * f.ethanolMjPerGal;
  return {
    kgCo2ePerAcre: round(perAcre, 1),
    kgCo2ePerBushel: round(perBushel, 2),
    gCo2ePerMj: round((perBushel * 1000) / mjPerBushel, 1),
    breakdown: {
      nitrogenManufacture: round(breakdown.nitrogenManufacture, 1),
      fieldN2o: round(breakdown.fieldN2o, 1),
      otherFertilizer: round(breakdown.otherFertilizer, 1),
      lime: round(breakdown.lime, 1),
      energy: round(breakdown.energy, 1),
      soilCarbon: round(breakdown.soilCarbon, 1),
    },
  };
}
