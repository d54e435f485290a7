import { describe, expect, it } from 'vitest';
import type { PublicBidRow } from '../bids/instrument-reads.ts';
import { bidsForCrops, offerNearness, offersNearTarget } from './farmer-home.ts';

describe("the farmer home's rules", () => {
  it('calls an offer near within 5¢ below its target, hit at or above it', () => {
    expect(offerNearness({ status: 'working', distanceToTarget: '0.0000' })).toBe('hit');
    expect(offerNearness({ status: 'working', distanceToTarget: '-0.0500' })).toBe('near');
    expect(offerNearness({ status: 'working', distanceToTarget: '-0.0525' })).toBe('far');
    expect(offerNearness({ status: 'working', distanceToTarget: null })).toBe('unknown');
    expect(offerNearness({ status: 'price_hit', distanceToTarget: '-0.2000' })).toBe('hit');
  });

  it('lists open offers at or near target, closest first, and never a filled one', () => {
    const offers = [
      { id: 1, status: 'working', distanceToTarget: '-0.0400' },
      { id: 2, status: 'working', distanceToTarget: '-0.3000' },
      { id: 3, status: 'price_hit', distanceToTarget: '-0.0100' },
      { id: 4, status: 'filled', distanceToTarget: '0.0100' },
      { id: 5, status: 'working', distanceToTarget: '0.0200' },
    ] as const;
    expect(offersNearTarget(offers).map((o) => o.id)).toEqual([3, 5, 1]);
  });

  it('keeps the nearest delivery of each crop grown, or of every crop when none is recorded', () => {
    const bid = (id: number, cropName: string, deliveryStart: string) =>
      ({ id, cropName, deliveryStart }) as PublicBidRow;
    const rows = [bid(1, 'Corn', '2026-12-01'), bid(2, 'Corn', '2026-11-01'), bid(3, 'Wheat', '2026-11-01')];
    expect(bidsForCrops(rows, ['corn']).map((r) => r.id)).toEqual([2]);
    expect(bidsForCrops(rows, []).map((r) => r.id)).toEqual([2, 3]);
  });
});
