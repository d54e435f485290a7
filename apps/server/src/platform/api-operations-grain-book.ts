// The grain book's settlements and payments operations (issue 14) for the API reference's table of contents
// (api-operations.ts, which reached its 500-line limit): one line per route.

const MERCH = '/api/commodities/merchandising';
const PC = '/api/commodities/profit-center';

export const SETTLEMENTS_OPERATIONS: Readonly<Record<string, string>> = {
  [`POST ${MERCH}/settlements`]: "Settle a client's applied, priced bushels (or preview the settlement)",
  [`GET ${MERCH}/settlements`]: 'Settlements by market, client, contract, status and dates (paged)',
  [`GET ${MERCH}/settlements/settleable`]: "A client's applied lines not yet settled, the unpriced marked",
  [`GET ${MERCH}/settlements/:settlementId`]: 'A settlement with its lines, deductions and payees',
  [`GET ${MERCH}/settlements/:settlementId/statement`]: 'The settlement statement (PDF)',
  [`POST ${MERCH}/settlements/:settlementId/finalize`]: 'Finalize a draft settlement (If-Match)',
  [`POST ${MERCH}/settlements/:settlementId/void`]: 'Void a settlement: its bushels may be settled again (If-Match)',
  [`POST ${MERCH}/advances`]: 'Record an advance paid on a contract',
  [`GET ${MERCH}/advances`]: 'Advances by client, contract and status',
  [`GET ${MERCH}/clients/:clientId/liens`]: "A client's liens",
  [`POST ${MERCH}/clients/:clientId/liens`]: 'Add a lien on a client (an amount or a percent)',
  [`PUT ${MERCH}/liens/:lienId`]: 'Edit a lien (If-Match)',
  [`DELETE ${MERCH}/liens/:lienId`]: 'Deactivate a lien (If-Match)',
  [`GET ${MERCH}/settlement-rates`]: "The partner's checkoff/levy and storage rates (buyer admins)",
  [`PUT ${MERCH}/settlement-rates`]: "Set the partner's checkoff/levy and storage rates (If-Match)",
  [`GET ${PC}/settlements`]: "The farmer's settlements",
  [`GET ${PC}/settlements/:settlementId`]: "One of the farmer's settlements",
  [`GET ${PC}/settlements/:settlementId/statement`]: "One of the farmer's settlement statements (PDF)",
  [`GET ${PC}/advances/:advanceIds?`]: "The farmer's advances",
  [`GET ${PC}/contract/:contractId/associated-items`]: "A farmer's contract's settlements and advances",
};

export const PAYMENTS_OPERATIONS: Readonly<Record<string, string>> = {
  [`GET ${PC}/payment-eligible-contracts`]: "The farmer's final settlements not yet requested, with what each pays",
  [`GET ${PC}/payment-eligible-summaries`]: 'What the farmer may request now and what waits, per crop and year',
  [`GET ${PC}/payment-requests`]: "The farmer's payment requests, newest first",
  [`POST ${PC}/payment-requests`]: 'Ask to be paid for chosen settlements (ACH or check)',
  [`GET ${PC}/payment-requests/:requestId/events`]: "A payment request's events",
  [`GET ${MERCH}/payment-requests`]: "Payment requests of the user's markets: status, client, contract filters",
  [`GET ${MERCH}/payment-requests/:id`]: 'A payment request with its events',
  [`POST ${MERCH}/payment-requests/:id/approve`]: 'Approve a payment request and send it (If-Match)',
  [`POST ${MERCH}/payment-requests/:id/reject`]: 'Reject a payment request with a reason (If-Match)',
  [`POST ${MERCH}/payment-requests/:id/settle`]: 'Mark a sent payment paid: check cashed, ACH confirmed (If-Match)',
  [`POST ${MERCH}/payment-requests/:id/return`]: 'Mark a sent payment returned with the reason (If-Match)',
};
