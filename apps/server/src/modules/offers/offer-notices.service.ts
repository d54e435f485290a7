// What the farmer hears about their offer (docs/decisions/019): an in-app notification for each user of the client,
// and an e-mail (through the outbox) for the changes that need them — price hit, filled, declined, cancelled by the buyer.

import { formatNumber, formatPrice, type OfferAction } from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import { backgroundLinkOrigin, linkOrigin } from '../identity/identity.public.ts';
import { createPartnerDirectory } from '../partners/partners.public.ts';
import type { FastifyRequest } from 'fastify';
import type { OffersDeps } from './offer-callers.ts';
import { type OfferData } from './offers.repo.ts';
import { clientUsers, partnerVhost } from './offer-notices.repo.ts';
import { notifyUsers } from '../../platform/notifications.ts';
import type { Caller } from './offer-callers.ts';
import { marketName } from './offer-view.ts';

/** The e-mails of the offer notices (platform/mail templates), by notification topic. */
const MAIL_OF_TOPIC = {
  'offers.price_hit': 'offers_price_hit',
  'offers.filled': 'offers_filled',
  'offers.rejected': 'offers_rejected',
  'offers.cancelled': 'offers_cancelled',
} as const;
type MailedTopic = keyof typeof MAIL_OF_TOPIC;

type Notice = {
  topic: string;
  title: string;
  body: string;
  email: boolean;
  /** The bid's cash at a hit and the contract a fill made, for the e-mail. */
  cash?: string | null;
  contract?: string | null;
};

function unitOf(o: OfferData): 'bushel' | 'tonne' {
  return ['t', 'mt', 'tonne', 'tonnes'].includes(o.quantityUnit.toLowerCase()) ? 'tonne' : 'bushel';
}

/** A price as the pages write it, with its unit ('$4.33½/bu'). */
function fmtPrice(o: OfferData, v: string): string {
  return formatPrice(v, { unit: unitOf(o), showUnit: true });
}

function fmtQty(o: OfferData): string {
  return `${formatNumber(o.quantity, { maxFractionDigits: 0 })} ${unitOf(o) === 'tonne' ? 't' : 'bu'}`;
}

/** The server's settings the e-mails' links are built from when no request caused them (set when the routes register). */
let linkEnv: Pick<AppContext['env'], 'PUBLIC_URL' | 'PORT' | 'NODE_ENV'> | null = null;

/** Sets the server's settings the e-mailed links are built from (registerOfferJobs, when the offers routes register). */
export function setNoticeLinkEnv(env: Pick<AppContext['env'], 'PUBLIC_URL' | 'PORT' | 'NODE_ENV'>): void {
  linkEnv = env;
}

/** The origin of a request's e-mailed links: its host when it is the partner's own (linkOrigin), else PUBLIC_URL. */
export async function requestOrigin(deps: OffersDeps, request: FastifyRequest): Promise<string> {
  return linkOrigin(deps.ctx, request, await deps.partners.byHost(request.headers.host));
}

/**
 * Tells the farmer's users: an in-app notification each and, for the notices that need it, an e-mail. The e-mail's
 * links are on the host the farmer placed or last edited the offer on (the offer's link origin); for an offer a buyer
 * placed, on `origin`, the host the request that caused it came from (linkOrigin: a known partner host, else
 * PUBLIC_URL); with neither (the watcher's ticks) on the partner's own host.
 */
export async function notifyFarmer(
  db: Db,
  o: OfferData,
  notice: Notice,
  now: Date,
  origin?: string | null,
): Promise<void> {
  const people = await clientUsers(db, o.clientId);
  const link = `/my-sales-lite/bids`;
  const mail = notice.email && notice.topic in MAIL_OF_TOPIC ? await mailFor(db, o, origin) : null;
  for (const p of people) {
    // In the app (and by text) as the user's preferences say; the e-mail below checks them too (decision 055).
    await notifyUsers(db, [{ userId: p.id, topic: notice.topic, title: notice.title, body: notice.body, link }], now);
    if (mail) {
      await sendMail(db, {
        template: MAIL_OF_TOPIC[notice.topic as MailedTopic],
        data: {
          firstName: p.firstName,
          quantity: o.quantity,
          quantityUnit: o.quantityUnit,
          crop: o.cropName,
          deliveryPeriod: o.deliveryPeriod,
          targetCash: o.targetCashPrice,
          market: marketOf(o),
          cash: notice.cash ?? null,
          contract: notice.contract ?? null,
          notation: mail.notation,
        },
        ctx: mail.ctx,
        recipient: p.email,
        userId: p.id,
      });
    }
  }
}

/**
 * The brand and origin of the farmer's e-mail: the host the farmer placed or last edited the offer on (whoever causes
 * the mail: a buyer's action on the CRM's host, the watcher's tick with no host at all), else the request's origin,
 * else the partner's own host. With none (the demo seed, which runs with no server) nothing is e-mailed: the in-app
 * notification stays.
 */
async function mailFor(db: Db, o: OfferData, origin: string | null | undefined) {
  if (!o.linkOrigin && !origin && !linkEnv) return null;
  const partner = await createPartnerDirectory(db).byId(o.partnerId);
  if (!partner) return null;
  const at = o.linkOrigin || origin || backgroundLinkOrigin(linkEnv!, await partnerVhost(db, o.partnerId));
  return { ctx: mailContext(partner, at), notation: partner.priceNotation.price };
}

function marketOf(o: OfferData): string {
  return marketName({ displayName: o.marketDisplayName, city: o.marketCity, administrativeAreaLevel1: o.marketState });
}

function describe(o: OfferData): string {
  return `${fmtQty(o)} of ${o.cropName} (${o.deliveryPeriod}) at ${fmtPrice(o, o.targetCashPrice)}`;
}

export function noticeFor(
  action: OfferAction,
  o: OfferData,
  caller: Caller,
  extra: { cash?: string | null; contract?: string | null },
): Notice | null {
  const market = marketOf(o);
  switch (action) {
    case 'price_hit':
      return {
        topic: 'offers.price_hit',
        title: 'Your offer reached its target',
        body: `Your offer to sell ${describe(o)} at ${market} reached its target${extra.cash ? `: the bid is ${fmtPrice(o, extra.cash)}` : ''}.`,
        email: true,
        cash: extra.cash ?? null,
      };
    case 'accept':
    case 'fill':
      return {
        topic: 'offers.filled',
        title: 'Your offer was filled',
        body: `Your offer to sell ${describe(o)} at ${market} was filled${extra.contract ? ` as contract ${extra.contract}` : ''}.`,
        email: true,
        contract: extra.contract ?? null,
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
