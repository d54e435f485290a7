/**
 * A contract's history in words (issue 13): one sentence per amendment with its figures, shared by the CRM's contract
 * drawer and My Sales Lite's contract dialog (lib/trading/contract-history.ts), and an amendment's signature state
 * (lib/trading/amendment-signature-chip.tsx), the same words for the buyer and the farmer. Part of both areas' messages
 * (areas/).
 * Written once; the spelling layer gives each locale its own 'canceled' / 'cancelled'.
 */
export const contractHistoryMessages = {
  'contractHistory.quantity': '{quantity} {unit}',
  'contractHistory.unit.bushels': 'bu',
  'contractHistory.unit.tonnes': 't',
  'contractHistory.unit.pounds': 'lb',
  'contractHistory.window': '{start} – {end}',
  'contractHistory.cancel': 'Cancelled {quantity}',
  'contractHistory.partial_cancel': 'Cancelled {quantity}',
  'contractHistory.partial_cancel.left': 'Cancelled {quantity}, {remaining} left',
  'contractHistory.futures_roll': 'Rolled futures from {from} to {to}',
  'contractHistory.futures_roll.spread': 'Rolled futures from {from} to {to} at a {spread} spread',
  'contractHistory.basis_roll': 'Rolled delivery from {from} to {to}',
  'contractHistory.basis_roll.adjusted': 'Rolled delivery from {from} to {to}, basis adjusted {adjustment}',
  'contractHistory.roll': 'Rolled futures from {from} to {to} and delivery to {window}',
  'contractHistory.basis_set': 'Basis set to {basis} on {quantity}',
  'contractHistory.basis_set.cash': 'Basis set to {basis} on {quantity}, cash {cash}',
  'contractHistory.futures_set': 'Futures set at {futures} on {quantity}',
  'contractHistory.delivery': 'Delivered {quantity}',
  'contractHistory.delivery.ticket': 'Delivered {quantity} (ticket {ticket})',
  'contractHistory.structured_addendum': 'Structured addendum added',
  'contractHistory.convert_credit_sale': 'Converted to a credit sale',
  'contractHistory.convert_credit_sale.paid': 'Converted to a credit sale, paid on {date}',
  'contractHistory.pricing_addenda_trade': 'Pricing addendum traded',
  'contractHistory.pricing_addenda_trade.quantity': 'Pricing addendum traded on {quantity}',
  'contractHistory.note': 'Note added',
  'contractHistory.secondary_obligation': 'Secondary obligation recorded',
  'contractHistory.other': 'Changed: {action}',
  'contractHistory.signature.not_required': 'No signature needed',
  'contractHistory.signature.not_sent': 'Not sent for signature',
  'contractHistory.signature.sent': 'Sent for signature',
  'contractHistory.signature.signed': 'Signed',
  'contractHistory.signature.void': 'Withdrawn',
} as const;
