import { CONTRACT_HISTORY_MESSAGES } from '@granary/domain';

/**
 * A contract's history in words (issue 13): one sentence per amendment with its figures, shared by the CRM's contract
 * drawer and My Sales Lite's contract dialog (lib/trading/contract-history.ts; the templates are the domain's, which
 * the amendment PDFs use too), and an amendment's signature state
 * (lib/trading/amendment-signature-chip.tsx), the same words for the buyer and the farmer. Part of both areas' messages
 * (areas/).
 * Written once; the spelling layer gives each locale its own 'canceled' / 'cancelled'.
 */
export const contractHistoryMessages = {
  ...CONTRACT_HISTORY_MESSAGES,
  'contractHistory.signature.not_required': 'No signature needed',
  'contractHistory.signature.not_sent': 'Not sent for signature',
  'contractHistory.signature.sent': 'Sent for signature',
  'contractHistory.signature.signed': 'Signed',
  'contractHistory.signature.void': 'Withdrawn',
} as const;
