/**
 * The test card provider's form (lib/payments/test-card-form.tsx), shared by the store's checkout and billing
 * (decisions 021, 056): in both areas' catalogues.
 */
export const paymentCardMessages = {
  'payments.card.title': 'Card details',
  'payments.card.testBadge': 'Test card · demo',
  'payments.card.testHint': 'This demo uses a test card provider: choose a test card. No real card numbers are taken.',
  'payments.card.choose': 'Test card',
  'payments.card.approved': '{brand} test card · approved',
  'payments.card.declined': '{brand} test card · declined',
} as const;
