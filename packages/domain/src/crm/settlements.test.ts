import { describe, expect, it } from 'vitest';
import {
  SettlementArithmeticError,
  advanceRecovery,
  allocateCents,
  computeSettlement,
  lienWriteSchema,
  settlementCreateSchema,
  sumCents,
  unsettledCashPrice,
  type CheckoffRateInput,
  type SettlementInput,
  type SettlementLineInput,
} from './settlements.ts';
import { CrmDecimal, toDecimal } from './exact.ts';

const CORN = 1;
const SOY = 2;
const IOWA_CORN: CheckoffRateInput = {
  id: 1,
  cropId: CORN,
  name: 'Iowa corn checkoff',
  basis: 'per_bushel',
  rate: '0.0025',
};
const SOY_NATIONAL: CheckoffRateInput = {
  id: 2,
  cropId: SOY,
  name: 'National soybean checkoff',
  basis: 'pct_of_value',
  rate: '0.005',
};

const line = (over: Partial<SettlementLineInput> = {}): SettlementLineInput => ({
  ticketApplicationId: 1,
  contractId: 10,
  scaleTicketId: 100,
  cropId: CORN,
  bushels: '1000',
  price: '4.0000',
  ticketQuantity: '1000',
  dryingCharge: '0',
  discountAmount: '0',
  deliveryDate: '2026-10-01',
  ...over,
});

const base = (over: Partial<SettlementInput> = {}): SettlementInput => ({
  settlementDate: '2026-10-01',
  lines: [line()],
  storageRate: () => null,
  checkoffRates: (cropId) => [IOWA_CORN, SOY_NATIONAL].filter((r) => r.cropId === cropId),
  advances: [],
  liens: [],
  farmer: { clientId: 7, name: 'Fieldman Family Farms' },
  ...over,
});

/** Every sum a statement shows, checked to the cent. */
function expectConsistent(r: ReturnType<typeof computeSettlement>) {
  expect(sumCents(r.lines.map((l) => l.amount))).toBe(r.gross);
  expect(sumCents(r.deductions.map((d) => d.amount))).toBe(r.deductionsTotal);
  expect(toDecimal(r.gross).minus(toDecimal(r.deductionsTotal)).toFixed(2)).toBe(r.net);
  expect(sumCents(r.payees.map((p) => p.amount))).toBe(r.net);
  const lineDeductions = sumCents(r.lines.flatMap((l) => [l.drying, l.discounts, l.storage, l.checkoff]).map((v) => v));
  const advances = sumCents(r.deductions.filter((d) => d.kind === 'advance').map((d) => d.amount));
  expect(toDecimal(lineDeductions).plus(toDecimal(advances)).toFixed(2)).toBe(r.deductionsTotal);
  for (const l of r.lines) {
    expect(
      toDecimal(l.amount)
        .minus(toDecimal(l.drying))
        .minus(toDecimal(l.discounts))
        .minus(toDecimal(l.storage))
        .minus(toDecimal(l.checkoff))
        .toFixed(2),
    ).toBe(l.net);
  }
}

describe('allocateCents', () => {
  it('gives thirds of a dollar 34, 33, 33 cents: the total is the rounded exact sum, the extra cent to the first', () => {
    const third = new CrmDecimal(1).div(3);
    expect(allocateCents([third, third, third]).map((d) => d.toFixed(2))).toEqual(['0.34', '0.33', '0.33']);
  });
  it('gives the spare cents to the largest fractions', () => {
    const out = allocateCents(['0.004', '0.006', '0.005'].map((v) => new CrmDecimal(v)));
    expect(out.map((d) => d.toFixed(2))).toEqual(['0.00', '0.01', '0.01']);
  });
  it('keeps each value within a cent of its exact figure', () => {
    const values = Array.from({ length: 50 }, (_, i) => new CrmDecimal(i * 7919).div(997));
    const out = allocateCents(values);
    out.forEach((c, i) => expect(c.minus(values[i]!).abs().lt('0.01')).toBe(true));
  });
});

