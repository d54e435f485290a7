// The store's feed-efficiency calculator for cattle (/direct/feed/feed-efficiency, platform.md 2.4): from the herd,
// its start and target weights, gain and intake, and the ration's price, the feed conversion, days on feed, feed
// needed and what the gain costs. Exact (CrmDecimal): the figures are money and a buyer orders from them.
import { CrmDecimal } from '../crm/exact.ts';
import type { StoreRegion } from './regions.ts';

/** Weight unit of the calculator: pounds in the US, kilograms elsewhere (platform.md 9.1 price units). */
export type FeedWeightUnit = 'lb' | 'kg';

export function feedWeightUnit(region: StoreRegion): FeedWeightUnit {
  return region === 'US' ? 'lb' : 'kg';
}

/** A ton of feed in the unit: a US short ton is 2,000 lb, a metric tonne 1,000 kg. */
export const FEED_TON: { readonly [U in FeedWeightUnit]: number } = { lb: 2000, kg: 1000 };
/** The international pound: exactly 0.45359237 kg. */
export const KG_PER_LB = '0.45359237';

/** What the calculator takes. Numbers are strings as typed (a decimal such as '3.5'); weights in `unit`. */
export type FeedEfficiencyInput = {
  unit: FeedWeightUnit;
  headCount: string;
  startWeight: string;
  targetWeight: string;
  /** Average daily gain per head. */
  averageDailyGain: string;
  /** Dry-matter intake per head per day. */
  dryMatterIntake: string;
  /** The ration's price per ton as fed (short ton for lb, tonne for kg), in the region's currency. */
  costPerTon: string;
  /** Dry matter of the ration as fed, in percent; '' or absent → 100 (the intake and the ration are both dry). */
  dryMatterPercent?: string;
};

export type FeedEfficiencyField = Exclude<keyof FeedEfficiencyInput, 'unit'>;

export type FeedEfficiencyErrorCode =
  'required' | 'not_a_number' | 'not_positive' | 'not_whole' | 'target_not_above_start' | 'above_100' | 'too_large';

export type FeedEfficiencyError = { field: FeedEfficiencyField; code: FeedEfficiencyErrorCode; message: string };

export type FeedEfficiencyResult = {
  unit: FeedWeightUnit;
  /** Gain per head over the feeding period (unit). */
  gainPerHead: string;
  /** Feed conversion ratio: unit of dry matter eaten per unit of gain (2 decimals). */
  feedConversionRatio: string;
  /** Days to reach the target weight (1 decimal). */
  daysOnFeed: string;
  /** Dry matter eaten per head over the period (unit, 1 decimal). */
  dryMatterPerHead: string;
  /** Feed as fed per head (unit, 1 decimal). */
  feedPerHead: string;
  /** Feed as fed for the whole group, in tons (short tons or tonnes, 2 decimals). */
  totalFeedTons: string;
  /** Feed cost per head (money, 2 decimals). */
  feedCostPerHead: string;
  /** Feed cost for the group (money, 2 decimals). */
  totalFeedCost: string;
  /** Feed cost per unit of gain (money per lb or kg, 3 decimals: cents and a tenth). */
  costOfGain: string;
};

const LIMIT = new CrmDecimal('1000000000');
const NUMBER = /^\d+(\.\d+)?$/;

const MESSAGES: { readonly [C in FeedEfficiencyErrorCode]: string } = {
  required: 'Enter a number.',
  not_a_number: 'Enter a number such as 3.5.',
  not_positive: 'Enter a number greater than zero.',
  not_whole: 'Enter a whole number of head.',
  target_not_above_start: 'The target weight must be more than the start weight.',
  above_100: 'Dry matter is at most 100%.',
  too_large: 'Enter a smaller number.',
};

export function feedEfficiencyMessage(code: FeedEfficiencyErrorCode): string {
  return MESSAGES[code];
}

/** A typed number: thousands commas and surrounding spaces are allowed ('1,200'). */
function parse(raw: string | undefined): CrmDecimal | 'required' | 'not_a_number' {
  const text = (raw ?? '').trim().replace(/,/g, '');
  if (text === '') return 'required';
  if (!NUMBER.test(text) && !/^\.\d+$/.test(text))
    return text.startsWith('-') && NUMBER.test(text.slice(1)) ? new CrmDecimal(text) : 'not_a_number';
  return new CrmDecimal(text);
}

export type FeedEfficiencyOutcome =
  { ok: true; result: FeedEfficiencyResult } | { ok: false; errors: FeedEfficiencyError[] };

