/** Wording of payment requests and payments (issue 14), the CRM's and the farmer's. In the CRM's and My Sales Lite's messages. */
export const paymentsMessages = {
  'payments.title': 'Payments',
} as const;
