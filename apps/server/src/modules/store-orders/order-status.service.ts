// An order's status moved on by staff (the store's order wrangler, platform.md 6.5 store-order-wrangler-admin), and
// the buyer told of it under the orders topic (issue 16, decision 055): the e-mail and the in-app notice (and a text,
// if asked for) each go only as the buyer's orders preferences say at that moment. The confirmation of the placed
// order is the receipt (checkout), always sent.
import type { FastifyRequest } from 'fastify';
import { ORDER_STATUS_TRANSITIONS, type OrderStatusResponse, type StoreOrderStatus } from '@granary/domain';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/context.ts';
import type { MailContext } from '../../platform/mail/mail-layout.tsx';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';
import { backgroundLinkOrigin } from '../identity/identity.public.ts';
import { ORDER_STATUS_WORDS } from '../../platform/mail/order-status-words.ts';
import { notifyUsers } from '../../platform/notifications.ts';
import type { SessionState } from '../../platform/sessions.ts';
import { lockOrderForStatus, setOrderStatus, type OrderForStatus } from './order-status.repo.ts';

/** The admin permission of the order wrangler (platform.md 6.5). */
const WRANGLER = 'store-order-wrangler-admin';

/**
 * Whether a staff member's wrangler grant reaches a buyer of `partnerId` (decision 053: true, 'all' or a list holding
 * 'all' reaches every order; a list of partner ids reaches those partners' buyers only).
 */
function reaches(me: SessionState['user'], partnerId: string | null): boolean {
  if (me.isSuperAdmin || me.permissions.includes(WRANGLER)) return true;
  const value = me.adminPermissions[WRANGLER];
  if (value === true || value === 'all' || (Array.isArray(value) && value.includes('all'))) return true;
  return partnerId !== null && Array.isArray(value) && value.includes(partnerId);
}

/** The buyer's page of the order. */
function orderPath(orderId: string): string {
  return `/direct/order-history-details/${encodeURIComponent(orderId)}`;
}

/** Tells the buyer that their order moved to `status`: e-mail and in-app, each as their orders preferences say. */
async function notifyOrderStatus(
  db: Db,
  order: Pick<OrderForStatus, 'id' | 'orderNumber' | 'userId' | 'email' | 'firstName'>,
  status: Exclude<StoreOrderStatus, 'placed'>,
  mail: MailContext,
): Promise<void> {
  const words = ORDER_STATUS_WORDS[status];
  await sendMail(db, {
    template: 'store_order_status',
    data: { firstName: order.firstName, orderNumber: order.orderNumber, status, path: orderPath(order.id) },
    ctx: mail,
    recipient: order.email,
    userId: order.userId,
  });
  await notifyUsers(db, [
    {
      userId: order.userId,
      topic: `orders.${status}`,
      title: `Order ${order.orderNumber} ${words.subject}`,
      body: `Your order ${order.orderNumber} ${words.sentence}`,
      link: orderPath(order.id),
    },
  ]);
}

/**
 * PUT /api/store/admin/orders/:orderId/status: staff move an order on (forward only, ORDER_STATUS_TRANSITIONS),
 * audited, and the buyer is told. Not while acting as someone (an admin tool is the admin's own act, decision 053).
 */
export async function changeOrderStatus(
  deps: { ctx: AppContext; partners: PartnerDirectory },
  request: FastifyRequest,
  session: SessionState,
  orderId: string,
  status: StoreOrderStatus,
): Promise<OrderStatusResponse> {
  const db = deps.ctx.database.db;
  if (session.actor) throw new AppError('forbidden', 'Stop acting as another user first.');
  const staff = session.user.isSuperAdmin || session.user.employeeInfo !== null;
  if (!staff) throw new AppError('forbidden');
  return db.transaction(async (tx) => {
    const order = await lockOrderForStatus(tx, orderId);
    // An order out of the grant's partners is answered like an unknown one (no probing).
    if (!order || !reaches(session.user, order.partnerId)) throw new AppError('not_found', 'There is no such order.');
    if (status === 'placed' || !ORDER_STATUS_TRANSITIONS[order.status].includes(status)) {
      throw new AppError('invalid_request', `An order that is ${order.status} cannot become ${status}.`, {
        reason: 'order_status_transition',
        from: order.status,
        to: status,
      });
    }
    await setOrderStatus(tx, order.id, status);
    await audit(tx, request, {
      actorUserId: session.user.id,
      action: 'store_order_status_change',
      targetType: 'store_order',
      targetId: order.id,
      details: { orderNumber: order.orderNumber, from: order.status, to: status },
    });
    // The buyer's mail is in their partner's brand and links to its host, not to the staff member's (decision 038).
    const partner =
      (order.partnerId ? await deps.partners.byId(order.partnerId) : null) ??
      (await deps.partners.byHost(request.headers.host));
    const mail = mailContext(partner, backgroundLinkOrigin(deps.ctx.env, partner.vhost));
    await notifyOrderStatus(tx, order, status, mail);
    return { order_id: order.id, order_number: order.orderNumber, status };
  });
}
