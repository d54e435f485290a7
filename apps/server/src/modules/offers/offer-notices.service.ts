// What the farmer hears about their offer (docs/decisions/019): an in-app notification for each user of the client,
// and an e-mail (through the outbox) for the changes that need them — price hit, filled, declined, cancelled by the buyer.

import { toDecimal, type OfferAction } from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { enqueueMessage } from '../../platform/outbox.ts';
import { backgroundLinkOrigin } from '../identity/identity.public.ts';
import { type OfferData } from './offers.repo.ts';
import { clientUsers, insertNotification, partnerVhost } from './offer-notices.repo.ts';
import type { Caller } from './offer-callers.ts';
import { marketName } from './offer-view.ts';

type Notice = { topic: string; title: string; body: string; email: boolean };

function fmtMoney(v: string): string {
  return `$${toDecimal(v).toFixed(2)}`;
}

function fmtQty(v: string, unit: string): string {
  return `${Number(toDecimal(v).toFixed(0)).toLocaleString('en-US')} ${unit}`;
}

/** The server's settings the e-mailed links are built from (set when the offers routes register). */
let linkEnv: Pick<AppContext['env'], 'PUBLIC_URL' | 'PORT' | 'NODE_ENV'> | null = null;

/** Sets the server's settings the e-mailed links are built from (registerOfferJobs, when the offers routes register). */
export function setNoticeLinkEnv(env: Pick<AppContext['env'], 'PUBLIC_URL' | 'PORT' | 'NODE_ENV'>): void {
  linkEnv = env;
}

export async function notifyFarmer(db: Db, o: OfferData, notice: Notice, now: Date): Promise<void> {
  const people = await clientUsers(db, o.clientId);
  const link = `/my-sales-lite/bids`;
  // The e-mail needs the whole address (the in-app notification keeps the path).
  const mailedLink =
    notice.email && linkEnv ? `${backgroundLinkOrigin(linkEnv, await partnerVhost(db, o.partnerId))}${link}` : link;
  for (const p of people) {
    await insertNotification(db, {
      userId: p.id,
      topic: notice.topic,
      title: notice.title,
      body: notice.body,
      link,
      at: now,
    });
    if (notice.email) {
      await enqueueMessage(db, {
        channel: 'email',
        recipient: p.email,
        subject: notice.title,
        text: `${p.firstName ? `Hello ${p.firstName},\n\n` : ''}${notice.body}\n\nSee your offers: ${mailedLink}\n`,
        template: notice.topic.replace(/[.:]/g, '_'),
        userId: p.id,
      });
    }
  }
}

function describe(o: OfferData): string {
  return `${fmtQty(o.quantity, o.quantityUnit)} of ${o.cropName} (${o.deliveryPeriod}) at ${fmtMoney(o.targetCashPrice)}`;
}

export function noticeFor(
  action: OfferAction,
  o: OfferData,
  caller: Caller,
  extra: { cash?: string | null; contract?: string | null },
): Notice | null {
  const market = marketName({
    displayName: o.marketDisplayName,
    city: o.marketCity,
    administrativeAreaLevel1: o.marketState,
  });
  switch (action) {
    case 'price_hit':
      return {
        topic: 'offers.price_hit',
        title: 'Your offer reached its target',
        body: `Your offer to sell ${describe(o)} at ${market} reached its target${extra.cash ? `: the bid is ${fmtMoney(extra.cash)}` : ''}.`,
        email: true,
      };
    case 'accept':
    case 'fill':
      return {
        topic: 'offers.filled',
        title: 'Your offer was filled',
        body: `Your offer to sell ${describe(o)} at ${market} was filled${extra.contract ? ` as contract ${extra.contract}` : ''}.`,
        email: true,
      };
    case 'approve':
      return {
        topic: 'offers.approved',
        title: 'Your offer is working',
        body: `${market} approved your offer to sell ${describe(o)}.`,
        email: false,
      };
    case 'reject':
      return {
        topic: 'offers.rejected',
        title: 'Your offer was declined',
        body: `${market} declined your offer to sell ${describe(o)}.`,
        email: true,
      };
    case 'cancel':
      return caller.kind === 'buyer'
        ? {
            topic: 'offers.cancelled',
            title: 'Your offer was cancelled',
            body: `${market} cancelled your offer to sell ${describe(o)}.`,
            email: true,
          }
        : null;
    case 'expire':
      return {
        topic: 'offers.expired',
        title: 'Your offer expired',
        body: `Your offer to sell ${describe(o)} at ${market} expired.`,
        email: false,
      };
    default:
      return null;
  }
}
