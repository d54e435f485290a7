import { describe, expect, it } from 'vitest';
import { CI_SCORE_DEFAULTS, computeCiScore, isCiScoreInputValid } from './ci-score.ts';

describe('corn CI score', () => {
  it('scores an average farm at about 20 g CO2e/MJ, nitrogen and its N2O the largest part', () => {
    const score = computeCiScore(CI_SCORE_DEFAULTS)!;
    expect(score.gCo2ePerMj).toBeGreaterThan(18);
    expect(score.gCo2ePerMj).toBeLessThan(23);
    expect(score.breakdown.fieldN2o).toBeCloseTo(444.8, 0);
    expect(score.breakdown.nitrogenManufacture).toBeCloseTo(204.1, 0);
    expect(score.breakdown.soilCarbon).toBe(0);
    const { breakdown } = score;
    const sum =
      breakdown.nitrogenManufacture +
      breakdown.fieldN2o +
      breakdown.otherFertilizer +
      breakdown.lime +
      breakdown.energy +
      breakdown.soilCarbon;
    expect(score.kgCo2ePerAcre).toBeCloseTo(sum, 0);
    expect(score.kgCo2ePerBushel).toBeCloseTo(score.kgCo2ePerAcre / 180, 2);
  });

  it('goes down with less nitrogen and up with more, in proportion to the yield', () => {
    const base = computeCiScore(CI_SCORE_DEFAULTS)!.gCo2ePerMj;
    expect(computeCiScore({ ...CI_SCORE_DEFAULTS, nitrogenLbPerAcre: 120 })!.gCo2ePerMj).toBeLessThan(base);
    expect(computeCiScore({ ...CI_SCORE_DEFAULTS, nitrogenLbPerAcre: 200 })!.gCo2ePerMj).toBeGreaterThan(base);
    // Same inputs over twice the bushels: half the score per bushel.
    expect(computeCiScore({ ...CI_SCORE_DEFAULTS, yieldBuPerAcre: 360 })!.gCo2ePerMj).toBeCloseTo(base / 2, 0);
  });

  it('credits soil carbon for no-till and a cover crop, more in a moist climate', () => {
    const conventional = computeCiScore(CI_SCORE_DEFAULTS)!;
    const reduced = computeCiScore({ ...CI_SCORE_DEFAULTS, tillage: 'reduced' })!;
    const noTill = computeCiScore({ ...CI_SCORE_DEFAULTS, tillage: 'no-till' })!;
    const both = computeCiScore({ ...CI_SCORE_DEFAULTS, tillage: 'no-till', coverCrop: true })!;
    const dry = computeCiScore({ ...CI_SCORE_DEFAULTS, tillage: 'no-till', climate: 'dry' })!;
    expect(reduced.gCo2ePerMj).toBeLessThan(conventional.gCo2ePerMj);
    expect(noTill.gCo2ePerMj).toBeLessThan(reduced.gCo2ePerMj);
    expect(both.gCo2ePerMj).toBeLessThan(noTill.gCo2ePerMj);
    expect(dry.breakdown.soilCarbon).toBeGreaterThan(noTill.breakdown.soilCarbon);
    // No-till, moist: 65 t C/ha × 0.15 / 20 years ≈ 723 kg CO2 per acre a year.
    expect(noTill.breakdown.soilCarbon).toBeCloseTo(-723, -1);
  });

  it('refuses a zero yield or a negative amount', () => {
    expect(isCiScoreInputValid({ ...CI_SCORE_DEFAULTS, yieldBuPerAcre: 0 })).toBe(false);
    expect(computeCiScore({ ...CI_SCORE_DEFAULTS, dieselGalPerAcre: -1 })).toBeNull();
    expect(computeCiScore({ ...CI_SCORE_DEFAULTS, nitrogenLbPerAcre: Number.NaN })).toBeNull();
  });
});
