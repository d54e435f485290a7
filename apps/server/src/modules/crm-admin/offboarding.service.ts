// MERCH/admin/offboarding-report (issue 15; grain-marketing.md 6 'Admin permissions' view-offboarding-report): the
// partner's clients and users leaving, with what is still open for each. The schema has no "leaving" mark, so the
// report takes the partner's suspended users and its clients with no activity for `inactiveMonths` months.

import type { FastifyRequest } from 'fastify';
import { OFFBOARDING_ROW_LIMIT, countryByCode, isoDateInZone, type OffboardingReport } from '@granary/domain';
import { loadCrmAdmin, marketZone, type CrmActor, type CrmDeps } from '../../platform/crm-access.ts';
import { inactiveClients, suspendedUsers } from './offboarding.repo.ts';

const ZONE_FALLBACK = 'America/Chicago';

async function reportViewer(deps: CrmDeps, request: FastifyRequest): Promise<CrmActor> {
  return loadCrmAdmin(
    deps,
    request,
    'view-offboarding-report',
    'The offboarding report needs the view-offboarding-report permission.',
  );
}

/** The day `months` months before today (the partner's first market's calendar). */
function monthsBefore(today: string, months: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

export async function offboardingReport(
  deps: CrmDeps,
  request: FastifyRequest,
  inactiveMonths: number,
  now: Date = new Date(),
): Promise<{ report: OffboardingReport; currency: string }> {
  const actor = await reportViewer(deps, request);
  const db = deps.ctx.database.db;
  const first = actor.markets[0];
  const today = isoDateInZone(now, first ? marketZone(first) : ZONE_FALLBACK);
  const since = monthsBefore(today, inactiveMonths);
  const [users, clients] = await Promise.all([
    suspendedUsers(db, actor.partner.id),
    inactiveClients(db, actor.partner.id, since, OFFBOARDING_ROW_LIMIT + 1),
  ]);
  const report: OffboardingReport = {
    inactiveMonths,
    inactiveSince: since,
    users: users.map((u) => ({
      userId: u.userId,
      name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email,
      email: u.email,
      status: 'suspended',
      lastSignInAt: u.lastSignInAt ? new Date(u.lastSignInAt).toISOString() : null,
      open: {
        openContracts: u.openContracts,
        workingOffers: u.workingOffers,
        openFollowups: u.openFollowups,
        draftSettlements: u.draftSettlements,
      },
    })),
    clients: clients.slice(0, OFFBOARDING_ROW_LIMIT).map((c) => ({
      clientId: Number(c.clientId),
      name: c.name,
      extClientId: c.extClientId,
      lastActivity: c.lastActivity,
      open: {
        openContracts: c.openContracts,
        undeliveredBushels: c.undeliveredBushels,
        unappliedTickets: c.unappliedTickets,
        unappliedBushels: c.unappliedBushels,
        unpaidSettlements: c.unpaidSettlements,
        unpaidSettlementsNet: c.unpaidSettlementsNet,
        openPaymentRequests: c.openPaymentRequests,
        openPaymentAmount: c.openPaymentAmount,
        workingOffers: c.workingOffers,
      },
    })),
    clientsTruncated: clients.length > OFFBOARDING_ROW_LIMIT,
  };
  const currency = countryByCode(first?.countryCode)?.currency ?? 'USD';
  return { report, currency };
}
