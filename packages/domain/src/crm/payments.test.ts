import { describe, expect, it } from 'vitest';
import {
  PAYMENT_STATUSES,
  achSettlementDay,
  holdsSettlements,
  nextPaymentStatus,
  paymentEligibility,
  paymentMethodFor,
  paymentReasonSchema,
  paymentRequestCreateSchema,
  statusesOfTab,
} from './payments.ts';

describe('payment request transitions', () => {
  it('goes requested → approved → sent → settled', () => {
    expect(nextPaymentStatus('requested', 'approve')).toBe('approved');
    expect(nextPaymentStatus('approved', 'send')).toBe('sent');
    expect(nextPaymentStatus('sent', 'settle')).toBe('settled');
  });

  it('is rejected only while requested, returned only once sent', () => {
    expect(nextPaymentStatus('requested', 'reject')).toBe('rejected');
    expect(nextPaymentStatus('approved', 'reject')).toBeNull();
    expect(nextPaymentStatus('sent', 'return')).toBe('returned');
    expect(nextPaymentStatus('settled', 'return')).toBeNull();
  });

  it('moves nowhere from a final status', () => {
    for (const s of ['settled', 'rejected', 'returned'] as const) {
      for (const a of ['approve', 'reject', 'send', 'settle', 'return'] as const)
        expect(nextPaymentStatus(s, a)).toBeNull();
    }
  });

  it('a rejected or returned request lets its settlements go', () => {
    expect(PAYMENT_STATUSES.filter(holdsSettlements)).toEqual(['requested', 'approved', 'sent', 'settled']);
  });

  it('groups rejected and returned in one tab', () => {
    expect(statusesOfTab('rejected_returned')).toEqual(['rejected', 'returned']);
    expect(statusesOfTab('requested')).toEqual(['requested']);
  });
});

describe('payment eligibility', () => {
  const base = {
    settlementStatus: 'final',
    farmerNet: '1234.56',
    held: false,
    deferredPaymentDate: null,
    today: '2026-11-27',
  };

  it('a final settlement with a net to the farmer is payable today', () => {
    expect(paymentEligibility(base)).toEqual({ eligible: true, payableOn: '2026-11-27' });
  });

  it('not a draft, a void or a paid one', () => {
    for (const s of ['draft', 'void', 'paid'])
      expect(paymentEligibility({ ...base, settlementStatus: s })).toMatchObject({
        eligible: false,
        reason: 'not_final',
      });
  });

  it('nothing due when the net to the farmer is zero (liens took it all)', () => {
    expect(paymentEligibility({ ...base, farmerNet: '0.00' })).toMatchObject({
      eligible: false,
      reason: 'nothing_due',
    });
  });

  it('not twice', () => {
    expect(paymentEligibility({ ...base, held: true })).toMatchObject({ eligible: false, reason: 'already_requested' });
  });

  it('a credit sale not before its deferred date, and from that day on', () => {
    expect(paymentEligibility({ ...base, deferredPaymentDate: '2027-01-15' })).toEqual({
      eligible: false,
      reason: 'deferred',
      payableOn: '2027-01-15',
    });
    expect(paymentEligibility({ ...base, deferredPaymentDate: '2027-01-15', today: '2027-01-15' })).toEqual({
      eligible: true,
      payableOn: '2027-01-15',
    });
  });
});

describe('payment method and ACH day', () => {
  it('ACH when the client has the flag, else check; a check may always be chosen', () => {
    expect(paymentMethodFor(true)).toBe('ach');
    expect(paymentMethodFor(false)).toBe('check');
    expect(paymentMethodFor(false, 'ach')).toBe('check');
    expect(paymentMethodFor(true, 'check')).toBe('check');
  });

  it('settles ACH the next business day', () => {
    expect(achSettlementDay('2026-11-25')).toBe('2026-11-26'); // Wednesday → Thursday
    expect(achSettlementDay('2026-11-27')).toBe('2026-11-30'); // Friday → Monday
    expect(achSettlementDay('2026-11-28')).toBe('2026-11-30'); // Saturday → Monday
  });
});

describe('request shapes', () => {
  it('needs at least one settlement, each once', () => {
    expect(paymentRequestCreateSchema.safeParse({ settlementIds: [] }).success).toBe(false);
    expect(paymentRequestCreateSchema.safeParse({ settlementIds: [3, 3] }).success).toBe(false);
    expect(paymentRequestCreateSchema.safeParse({ settlementIds: [3, 4], method: 'check' }).success).toBe(true);
    expect(paymentRequestCreateSchema.safeParse({ settlementIds: [3], method: 'wire' }).success).toBe(false);
  });

  it('a rejection needs a reason', () => {
    expect(paymentReasonSchema.safeParse({ reason: '  ' }).success).toBe(false);
    expect(paymentReasonSchema.safeParse({ reason: 'Wrong bank account' }).success).toBe(true);
  });
});