describe('computeSettlement', () => {
  it('pays 1,234.5678 bu × $4.3325 as $5,348.76 (5,348.7649935 rounded half up)', () => {
    const r = computeSettlement(
      base({ lines: [line({ bushels: '1234.5678' })].map((l) => ({ ...l, price: '4.3325' })) }),
    );
    expect(r.gross).toBe('5348.76');
    // Iowa corn checkoff: 1,234.5678 × $0.0025 = $3.0864195 → $3.09
    expect(r.lines[0]!.checkoff).toBe('3.09');
    expect(r.deductions).toEqual([
      { kind: 'checkoff', description: 'Iowa corn checkoff', amount: '3.09', advanceId: null, checkoffRateId: 1 },
    ]);
    expect(r.net).toBe('5345.67');
    expect(r.payees).toEqual([
      { kind: 'farmer', payeeName: 'Fieldman Family Farms', clientId: 7, lienId: null, amount: '5345.67' },
    ]);
    expectConsistent(r);
  });

  it('takes 0.5% of value for soybeans (the national checkoff)', () => {
    const r = computeSettlement(base({ lines: [line({ cropId: SOY, bushels: '2000', price: '10.1150' })] }));
    expect(r.gross).toBe('20230.00');
    expect(r.lines[0]!.checkoff).toBe('101.15');
  });

  it('prorates a ticket’s drying and discounts to the bushels applied', () => {
    const r = computeSettlement(
      base({
        checkoffRates: () => [],
        lines: [line({ bushels: '333.3333', ticketQuantity: '1000', dryingCharge: '100.00', discountAmount: '10.00' })],
      }),
    );
    expect(r.lines[0]!.drying).toBe('33.33');
    expect(r.lines[0]!.discounts).toBe('3.33');
  });

  it('charges storage per bushel per day after the free days, to the settlement date', () => {
    const r = computeSettlement(
      base({
        checkoffRates: () => [],
        settlementDate: '2026-12-30',
        storageRate: () => ({ freeDays: 30, ratePerBushelPerDay: '0.0015' }),
        lines: [line({ bushels: '1000', deliveryDate: '2026-10-01' })],
      }),
    );
    // 90 days − 30 free = 60 days × 1,000 bu × $0.0015 = $90.00
    expect(r.lines[0]!.storageDays).toBe(60);
    expect(r.lines[0]!.storage).toBe('90.00');
    const none = computeSettlement(
      base({
        checkoffRates: () => [],
        settlementDate: '2026-10-20',
        storageRate: () => ({ freeDays: 30, ratePerBushelPerDay: '0.0015' }),
      }),
    );
    expect(none.lines[0]!.storage).toBe('0.00');
    expect(none.deductions).toEqual([]);
  });

  it('recovers the advances on the contract and pays the liens before the farmer', () => {
    const r = computeSettlement(
      base({
        checkoffRates: () => [],
        advances: [{ id: 5, contractId: 10, balance: '500.00', paidDate: '2026-09-01' }],
        liens: [
          { id: 1, lienholder: 'First Farm Credit', balance: '1000.00', pct: null },
          { id: 2, lienholder: 'Ag Lender', balance: null, pct: '10' },
        ],
      }),
    );
    expect(r.gross).toBe('4000.00');
    expect(r.net).toBe('3500.00');
    expect(r.payees.map((p) => [p.kind, p.payeeName, p.amount])).toEqual([
      ['farmer', 'Fieldman Family Farms', '2150.00'],
      ['lienholder', 'First Farm Credit', '1000.00'],
      ['lienholder', 'Ag Lender', '350.00'],
    ]);
    expectConsistent(r);
  });

  it('caps a lien at what is left and never pays the farmer less than nothing', () => {
    const r = computeSettlement(
      base({ checkoffRates: () => [], liens: [{ id: 1, lienholder: 'Bank', balance: '99999.00', pct: null }] }),
    );
    expect(r.payees.map((p) => p.amount)).toEqual(['0.00', '4000.00']);
  });

  it('refuses nothing to settle', () => {
    expect(() => computeSettlement(base({ lines: [] }))).toThrow(SettlementArithmeticError);
  });

  it('recovers advances up to what the grain nets: oldest whole, the next in part, the rest not at all', () => {
    // $4,000.00 of grain, no deductions: $2,500.00 whole, then $1,500.00 of $3,000.00, then nothing of $100.00.
    const r = computeSettlement(
      base({
        checkoffRates: () => [],
        advances: [
          { id: 3, contractId: 10, balance: '100.00', paidDate: '2026-09-01' },
          { id: 2, contractId: 10, balance: '3000.00', paidDate: '2026-08-01' },
          { id: 1, contractId: 10, balance: '2500.00', paidDate: '2026-07-01' },
        ],
      }),
    );
    expect(r.deductions.map((d) => [d.advanceId, d.amount, d.advanceBalance])).toEqual([
      [1, '2500.00', '0.00'],
      [2, '1500.00', '1500.00'],
    ]);
    expect(r.net).toBe('0.00');
    expect(r.payees.map((p) => p.amount)).toEqual(['0.00']);
    expectConsistent(r);
    // Cents exact: a balance with odd cents against a net with odd cents.
    const odd = computeSettlement(
      base({
        lines: [{ ...base({}).lines[0]!, bushels: '333.3333', price: '4.3325' }],
        checkoffRates: () => [],
        advances: [{ id: 1, contractId: 10, balance: '2000.01', paidDate: '2026-07-01' }],
      }),
    );
    // 333.3333 × 4.3325 = 1,444.1665… → $1,444.17 recovered of $2,000.01, $555.84 left.
    expect(odd.deductions.map((d) => [d.amount, d.advanceBalance])).toEqual([['1444.17', '555.84']]);
    expect(odd.net).toBe('0.00');
    expectConsistent(odd);
  });

  it('adds up to the cent over many tickets of thirds', () => {
    const lines = Array.from({ length: 200 }, (_, i) =>
      line({
        ticketApplicationId: i + 1,
        scaleTicketId: i + 1,
        bushels: '333.3333',
        price: '4.3325',
        ticketQuantity: '1000',
        dryingCharge: '12.34',
        discountAmount: '5.67',
      }),
    );
    const r = computeSettlement(
      base({
        lines,
        settlementDate: '2027-01-15',
        storageRate: () => ({ freeDays: 30, ratePerBushelPerDay: '0.0013' }),
      }),
    );
    // Σ exact 200 × 333.3333 × 4.3325 = 288,833.30445 → $288,833.30
    expect(r.gross).toBe('288833.30');
    expectConsistent(r);
  });

  it('adds up to the cent over 500 random awkward settlements', () => {
    let seed = 42;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const dec = (max: number, scale: number) => (rnd() * max).toFixed(scale);
    for (let n = 0; n < 500; n++) {
      const count = 1 + Math.floor(rnd() * 30);
      const lines = Array.from({ length: count }, (_, i) => {
        const ticketQuantity = dec(5000, 4);
        return line({
          ticketApplicationId: i + 1,
          cropId: rnd() < 0.5 ? CORN : SOY,
          bushels: (Number(ticketQuantity) * rnd()).toFixed(4),
          price: dec(15, 4),
          ticketQuantity,
          dryingCharge: dec(200, 2),
          discountAmount: dec(80, 2),
          deliveryDate: `2026-${String(1 + Math.floor(rnd() * 9)).padStart(2, '0')}-1${Math.floor(rnd() * 9)}`,
        });
      });
      const liens =
        rnd() < 0.5
          ? [
              { id: 1, lienholder: 'Bank', balance: dec(3000, 2), pct: null },
              { id: 2, lienholder: 'Co-op', balance: null, pct: dec(30, 4) },
            ]
          : [];
      let r;
      try {
        r = computeSettlement(
          base({
            lines,
            settlementDate: '2026-12-31',
            storageRate: () => ({ freeDays: 30, ratePerBushelPerDay: '0.00137' }),
            liens,
          }),
        );
      } catch (e) {
        expect(e).toBeInstanceOf(SettlementArithmeticError);
        continue;
      }
      expectConsistent(r);
      // The gross is the exact Σ bushels × price rounded to the cent.
      const exact = lines.reduce((a, l) => a.plus(toDecimal(l.bushels).times(toDecimal(l.price))), new CrmDecimal(0));
      expect(r.gross).toBe(exact.toDecimalPlaces(2, CrmDecimal.ROUND_HALF_UP).toFixed(2));
    }
  });
});

