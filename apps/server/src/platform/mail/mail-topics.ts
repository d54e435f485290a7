// Which e-mails are notifications or marketing (docs/decisions/055): each is sent only when its recipient wants its
// topic by e-mail at send time, and carries a one-click unsubscribe link and the List-Unsubscribe headers (RFC 8058).
// Every other template is transactional (sign-in links and codes, password resets, invitations, receipts such as the
// order confirmation): always sent, no unsubscribe. Orders: the confirmation of a placed order is the receipt; every
// later change of the order's status (store_order_status: processing, ready for pickup, shipped, delivered, picked up,
// canceled) is the orders topic.
import type { NotificationTopic } from '@granary/domain';
import type { MailTemplateName } from './mail-templates.ts';

export const MAIL_TOPICS: Partial<Record<MailTemplateName, NotificationTopic>> = {
  offers_price_hit: 'offers',
  offers_filled: 'offers',
  offers_rejected: 'offers',
  offers_cancelled: 'offers',
  contract_signature: 'contract_signing',
  // A sustainability enrolment to sign, and signed (decision 059): a document of the farmer's waiting for them.
  sustainability_enrolment_signature: 'contract_signing',
  sustainability_enrolled: 'contract_signing',
  // A structure's confirmation to sign (issue 18): a document of the farmer's waiting for them, as a contract is.
  structure_confirmation: 'contract_signing',
  payment_approved: 'settlements_payments',
  payment_paid: 'settlements_payments',
  payment_returned: 'settlements_payments',
  store_order_status: 'orders',
  marketing_welcome: 'marketing',
  price_alert: 'price_alerts',
};

/** How a mail's footer names its topic ('… because of your offer notification settings'). */
export const MAIL_TOPIC_WORDS: Record<NotificationTopic, string> = {
  offers: 'offer',
  contract_signing: 'contract signing',
  settlements_payments: 'settlement and payment',
  orders: 'order',
  marketing: 'marketing',
  price_alerts: 'price alert',
};
