import { describe, expect, it } from 'vitest';
import {
  FUTURES_PRODUCTS,
  commonRollOptionMonths,
  firstNoticeDay,
  futuresMonthForDelivery,
  futuresProduct,
  futuresProductForCrop,
  futuresSymbol,
  lastTradeDay,
  listedContracts,
  nearbyFuturesMonth,
  parseFuturesSymbol,
  rollOptionMonthRefusal,
  rollOptionMonths,
} from './futures.ts';
import { CROP_IDS } from '../crm/crops.ts';

const corn = futuresProduct('ZC')!;

describe('futures symbols', () => {
  it('builds and parses exchange symbols with month codes', () => {
    expect(futuresSymbol('ZC', '2026-12')).toBe('ZCZ26');
    expect(futuresSymbol('ZS', '2027-01')).toBe('ZSF27');
    expect(futuresSymbol('MWE', '2027-03')).toBe('MWEH27');
    expect(parseFuturesSymbol('zcz26')).toMatchObject({ root: 'ZC', monthCode: 'Z', optionMonth: '2026-12' });
    expect(parseFuturesSymbol('RSX26')).toMatchObject({ root: 'RS', optionMonth: '2026-11' });
  });

  it('refuses unknown roots and months the product does not list', () => {
    expect(parseFuturesSymbol('XXZ26')).toBeNull();
    expect(parseFuturesSymbol('ZCF27')).toBeNull(); // corn has no January
    expect(parseFuturesSymbol('ZCZ2026')).toBeNull();
    expect(() => futuresSymbol('ZC', '2026-13')).toThrow();
  });

  it('maps crops to the products their bids price off', () => {
    expect(futuresProductForCrop(CROP_IDS.corn)?.root).toBe('ZC');
    expect(futuresProductForCrop(CROP_IDS.canola)?.root).toBe('RS');
    expect(futuresProductForCrop(CROP_IDS.durumWheat)?.root).toBe('MWE');
    expect(futuresProductForCrop(CROP_IDS.peas)).toBeNull();
    for (const p of FUTURES_PRODUCTS) expect(p.months.length).toBeGreaterThan(0);
  });
});

describe('futures calendar', () => {
  it('last trade day is the business day before the 15th', () => {
    expect(lastTradeDay('2026-12')).toBe('2026-12-14'); // the 15th is a Tuesday
    expect(lastTradeDay('2026-03')).toBe('2026-03-13'); // the 15th is a Sunday → Friday 13th
    expect(lastTradeDay('2027-03')).toBe('2027-03-12'); // Monday the 15th → Friday the 12th
  });

  it('first notice day is the last business day of the month before', () => {
    expect(firstNoticeDay('2026-12')).toBe('2026-11-30');
    expect(firstNoticeDay('2027-03')).toBe('2027-02-26'); // Feb 28 2027 is a Sunday
  });

  it('lists the next contract months still trading, nearest first', () => {
    expect(listedContracts(corn, '2026-11-22', 3).map((c) => c.symbol)).toEqual(['ZCZ26', 'ZCH27', 'ZCK27']);
    // On December corn's last trading day it is still listed; the day after it is gone.
    expect(listedContracts(corn, '2026-12-14', 1)[0]!.symbol).toBe('ZCZ26');
    expect(listedContracts(corn, '2026-12-15', 1)[0]!.symbol).toBe('ZCH27');
  });

  it('a delivery period prices off the first listed month not before its end', () => {
    expect(futuresMonthForDelivery(corn, '2026-10-31')).toBe('2026-12');
    expect(futuresMonthForDelivery(corn, '2026-12-31')).toBe('2026-12');
    expect(futuresMonthForDelivery(corn, '2027-01-31')).toBe('2027-03');
    expect(futuresMonthForDelivery(futuresProduct('ZS')!, '2026-10-31')).toBe('2026-11');
  });
});

describe('roll months (issue 14)', () => {
  it("proposes the crop's next listed month after the current one, never a month the exchange does not list", () => {
    const today = '2026-11-27';
    expect(rollOptionMonths(CROP_IDS.corn, '2027-03', today, 4)).toEqual(['2027-05', '2027-07', '2027-09', '2027-12']);
    expect(rollOptionMonths(CROP_IDS.corn, '2026-12', today)[0]).toBe('2027-03');
    expect(rollOptionMonths(CROP_IDS.soybeans, '2027-07', today, 3)).toEqual(['2027-08', '2027-09', '2027-11']);
    expect(rollOptionMonths(CROP_IDS.canola, '2026-11', today, 2)).toEqual(['2027-01', '2027-03']);
  });

  it('skips months that stopped trading; without a month it starts from the ones trading today', () => {
    // Corn's December 2026 last trades on 14 December: from September, on 20 December, the first is March.
    expect(rollOptionMonths(CROP_IDS.corn, '2026-09', '2026-12-20')[0]).toBe('2027-03');
    expect(rollOptionMonths(CROP_IDS.corn, null, '2026-11-27', 2)).toEqual(['2026-12', '2027-03']);
  });

  it('the nearby month is the first listed month still trading; none for a crop without futures', () => {
    // Corn's December 2026 last trades on Monday 14 December.
    expect(nearbyFuturesMonth(CROP_IDS.corn, '2026-11-28')).toBe('2026-12');
    expect(nearbyFuturesMonth(CROP_IDS.corn, '2026-12-14')).toBe('2026-12');
    expect(nearbyFuturesMonth(CROP_IDS.corn, '2026-12-15')).toBe('2027-03');
    expect(nearbyFuturesMonth(CROP_IDS.soybeans, '2026-11-28')).toBe('2027-01');
    expect(nearbyFuturesMonth(CROP_IDS.peas, '2026-11-28')).toBeNull();
  });

  it('refuses a roll to a month the crop does not list, an earlier or expired month, or one too far out', () => {
    const today = '2026-11-27';
    expect(rollOptionMonthRefusal(CROP_IDS.corn, '2027-03', '2027-05', today)).toBeNull();
    expect(rollOptionMonthRefusal(CROP_IDS.corn, '2027-03', '2029-12', today)).toBeNull();
    expect(rollOptionMonthRefusal(CROP_IDS.corn, '2027-03', '2027-04', today)).toBe(
      '2027-04 is not a listed month of ZC futures.',
    );
    expect(rollOptionMonthRefusal(CROP_IDS.corn, '2027-03', '2027-03', today)).toBe(
      'A futures roll moves to a later month than 2027-03.',
    );
    expect(rollOptionMonthRefusal(CROP_IDS.corn, '2026-03', '2026-09', today)).toBe(
      'The 2026-09 futures month no longer trades.',
    );
    expect(rollOptionMonthRefusal(CROP_IDS.corn, '2027-03', '2045-03', today)).toBe(
      '2045-03 is further out than a roll may go.',
    );
    expect(rollOptionMonthRefusal(CROP_IDS.peas, '2027-03', '2027-04', today)).toBeNull();
  });

  it('a crop without futures rolls to any calendar month', () => {
    expect(rollOptionMonths(CROP_IDS.peas, '2027-03', '2026-11-27', 2)).toEqual(['2027-04', '2027-05']);
  });

  it('a bulk roll offers the months every selected contract may roll to', () => {
    const rows = [
      { cropId: CROP_IDS.corn, optionMonth: '2027-03' },
      { cropId: CROP_IDS.soybeans, optionMonth: '2027-05' },
    ];
    expect(commonRollOptionMonths(rows, '2026-11-27', 3)).toEqual(['2027-07', '2027-09', '2028-03']);
    expect(commonRollOptionMonths([], '2026-11-27')).toEqual([]);
  });
});