describe('call shapes', () => {
  it('asks for a contract or applications', () => {
    expect(settlementCreateSchema.safeParse({ clientId: 1 }).success).toBe(false);
    expect(settlementCreateSchema.safeParse({ clientId: 1, contractIds: [3] }).success).toBe(true);
  });
  it('takes a lien as an amount or a percent, not both', () => {
    expect(lienWriteSchema.safeParse({ lienholder: 'Bank', amount: '100.00' }).success).toBe(true);
    expect(lienWriteSchema.safeParse({ lienholder: 'Bank', pct: '12.5' }).success).toBe(true);
    expect(lienWriteSchema.safeParse({ lienholder: 'Bank', amount: '100', pct: '5' }).success).toBe(false);
    expect(lienWriteSchema.safeParse({ lienholder: 'Bank', pct: '101' }).success).toBe(false);
  });
});

describe('unsettledCashPrice', () => {
  const c = {
    cashPrice: '4.08',
    pricedQuantity: '5000',
    settledQuantity: '3000',
    pricedEventQuantity: '5000',
    // 3,000 bu at $4.00 and 2,000 at $4.20; the 3,000 settled at $4.00.
    pricedEventValue: '20400',
    settledValue: '12000',
  };
  it('prices the bushels left at what they were priced at, not at the average', () => {
    expect(unsettledCashPrice(c)).toBe('4.2');
    expect(unsettledCashPrice({ ...c, settledQuantity: '0', settledValue: '0' })).toBe('4.08');
    // 4 decimals, half away from zero: $10,000.00 over 3,000 bu.
    expect(
      unsettledCashPrice({ ...c, pricedEventValue: '22000', settledValue: '12000', settledQuantity: '2000' }),
    ).toBe('3.3333');
  });
  it('falls back to the stored cash price when the events do not account for the priced bushels', () => {
    expect(unsettledCashPrice({ ...c, pricedEventQuantity: '0', pricedEventValue: '0' })).toBe('4.08');
    expect(unsettledCashPrice({ ...c, settledQuantity: '5000' })).toBe('4.08');
    expect(unsettledCashPrice({ ...c, cashPrice: null })).toBeNull();
  });
});

describe('advanceRecovery', () => {
  it('is open until a settlement recovers some of it, partly recovered with a balance, then recovered', () => {
    expect(advanceRecovery({ amount: '1000.00', recoveredAmount: '0.00', status: 'paid' })).toEqual({
      balance: '1000.00',
      state: 'open',
    });
    expect(advanceRecovery({ amount: '1000.00', recoveredAmount: '412.35', status: 'paid' })).toEqual({
      balance: '587.65',
      state: 'partly_recovered',
    });
    expect(advanceRecovery({ amount: '1000.00', recoveredAmount: '1000.00', status: 'recovered' })).toEqual({
      balance: '0.00',
      state: 'recovered',
    });
    expect(advanceRecovery({ amount: '1000.00', recoveredAmount: '0.00', status: 'void' }).state).toBe('void');
  });
});
