// What the buyer is told when their order's status moves on: the order-status mail's subject and sentence, and the
// in-app notice (modules/store-orders/order-status.service.ts). A file of its own, without React: the notice's
// service imports it at boot, and the mail templates (react-email) load only with the first mail (decision 049).

/** The order statuses after 'placed' that the buyer hears of (the orders topic; the confirmation is the receipt). */
export type OrderStatusMailStatus =
  'processing' | 'ready_for_pickup' | 'shipped' | 'delivered' | 'picked_up' | 'canceled';

/** What each status says, as the subject's end and the mail's sentence. */
export const ORDER_STATUS_WORDS: Record<OrderStatusMailStatus, { subject: string; sentence: string }> = {
  processing: { subject: 'is being prepared', sentence: 'is being prepared by the seller.' },
  ready_for_pickup: { subject: 'is ready for pickup', sentence: 'is ready for pickup at the warehouse you chose.' },
  shipped: { subject: 'has shipped', sentence: 'has shipped and is on its way to you.' },
  delivered: { subject: 'was delivered', sentence: 'was delivered.' },
  picked_up: { subject: 'was picked up', sentence: 'was picked up. Thank you.' },
  canceled: { subject: 'was canceled', sentence: 'was canceled.' },
};
