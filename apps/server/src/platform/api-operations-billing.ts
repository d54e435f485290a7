/**
 * The 'billing' area of the API reference (api-operations.ts lists it; issue 17, decision 056): a farm business's
 * payment methods, what it paid and what it was paid (platform.md 7.5). Each route carries its own summary.
 */
export const BILLING_AREA = {
  tag: 'billing',
  description:
    "A farm business's billing (platform.md 7.5): cards saved through the card provider's setup intent, bank " +
    'accounts for ACH with micro-deposit or instant verification, the default method, what it paid (store orders, ' +
    'card charges, refunds, coupons) and what it was paid (payouts by charge type, with a CSV download). Members ' +
    'with financial access only.',
  modules: { billing: {} },
};
