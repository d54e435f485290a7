// The payment adapter (docs/decisions/045-payment-adapter.md): how an approved payment request becomes money moved.
// A provider sends a payment and reports its status by reference; PAYMENT_PROVIDER names the one the server uses
// ('builtin' when unset), like ESIGN_PROVIDER for e-signing. The built-in provider moves no money: it records ACH
// and check payments the way the buyer's office pays today (an ACH file sent to its bank, a check printed), so the
// statuses, events and audit are real and a bank's ACH API can be plugged in as one more provider here.

import { randomBytes } from 'node:crypto';
import { achSettlementDay, type PaymentMethod } from '@granary/domain';

type PaymentToSend = {
  requestId: number;
  partnerId: string;
  amount: string;
  method: PaymentMethod;
  payeeName: string;
  /** A check's number when the buyer typed one (else the provider numbers it). */
  checkNumber?: string | null;
  /** The day it is sent (the market's calendar day). */
  today: string;
};

type ProviderStatus = 'sent' | 'settled' | 'returned';

type SentPayment = {
  reference: string;
  status: ProviderStatus;
  checkNumber: string | null;
  /** When the provider expects it to settle (an ACH settlement day); null for a check (settled when cashed). */
  settlesOn: string | null;
};

type PaymentStatusReport = { status: ProviderStatus; returnReason?: string | null };

/** What every payment provider does. Webhooks (a bank telling us of a settlement or a return) come later. */
export type PaymentProvider = {
  name: string;
  send(payment: PaymentToSend): Promise<SentPayment>;
  /**
   * The status of a payment the provider sent, as of `today` (null: unknown reference). The built-in provider knows
   * only what it recorded, so the caller passes it (`recorded`).
   */
  status(
    reference: string,
    recorded: { status: ProviderStatus; method: PaymentMethod; settlesOn: string | null },
    today: string,
  ): Promise<PaymentStatusReport | null>;
};

const BUILTIN_PAYMENT_PROVIDER = 'builtin';

/**
 * The built-in provider: an ACH payment is sent and settles on the settlement day (the next business day); a check is
 * sent with its number and settles when the buyer marks it cashed (nothing automatic). Returns are marked by the buyer.
 */
export const builtinPaymentProvider: PaymentProvider = {
  name: BUILTIN_PAYMENT_PROVIDER,
  async send(p) {
    const suffix = randomBytes(4).toString('hex').toUpperCase();
    if (p.method === 'ach') {
      return {
        reference: `ACH-${p.today.replaceAll('-', '')}-${p.requestId}-${suffix}`,
        status: 'sent',
        checkNumber: null,
        settlesOn: achSettlementDay(p.today),
      };
    }
    const checkNumber = p.checkNumber ?? String(100000 + p.requestId);
    return { reference: `CHK-${checkNumber}-${p.requestId}-${suffix}`, status: 'sent', checkNumber, settlesOn: null };
  },
  async status(_reference, recorded, today) {
    if (recorded.status !== 'sent') return { status: recorded.status };
    if (recorded.method === 'ach' && recorded.settlesOn !== null && today >= recorded.settlesOn)
      return { status: 'settled' };
    return { status: 'sent' };
  },
};

const PROVIDERS: Readonly<Record<string, PaymentProvider>> = { [BUILTIN_PAYMENT_PROVIDER]: builtinPaymentProvider };

/** The provider PAYMENT_PROVIDER names; an unknown name stops the server at start. */
export function paymentProviderFromEnv(name: string | undefined): PaymentProvider {
  const key = name ?? BUILTIN_PAYMENT_PROVIDER;
  const provider = Object.hasOwn(PROVIDERS, key) ? PROVIDERS[key] : undefined;
  if (!provider)
    throw new Error(`Invalid environment:\n  PAYMENT_PROVIDER: one of ${Object.keys(PROVIDERS).join(', ')}`);
  return provider;
}