/**
 * Checks the input (every figure a positive number, the head count whole, the target above the start, dry matter at
 * most 100%) and computes:
 *   gain = target − start; days = gain ÷ ADG; FCR = DMI ÷ ADG;
 *   dry matter per head = DMI × days; as fed = dry matter ÷ (DM% ÷ 100);
 *   cost per head = as fed ÷ ton × price per ton; cost of gain = cost per head ÷ gain.
 * Every error is returned at once, one per field, so a form can show them all.
 */
export function computeFeedEfficiency(input: FeedEfficiencyInput): FeedEfficiencyOutcome {
  const errors: FeedEfficiencyError[] = [];
  const fail = (field: FeedEfficiencyField, code: FeedEfficiencyErrorCode) =>
    errors.push({ field, code, message: MESSAGES[code] });
  const values: Partial<Record<FeedEfficiencyField, CrmDecimal>> = {};
  const fields: FeedEfficiencyField[] = [
    'headCount',
    'startWeight',
    'targetWeight',
    'averageDailyGain',
    'dryMatterIntake',
    'costPerTon',
  ];
  for (const field of fields) {
    const v = parse(input[field]);
    if (typeof v === 'string') fail(field, v);
    else if (!v.gt(0)) fail(field, 'not_positive');
    else if (v.gte(LIMIT)) fail(field, 'too_large');
    else if (field === 'headCount' && !v.isInteger()) fail(field, 'not_whole');
    else values[field] = v;
  }
  let dm = new CrmDecimal(100);
  if ((input.dryMatterPercent ?? '').trim() !== '') {
    const v = parse(input.dryMatterPercent);
    if (typeof v === 'string') fail('dryMatterPercent', v);
    else if (!v.gt(0)) fail('dryMatterPercent', 'not_positive');
    else if (v.gt(100)) fail('dryMatterPercent', 'above_100');
    else dm = v;
  }
  const { headCount, startWeight, targetWeight, averageDailyGain, dryMatterIntake, costPerTon } = values;
  if (startWeight && targetWeight && !targetWeight.gt(startWeight)) fail('targetWeight', 'target_not_above_start');
  if (
    errors.length > 0 ||
    !headCount ||
    !startWeight ||
    !targetWeight ||
    !averageDailyGain ||
    !dryMatterIntake ||
    !costPerTon
  ) {
    return { ok: false, errors };
  }

  const gain = targetWeight.minus(startWeight);
  const days = gain.div(averageDailyGain);
  const fcr = dryMatterIntake.div(averageDailyGain);
  const dryMatterPerHead = dryMatterIntake.mul(days);
  const asFedPerHead = dryMatterPerHead.div(dm.div(100));
  const ton = new CrmDecimal(FEED_TON[input.unit]);
  const costPerHead = asFedPerHead.div(ton).mul(costPerTon);
  const totalTons = asFedPerHead.mul(headCount).div(ton);
  return {
    ok: true,
    result: {
      unit: input.unit,
      gainPerHead: gain.toFixed(1),
      feedConversionRatio: fcr.toFixed(2),
      daysOnFeed: days.toFixed(1),
      dryMatterPerHead: dryMatterPerHead.toFixed(1),
      feedPerHead: asFedPerHead.toFixed(1),
      totalFeedTons: totalTons.toFixed(2),
      feedCostPerHead: costPerHead.toFixed(2),
      totalFeedCost: costPerHead.mul(headCount).toFixed(2),
      costOfGain: costPerHead.div(gain).toFixed(3),
    },
  };
}

/**
 * The price per ton of a catalogue pack of feed: its price ÷ its weight, times a ton of the calculator's unit. A pack
 * weighed in lb converts to kg exactly (and back); a pack in anything but lb or kg (a tub counted in units) has no
 * price per ton: null. Two decimals, like a price.
 */
export function costPerTonOfPack(
  pack: { amount: string; size: string; unit: string; packCount: number },
  unit: FeedWeightUnit,
): string | null {
  const packUnit = pack.unit.trim().toLowerCase();
  if (packUnit !== 'lb' && packUnit !== 'kg') return null;
  let weight = new CrmDecimal(pack.size).mul(pack.packCount);
  if (!weight.gt(0)) return null;
  if (packUnit !== unit) weight = packUnit === 'lb' ? weight.mul(KG_PER_LB) : weight.div(KG_PER_LB);
  return new CrmDecimal(pack.amount).div(weight).mul(FEED_TON[unit]).toFixed(2);
}
