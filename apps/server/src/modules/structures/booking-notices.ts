// The farmer hears of their structures (issue 18): traded (live), knocked out, completed, and a close approved or
// declined. The users onboarded on the client's farm are told in the app (and by text when they asked for texts of the
// topic): the notices' topics are 'contracts.structure_…', so the farmer's 'contract signing' preference (decision 055:
// their contracts and documents) governs them as it governs their contracts' notices. The nightly observation job
// (task J, observation.service.ts) calls notifyStructureEvent for the knock-out and the end.
// The buyer's side hears of the farmer's own actions on a structure: a close request (notifyCloseRequested) tells the
// merchandiser who traded it and the partner's structures administrators of its market, in the app (and by text as
// their preferences say; the same 'contracts.structure_…' topics), linking to the structure's drawer in the CRM.

import {
  currencyForCountry,
  formatDay,
  formatMoney,
  formatNumber,
  hasAdminPermission,
  intlLocaleOfCountry,
  structureKindLabel,
  type AdminGrants,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { notifyUsers } from '../../platform/notifications.ts';
import { enterpriseUserIds, findStructureById, marketStaff } from './booking.repo.ts';
import { inputOf } from './booking-view.ts';

export type StructureEvent = 'traded' | 'knocked_out' | 'completed' | 'close_approved' | 'close_rejected';

/** Where the farmer sees their structures (My Sales Lite's structures page). */
const FARMER_STRUCTURES_PATH = '/my-sales-lite/structures';

/**
 * Tells the users of the structure's client farm of an event, in the caller's transaction; answers how many were told
 * (0 when the client is not onboarded). `extra`: the HTA contract written at the end, the day of a knock-out, the
 * merchandiser's note on a close decision.
 */
export async function notifyStructureEvent(
  db: Db,
  structureId: number,
  event: StructureEvent,
  extra: { htaContract?: string | null; date?: string | null; note?: string | null } = {},
): Promise<number> {
  const row = await findStructureById(db, structureId);
  if (!row || row.clientEnterpriseId === null) return 0;
  const userIds = await enterpriseUserIds(db, row.clientEnterpriseId);
  if (userIds.length === 0) return 0;
  const kind = structureKindLabel(inputOf(row)).toLowerCase();
  const what = `${row.clientName}'s ${row.cropName} ${row.cropYear} ${kind}`;
  const bushels = (v: number | string) => `${formatNumber(v, { maxFractionDigits: 2 })} bu`;
  const day = (d: string) => formatDay(d, intlLocaleOfCountry(row.marketCountry));
  const priced = bushels(row.state.pricedBushels);
  const note = extra.note ? ` Note: ${extra.note}` : '';
  const texts: Record<StructureEvent, { title: string; body: string }> = {
    traded: {
      title: `Your ${kind} is live`,
      body: `${what} (${bushels(row.quantity)}, ${day(row.startDate)} to ${day(row.endDate)}) is traded and live.`,
    },
    knocked_out: {
      title: `Your ${kind} was knocked out`,
      body: `${what} was knocked out${extra.date ? ` on ${day(extra.date)}` : ''}: ${priced} are priced and no later day is.`,
    },
    completed: {
      title: `Your ${kind} is complete`,
      body: `${what} ended with ${priced} priced${extra.htaContract ? `, written as contract ${extra.htaContract}` : ''}.`,
    },
    close_approved: {
      title: `Your ${kind} is closed`,
      body: `Closing ${what} was approved: its remaining terms ended and the ${priced} priced so far are kept${extra.htaContract ? `, written as contract ${extra.htaContract}` : ''}.${note}`,
    },
    close_rejected: {
      title: `Your request to close your ${kind} was declined`,
      body: `${what} stays live.${note}`,
    },
  };
  const text = texts[event];
  await notifyUsers(
    db,
    userIds.map((userId) => ({
      userId,
      topic: `contracts.structure_${event}`,
      title: text.title,
      body: text.body,
      link: FARMER_STRUCTURES_PATH,
    })),
  );
  return userIds.length;
}

/** Where the merchandiser opens a structure: the CRM's structures page with its drawer. */
function crmStructurePath(structureId: number): string {
  return `/crm/structures?structure=${structureId}`;
}

/**
 * The merchandisers who hear of a farmer's action on a structure: the one who traded it, and the partner's users with
 * structures-admin at its market (they decide a close) — each still an active CRM user of the partner who sees the
 * market; never the user who acted.
 */
async function structureMerchandisers(
  db: Db,
  row: { partnerId: string; marketId: number; tradedBy: string | null },
  except: string,
): Promise<string[]> {
  const staff = await marketStaff(db, row.partnerId, row.marketId);
  return staff
    .filter(
      (u) =>
        u.grainBuying &&
        u.userId !== except &&
        (u.userId === row.tradedBy ||
          hasAdminPermission(u.adminPermissions as AdminGrants, 'structures-admin', { marketId: row.marketId })),
    )
    .map((u) => u.userId);
}

/**
 * A farmer asked to close one of their structures (booking-farmer.service.ts, in the request's transaction): the
 * merchandisers are told who asks, at what close cost and with what note, linking to the structure in the CRM; answers
 * how many were told.
 */
export async function notifyCloseRequested(
  db: Db,
  structureId: number,
  request: { byUserId: string; closeCost: string; note: string | null },
): Promise<number> {
  const row = await findStructureById(db, structureId);
  if (!row) return 0;
  const userIds = await structureMerchandisers(db, row, request.byUserId);
  if (userIds.length === 0) return 0;
  const kind = structureKindLabel(inputOf(row)).toLowerCase();
  const cost = formatMoney(request.closeCost, { currency: currencyForCountry(row.marketCountry) });
  const priced = `${formatNumber(row.state.pricedBushels, { maxFractionDigits: 2 })} bu`;
  const quantity = `${formatNumber(row.quantity, { maxFractionDigits: 2 })} bu`;
  const note = request.note ? ` Note: ${request.note}` : '';
  await notifyUsers(
    db,
    userIds.map((userId) => ({
      userId,
      topic: 'contracts.structure_close_requested',
      title: `${row.clientName} asks to close structure ${row.id}`,
      body: `${row.clientName} asked to close their ${row.cropName} ${row.cropYear} ${kind} (${priced} of ${quantity} priced) at a close cost of ${cost}: approve or decline it.${note}`,
      link: crmStructurePath(row.id),
    })),
  );
  return userIds.length;
}
