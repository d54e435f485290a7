// Closed forms for single-barrier options on futures, used as the engine's accuracy references (issue 18):
// - Reiner & Rubinstein (1991), "Breaking down the barriers", in the generalised Black–Scholes form of Haug
//   ("The Complete Guide to Option Pricing Formulas", 2nd ed., 4.17.1) with cost of carry b = 0 (a futures price),
//   continuous monitoring, no rebate;
// - Broadie, Glasserman & Kou (1997), "A continuity correction for discrete barrier options": a barrier monitored
//   every Δt years prices like a continuous one moved away from the spot by exp(β σ √Δt), β = −ζ(½)/√(2π) ≈ 0.5826.

import { normalCdf } from './normal.ts';

export const BGK_BETA = 0.5825971579390106;

export type BarrierInput = {
  kind: 'down-and-out-call' | 'down-and-out-put' | 'up-and-out-call' | 'up-and-out-put';
  futures: number;
  strike: number;
  barrier: number;
  time: number;
  vol: number;
  rate: number;
};

/** Continuously monitored knock-out price (no rebate). 0 when the barrier is already breached. */
export function barrierOptionPrice(input: BarrierInput): number {
  const { kind, futures: s, strike: x, barrier: h, time: t, vol, rate: r } = input;
  const down = kind.startsWith('down');
  const call = kind.endsWith('call');
  if (down ? s <= h : s >= h) return 0;
  const phi = call ? 1 : -1;
  const eta = down ? 1 : -1;
  const sd = vol * Math.sqrt(t);
  const mu = -0.5; // (b − σ²/2)/σ² with b = 0
  const df = Math.exp(-r * t);
  const x1 = Math.log(s / x) / sd + (1 + mu) * sd;
  const x2 = Math.log(s / h) / sd + (1 + mu) * sd;
  const y1 = Math.log((h * h) / (s * x)) / sd + (1 + mu) * sd;
  const y2 = Math.log(h / s) / sd + (1 + mu) * sd;
  const hs1 = Math.pow(h / s, 2 * (mu + 1));
  const hs2 = Math.pow(h / s, 2 * mu);
  const A = phi * s * df * normalCdf(phi * x1) - phi * x * df * normalCdf(phi * x1 - phi * sd);
  const B = phi * s * df * normalCdf(phi * x2) - phi * x * df * normalCdf(phi * x2 - phi * sd);
  const C = phi * s * df * hs1 * normalCdf(eta * y1) - phi * x * df * hs2 * normalCdf(eta * y1 - eta * sd);
  const D = phi * s * df * hs1 * normalCdf(eta * y2) - phi * x * df * hs2 * normalCdf(eta * y2 - eta * sd);
  // Haug 4.17.1, rebate 0.
  switch (kind) {
    case 'down-and-out-call':
      return x > h ? A - C : B - D;
    case 'up-and-out-call':
      return x > h ? 0 : A - B + C - D;
    case 'down-and-out-put':
      return x > h ? A - B + C - D : 0;
    case 'up-and-out-put':
      return x > h ? B - D : A - C;
  }
}

/** Broadie–Glasserman–Kou: the discretely monitored price (every `monitoringStep` years) by the shifted barrier. */
export function discreteBarrierOptionPrice(input: BarrierInput & { monitoringStep: number }): number {
  const shift = Math.exp(BGK_BETA * input.vol * Math.sqrt(input.monitoringStep));
  const barrier = input.kind.startsWith('down') ? input.barrier / shift : input.barrier * shift;
  return barrierOptionPrice({ ...input, barrier });
}
