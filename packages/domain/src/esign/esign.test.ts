import { describe, expect, it } from 'vitest';
import {
  canSendForSignature,
  contractEsignState,
  esignSendSchema,
  esignSignSchema,
  parseSigningRef,
  signingExpiry,
  signingState,
  type ContractEsignFacts,
} from './esign.ts';

const base: ContractEsignFacts = {
  status: 'open',
  esignEligible: true,
  esignSent: false,
  signed: false,
  termsHash: 'a',
  signedTermsHash: null,
};

describe('contractEsignState', () => {
  it('follows the contract from eligible to sent, signed and mismatch', () => {
    expect(contractEsignState({ ...base, esignEligible: false })).toBe('not_eligible');
    expect(contractEsignState(base)).toBe('eligible');
    expect(contractEsignState({ ...base, esignSent: true })).toBe('sent');
    expect(contractEsignState({ ...base, esignSent: true, signed: true, signedTermsHash: 'a' })).toBe('signed');
    expect(contractEsignState({ ...base, esignSent: true, signed: true, signedTermsHash: 'a', termsHash: 'b' })).toBe(
      'mismatch',
    );
    expect(contractEsignState({ ...base, status: 'cancelled' })).toBe('cancelled');
  });

  it('lets the buyer send an eligible, unsigned or mismatched contract, not a signed or cancelled one', () => {
    expect(canSendForSignature(base)).toEqual({ ok: true });
    expect(canSendForSignature({ ...base, esignSent: true })).toEqual({ ok: true });
    expect(canSendForSignature({ ...base, signed: true, signedTermsHash: 'a', termsHash: 'b' })).toEqual({ ok: true });
    expect(canSendForSignature({ ...base, signed: true, signedTermsHash: 'a' })).toEqual({
      ok: false,
      reason: 'signed',
    });
    expect(canSendForSignature({ ...base, esignEligible: false })).toEqual({ ok: false, reason: 'not_eligible' });
    expect(canSendForSignature({ ...base, status: 'cancelled' })).toEqual({ ok: false, reason: 'cancelled' });
  });
});

describe('signingState', () => {
  const now = new Date('2026-05-04T12:00:00Z');
  const open = { status: 'sent' as const, expiresAt: signingExpiry(now), termsHash: 'h1' };
  it('is open while unexpired and the terms are those sent', () => {
    expect(signingState(open, 'h1', now)).toBe('open');
    expect(signingState({ ...open, status: 'viewed' }, 'h1', now)).toBe('open');
  });
  it('tells a signed, void, expired or amended request apart', () => {
    expect(signingState({ ...open, status: 'signed' }, 'h2', now)).toBe('signed');
    expect(signingState({ ...open, status: 'void' }, 'h1', now)).toBe('void');
    expect(signingState(open, 'h1', new Date(now.getTime() + 15 * 86_400_000))).toBe('expired');
    expect(signingState(open, 'h2', now)).toBe('terms_changed');
  });
  it('expires 14 days after sending', () => {
    expect(signingExpiry(now).toISOString()).toBe('2026-05-18T12:00:00.000Z');
  });
});

describe('calls', () => {
  it('reads a link reference as a token or a request id, nothing else', () => {
    expect(parseSigningRef('a'.repeat(64))).toEqual({ kind: 'token', token: 'a'.repeat(64) });
    expect(parseSigningRef('42')).toEqual({ kind: 'request', requestId: 42 });
    expect(parseSigningRef('0')).toBeNull();
    expect(parseSigningRef('A'.repeat(64))).toBeNull();
    expect(parseSigningRef('../x')).toBeNull();
  });
  it('needs a typed name and the consent to sign', () => {
    expect(esignSignSchema.safeParse({ name: '  Sam Fieldman ', consent: true })).toEqual({
      success: true,
      data: { name: 'Sam Fieldman', consent: true },
    });
    expect(esignSignSchema.safeParse({ name: 'S', consent: true }).success).toBe(false);
    expect(esignSignSchema.safeParse({ name: 'Sam Fieldman', consent: false }).success).toBe(false);
    expect(esignSignSchema.safeParse({ name: 'Sam\u0000', consent: true }).success).toBe(false);
    expect(esignSendSchema.safeParse({ contractId: 'x' }).success).toBe(false);
    expect(esignSendSchema.safeParse({ contractId: 5, extra: 1 }).success).toBe(false);
  });
});
