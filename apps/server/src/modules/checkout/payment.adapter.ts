// The payment adapter (docs/decisions/021-checkout-and-orders.md). Offline terms (check, 28 days EOM, ACH, trade
// credit, financing requests, a card taken offline…) need no provider: the order is placed with its payment pending
// (financing: financing_requested) and settled outside the store. A card term goes through the card provider named by
// CARD_PROVIDER; with none configured, the checkout does not offer it. 'test' is a built-in provider for development
// and tests: token 'tok_test_declined' is declined, any other 'tok_test_…' token is authorised.
// Billing (issue 17, decision 056) keeps a farm business's cards and bank accounts with the same provider: a card is
// saved through a setup intent confirmed with the provider's token, a bank account is verified by two micro-deposits
// under $1 or instantly. Only the provider's references and what may be shown (brand, last four) come back.

import { randomToken } from '../../platform/crypto.ts';
import type { Env } from '../../platform/env.ts';

type CardAuthorization = { ok: true; reference: string } | { ok: false; reason: 'declined' | 'invalid_token' };

type SavedCard =
  | { ok: true; reference: string; brand: string; last4: string; expMonth: number; expYear: number }
  | { ok: false; reason: 'declined' | 'invalid_token' };

type SavedBankAccount = {
  reference: string;
  bankName: string;
  last4: string;
  /** Instant verification answers at once; micro-deposits wait for the amounts the account holder reads. */
  status: 'verified' | 'pending_verification';
};

export type CardProvider = {
  /** The provider's name as it appears in the term value ('test_credit_card'). */
  name: string;
  authorize(input: { amount: string; currency: string; token: string; orderRef: string }): Promise<CardAuthorization>;
  /** A setup intent: what the provider's card form confirms to save a card without charging it. */
  createSetupIntent(): Promise<{ id: string; clientSecret: string }>;
  /** Saves the card the token stands for (a declined card is not saved). */
  confirmSetupIntent(input: { setupIntentId: string; token: string }): Promise<SavedCard>;
  /** Saves a bank account for ACH; micro-deposits are sent now, instant verification answers now. */
  addBankAccount(input: {
    holderName: string;
    routingNumber: string;
    accountNumber: string;
    accountType: 'checking' | 'savings';
    verification: 'micro_deposits' | 'instant';
  }): Promise<SavedBankAccount>;
  /** Whether the two amounts (in dollars, '0.32') are the micro-deposits sent to the account. */
  verifyMicroDeposits(input: { reference: string; amounts: readonly [string, string] }): Promise<boolean>;
};

const TEST_CARD_TOKENS = { ok: 'tok_test_visa', declined: 'tok_test_declined' } as const;
/** What the test provider says of a saved card: its brand and last four by token (tok_test_mastercard…). */
const TEST_CARD_DETAILS: Readonly<Record<string, { brand: string; last4: string }>> = {
  tok_test_visa: { brand: 'Visa', last4: '4242' },
  tok_test_mastercard: { brand: 'Mastercard', last4: '4444' },
  tok_test_amex: { brand: 'American Express', last4: '8431' },
};
/** The test provider's micro-deposits, always these two (as real providers' test modes do). */
const TEST_MICRO_DEPOSITS = ['0.32', '0.45'] as const;

/** '0.32' or '.32' as whole cents (the amounts are validated as cents under $1 before they get here). */
const cents = (amount: string) => Number(amount.replace(/^0?\./, ''));

const testCardProvider: CardProvider = {
  name: 'test',
  async authorize({ token }) {
    if (!token.startsWith('tok_test_')) return { ok: false, reason: 'invalid_token' };
    if (token === TEST_CARD_TOKENS.declined) return { ok: false, reason: 'declined' };
    return { ok: true, reference: `test_auth_${randomToken(9)}` };
  },
  async createSetupIntent() {
    return { id: `seti_test_${randomToken(12)}`, clientSecret: `seti_test_secret_${randomToken(12)}` };
  },
  async confirmSetupIntent({ token }) {
    if (!token.startsWith('tok_test_')) return { ok: false, reason: 'invalid_token' };
    if (token === TEST_CARD_TOKENS.declined) return { ok: false, reason: 'declined' };
    const details = TEST_CARD_DETAILS[token] ?? { brand: 'Visa', last4: '4242' };
    const nextYear = new Date().getUTCFullYear() + 3;
    return { ok: true, reference: `pm_test_${randomToken(12)}`, ...details, expMonth: 12, expYear: nextYear };
  },
  async addBankAccount({ accountNumber, verification }) {
    return {
      reference: `ba_test_${randomToken(12)}`,
      bankName: 'Test Bank',
      last4: accountNumber.slice(-4),
      status: verification === 'instant' ? 'verified' : 'pending_verification',
    };
  },
  async verifyMicroDeposits({ amounts }) {
    const given = amounts.map(cents).sort((a, b) => a - b);
    const sent = TEST_MICRO_DEPOSITS.map(cents);
    return given[0] === sent[0] && given[1] === sent[1];
  },
};

/**
 * The card provider of the validated environment (env.ts): CARD_PROVIDER, else the built-in test provider outside
 * production and tests — so `npm start`'s demo can add a card — and none in production or under test (decision 056,
 * addendum). CARD_PROVIDER=off turns it off anywhere.
 */
export function cardProviderFromEnv(env: Pick<Env, 'CARD_PROVIDER' | 'NODE_ENV'>): CardProvider | null {
  const name = env.CARD_PROVIDER ?? (env.NODE_ENV === 'development' ? 'test' : 'off');
  return name === 'test' ? testCardProvider : null;
}
