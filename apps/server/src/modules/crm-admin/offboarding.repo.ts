// The offboarding report's two reads (typed SQL: aggregates over several tables per person, decision 031).

import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';

export type OffboardingClientRow = {
  clientId: number | string;
  name: string;
  extClientId: string | null;
  lastActivity: string | null;
  openContracts: number;
  undeliveredBushels: string;
  unappliedTickets: number;
  unappliedBushels: string;
  unpaidSettlements: number;
  unpaidSettlementsNet: string;
  openPaymentRequests: number;
  openPaymentAmount: string;
  workingOffers: number;
};

/**
 * The partner's clients whose last activity (a contract written, a ticket delivered, a note, a settlement) is before
 * `since` or who never had any, with what is still open for each; those with the most open first, then by name.
 * At most `limit` rows.
 */
export async function inactiveClients(
  db: Db,
  partnerId: string,
  since: string,
  limit: number,
): Promise<OffboardingClientRow[]> {
  return rowsOf<OffboardingClientRow>(
    await db.execute(sql`
      with activity as (
        select le.id, le.name, le.ext_client_id,
          greatest(
            (select max(c.created_at)::date from contracts c where c.client_id = le.id),
            (select max(t.delivery_date) from scale_tickets t where t.client_id = le.id),
            (select max(n.note_date) from notes n where n.client_id = le.id),
            (select max(s.settlement_date) from settlements s where s.client_id = le.id)
          ) as last_activity
        from legal_entities le
        where le.partner_id = ${partnerId} and le.kind = 'client'
      ), leaving as (
        select a.* from activity a where a.last_activity is null or a.last_activity < ${since}::date
      ), report as (
        select l.id as "clientId", l.name, l.ext_client_id as "extClientId",
          to_char(l.last_activity, 'YYYY-MM-DD') as "lastActivity",
          oc.n as "openContracts", oc.undelivered::text as "undeliveredBushels",
          ut.n as "unappliedTickets", ut.bushels::text as "unappliedBushels",
          us.n as "unpaidSettlements", us.net::text as "unpaidSettlementsNet",
          pr.n as "openPaymentRequests", pr.amount::text as "openPaymentAmount",
          wo.n as "workingOffers"
        from leaving l
        cross join lateral (
          select count(*)::int as n,
            coalesce(sum(greatest(c.quantity - c.delivered_quantity - c.cancelled_quantity, 0)), 0) as undelivered
          from contracts c where c.client_id = l.id and c.status = 'open'
        ) oc
        cross join lateral (
          select count(*)::int as n, coalesce(sum(t.unapplied_quantity), 0) as bushels
          from scale_tickets t where t.client_id = l.id and t.unapplied_quantity > 0
        ) ut
        cross join lateral (
          select count(*)::int as n, coalesce(sum(s.net), 0) as net
          from settlements s where s.client_id = l.id and s.status in ('draft', 'final')
        ) us
        cross join lateral (
          select count(*)::int as n, coalesce(sum(p.amount), 0) as amount
          from payment_requests p where p.client_id = l.id and p.status in ('requested', 'approved', 'sent')
        ) pr
        cross join lateral (
          select count(*)::int as n
          from offers o where o.client_id = l.id and o.status in ('pending_approval', 'working', 'price_hit')
        ) wo
      )
      select * from report
      order by ("openContracts" + "unappliedTickets" + "unpaidSettlements" + "openPaymentRequests" + "workingOffers") desc,
        name, "clientId"
      limit ${limit}
    `),
  );
}

export type OffboardingUserRow = {
  userId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  lastSignInAt: Date | string | null;
  openContracts: number;
  workingOffers: number;
  openFollowups: number;
  draftSettlements: number;
};

/** The partner's suspended users, with the contracts, offers, follow-ups and draft settlements still theirs. */
export async function suspendedUsers(db: Db, partnerId: string): Promise<OffboardingUserRow[]> {
  return rowsOf<OffboardingUserRow>(
    await db.execute(sql`
      select u.legacy_id as "userId", u.first_name as "firstName", u.last_name as "lastName", u.email,
        u.last_login_at as "lastSignInAt",
        (select count(*)::int from contracts c
          where c.created_by = u.id and c.partner_id = ${partnerId} and c.status = 'open') as "openContracts",
        (select count(*)::int from offers o
          where o.placed_by = u.id and o.partner_id = ${partnerId}
            and o.status in ('pending_approval', 'working', 'price_hit')) as "workingOffers",
        (select count(*)::int from followups f
          where f.assigned_user_id = u.id and f.partner_id = ${partnerId} and f.done_at is null) as "openFollowups",
        (select count(*)::int from settlements s
          where s.created_by = u.id and s.partner_id = ${partnerId} and s.status = 'draft') as "draftSettlements"
      from users u
      where u.partner_id = ${partnerId} and u.status = 'suspended'
      order by lower(u.last_name), lower(u.first_name), u.legacy_id
      limit 1000
    `),
  );
}
