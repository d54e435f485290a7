import { describe, expect, it } from 'vitest';
import { toCsv } from '../crm/csv.ts';
import { PAYOUT_CSV_HEADER, bankAccountVerifySchema, isAbaRoutingNumber, payoutCsvRow } from './billing.ts';

describe('billing rules (decision 056)', () => {
  it('checks an ABA routing number by its checksum, so a one-digit typo never reaches the provider', () => {
    expect(isAbaRoutingNumber('110000000')).toBe(true);
    expect(isAbaRoutingNumber('011000015')).toBe(true);
    expect(isAbaRoutingNumber('110000001')).toBe(false);
    expect(isAbaRoutingNumber('11000000')).toBe(false);
    expect(isAbaRoutingNumber('11000000a')).toBe(false);
  });

  it('takes micro-deposits as cents under a dollar', () => {
    expect(bankAccountVerifySchema.safeParse({ amounts: ['0.32', '.45'] }).success).toBe(true);
    for (const wrong of [['32', '45'], ['1.32', '0.45'], ['0.3', '0.45'], ['0.32']])
      expect(bankAccountVerifySchema.safeParse({ amounts: wrong }).success, wrong.join()).toBe(false);
  });

  it('writes payouts to CSV with exact decimals and ISO dates (decisions 034, 035)', () => {
    const csv = toCsv([
      [...PAYOUT_CSV_HEADER],
      payoutCsvRow({
        id: 1,
        reference: 'ACH-20261126-4-ABCD',
        amount: '21748.37',
        currency: 'USD',
        status: 'sent',
        sent_at: '2026-11-26T15:00:00.000Z',
        settles_on: '2026-11-27',
        settled_at: null,
        payee: 'Fieldman Family Farms',
        market: 'Ames, IA',
        settlements: ['S-000123', 'S-000124'],
      }),
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      'ACH-20261126-4-ABCD,sent,21748.37,USD,2026-11-26T15:00:00.000Z,2026-11-27,,Fieldman Family Farms,"Ames, IA",S-000123 S-000124',
    );
  });
});
