import { describe, expect, it } from 'vitest';
import { barrierOptionPrice, discreteBarrierOptionPrice } from './barrier.ts';
import { black76 } from './black76.ts';
import { normalCdf } from './normal.ts';
import { createRng } from './rng.ts';

describe('normal distribution', () => {
  it('matches known values of Φ', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021048517795, 13);
    expect(normalCdf(-1)).toBeCloseTo(0.15865525393145707, 13);
    expect(normalCdf(-8)).toBeCloseTo(6.22096057427178e-16, 20);
  });

  it('draws normals with the right moments (Ziggurat on xoshiro128**)', () => {
    const rng = createRng(7);
    let s1 = 0;
    let s2 = 0;
    let s4 = 0;
    let below = 0;
    const n = 200_000;
    for (let i = 0; i < n; i++) {
      const z = rng.normal();
      s1 += z;
      s2 += z * z;
      s4 += z ** 4;
      if (z < -1.96) below++;
    }
    expect(Math.abs(s1 / n)).toBeLessThan(0.01);
    expect(s2 / n).toBeCloseTo(1, 1);
    expect(s4 / n).toBeGreaterThan(2.9);
    expect(s4 / n).toBeLessThan(3.1);
    expect(below / n).toBeCloseTo(0.025, 2);
  });

  it('repeats a stream from its seed, and streams differ', () => {
    const a = createRng(42, 3);
    const b = createRng(42, 3);
    const c = createRng(42, 4);
    const xs = [a.nextU32(), a.nextU32(), a.nextU32()];
    expect([b.nextU32(), b.nextU32(), b.nextU32()]).toEqual(xs);
    expect([c.nextU32(), c.nextU32(), c.nextU32()]).not.toEqual(xs);
  });
});

describe('Black-76', () => {
  const base = { futures: 4.5, strike: 4.8, time: 0.75, vol: 0.25, rate: 0.04 };

  it('prices a call and a put with put–call parity', () => {
    const call = black76({ ...base, kind: 'call' });
    const put = black76({ ...base, kind: 'put' });
    expect(call.price - put.price).toBeCloseTo(Math.exp(-0.04 * 0.75) * (4.5 - 4.8), 12);
    // Reference: Haug's Black-76 example (F 19, K 19, T 0.75, r 10 %, σ 28 %) → call 1.7011.
    expect(black76({ kind: 'call', futures: 19, strike: 19, time: 0.75, vol: 0.28, rate: 0.1 }).price).toBeCloseTo(
      1.7011,
      4,
    );
  });

  it('gives greeks that match finite differences', () => {
    const p = (over: Partial<typeof base>) => black76({ ...base, ...over, kind: 'call' }).price;
    const g = black76({ ...base, kind: 'call' });
    const h = 1e-4;
    expect(g.delta).toBeCloseTo((p({ futures: 4.5 + h }) - p({ futures: 4.5 - h })) / (2 * h), 6);
    expect(g.gamma).toBeCloseTo((p({ futures: 4.5 + h }) - 2 * g.price + p({ futures: 4.5 - h })) / (h * h), 3);
    expect(g.vega).toBeCloseTo((p({ vol: 0.25 + h }) - p({ vol: 0.25 - h })) / (2 * h), 6);
    expect(g.rho).toBeCloseTo((p({ rate: 0.04 + h }) - p({ rate: 0.04 - h })) / (2 * h), 6);
    expect(g.theta).toBeCloseTo(-(p({ time: 0.75 + h }) - p({ time: 0.75 - h })) / (2 * h), 6);
  });
});

describe('barrier closed forms', () => {
  const base = { futures: 4.5, strike: 4.6, time: 0.5, vol: 0.25, rate: 0.04 };

  it('tend to the vanilla as the barrier moves away, and to 0 at it', () => {
    const put = black76({ ...base, kind: 'put' }).price;
    const call = black76({ ...base, kind: 'call' }).price;
    expect(barrierOptionPrice({ ...base, kind: 'down-and-out-put', barrier: 0.5 })).toBeCloseTo(put, 10);
    expect(barrierOptionPrice({ ...base, kind: 'down-and-out-call', barrier: 0.5 })).toBeCloseTo(call, 10);
    expect(barrierOptionPrice({ ...base, kind: 'up-and-out-call', barrier: 50 })).toBeCloseTo(call, 10);
    expect(barrierOptionPrice({ ...base, kind: 'up-and-out-put', barrier: 50 })).toBeCloseTo(put, 10);
    expect(barrierOptionPrice({ ...base, kind: 'down-and-out-put', barrier: 4.5 })).toBe(0);
  });

  it('is continuous where the down-and-out call’s two branches meet (strike at the barrier)', () => {
    const inp = { futures: 100, time: 0.5, vol: 0.25, rate: 0.08, barrier: 95 };
    const doc = barrierOptionPrice({ ...inp, strike: 90, kind: 'down-and-out-call' });
    expect(doc).toBeGreaterThan(0);
    expect(doc).toBeLessThan(black76({ ...inp, strike: 90, kind: 'call' }).price);
    const atH = barrierOptionPrice({ ...inp, strike: 95, kind: 'down-and-out-call' });
    const justAbove = barrierOptionPrice({ ...inp, strike: 95 + 1e-9, kind: 'down-and-out-call' });
    expect(atH).toBeCloseTo(justAbove, 6);
  });

  it('moves a discretely monitored barrier away from the spot (Broadie–Glasserman–Kou)', () => {
    const cont = barrierOptionPrice({ ...base, kind: 'down-and-out-put', barrier: 4.0 });
    const disc = discreteBarrierOptionPrice({
      ...base,
      kind: 'down-and-out-put',
      barrier: 4.0,
      monitoringStep: 7 / 365,
    });
    expect(disc).toBeGreaterThan(cont);
  });
});
