// The payment adapter (docs/decisions/021-checkout-and-orders.md). Offline terms (check, 28 days EOM, ACH, trade
// credit, financing requests, a card taken offline…) need no provider: the order is placed with its payment pending
// (financing: financing_requested) and settled outside the store. A card term goes through the card provider named by
// CARD_PROVIDER; with none configured, the checkout does not offer it. 'test' is a built-in provider for development
// and tests: token 'tok_test_declined' is declined, any other 'tok_test_…' token is authorised.

import { randomToken } from '../../platform/crypto.ts';

type CardAuthorization = { ok: true; reference: string } | { ok: false; reason: 'declined' | 'invalid_token' };

export type CardProvider = {
  /** The provider's name as it appears in the term value ('test_credit_card'). */
  name: string;
  authorize(input: { amount: string; currency: string; token: string; orderRef: string }): Promise<CardAuthorization>;
};

const TEST_CARD_TOKENS = { ok: 'tok_test_visa', declined: 'tok_test_declined' } as const;

const testCardProvider: CardProvider = {
  name: 'test',
  async authorize({ token }) {
    if (!token.startsWith('tok_test_')) return { ok: false, reason: 'invalid_token' };
    if (token === TEST_CARD_TOKENS.declined) return { ok: false, reason: 'declined' };
    return { ok: true, reference: `test_auth_${randomToken(9)}` };
  },
};

export function cardProviderFromEnv(value: string | undefined): CardProvider | null {
  if (value === 'test') return testCardProvider;
  return null;
}
