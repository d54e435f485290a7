// Black-76: European options on a futures price F (lognormal, no drift under the pricing measure), discounted at a
// continuously compounded rate r. Times in years (ACT/365), volatilities and rates as decimals (0.25 = 25 %).

import { normalCdf, normalPdf } from './normal.ts';

export type OptionKind = 'call' | 'put';

export type Black76Input = {
  kind: OptionKind;
  /** Futures price today. */
  futures: number;
  strike: number;
  /** Years to expiry. */
  time: number;
  vol: number;
  rate: number;
};

export type Black76Result = {
  price: number;
  /** ∂price/∂F. */
  delta: number;
  /** ∂²price/∂F². */
  gamma: number;
  /** ∂price/∂σ (per 1.00 of volatility; divide by 100 for a vol point). */
  vega: number;
  /** ∂price/∂t as calendar time passes (per year; divide by 365 for a day). */
  theta: number;
  /** ∂price/∂r. */
  rho: number;
};

export function black76(input: Black76Input): Black76Result {
  const { kind, futures: f, strike: k, time: t, vol, rate } = input;
  const df = Math.exp(-rate * t);
  if (t <= 0 || vol <= 0) {
    // At expiry (or with no volatility) the option is its discounted intrinsic value.
    const itm = kind === 'call' ? f > k : f < k;
    const price = df * Math.max(kind === 'call' ? f - k : k - f, 0);
    return {
      price,
      delta: itm ? (kind === 'call' ? df : -df) : 0,
      gamma: 0,
      vega: 0,
      theta: rate * price,
      rho: -t * price,
    };
  }
  const sd = vol * Math.sqrt(t);
  const d1 = (Math.log(f / k) + 0.5 * sd * sd) / sd;
  const d2 = d1 - sd;
  const price =
    kind === 'call' ? df * (f * normalCdf(d1) - k * normalCdf(d2)) : df * (k * normalCdf(-d2) - f * normalCdf(-d1));
  const delta = kind === 'call' ? df * normalCdf(d1) : -df * normalCdf(-d1);
  const gamma = (df * normalPdf(d1)) / (f * sd);
  const vega = df * f * normalPdf(d1) * Math.sqrt(t);
  const theta = (-df * f * normalPdf(d1) * vol) / (2 * Math.sqrt(t)) + rate * price;
  return { price, delta, gamma, vega, theta, rho: -t * price };
}

/** The price alone. */
export function black76Price(input: Black76Input): number {
  return black76(input).price;
}
