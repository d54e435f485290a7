// The payments' daily job (the one job system, docs/decisions/028): a credit sale pays on its deferred date — the job
// requests, approves and sends the farmer's net of each final settlement whose contracts' deferred payment date has
// come (in its market's day) and nobody asked for yet; it sends approved requests a provider failed to send; and it
// settles ACH payments whose settlement day has come. Tests run the handler with their own clock.

import { isoDateInZone } from '@granary/domain';
import { audit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { marketZone } from '../../platform/crm-access.ts';
import { sqlStateOf, type Db } from '../../platform/db.ts';
import { registerRecurringJob } from '../../platform/jobs.ts';
import { createPartnerDirectory } from '../partners/partners.public.ts';
import type { PaymentProvider } from './adapter.ts';
import {
  achDueToSettle,
  approvedUnsent,
  dueCreditSales,
  insertEvent,
  insertRequest,
  lockSettlementsToPay,
  updateRequestStatus,
} from './payments.repo.ts';
import { sendApproved, settleByProvider } from './payments.service.ts';

export const PAYMENTS_DAILY_JOB = 'payments.daily';
const DAY_MS = 86_400_000;

type JobEnv = Pick<AppContext['env'], 'PUBLIC_URL' | 'PORT' | 'NODE_ENV'>;

export type DailyOutcome = { creditSalesPaid: number; resent: number; achSettled: number };

/** One run at `now`: credit sales due, approved requests unsent, ACH payments due to settle. */
export async function runPaymentsDaily(
  db: Db,
  provider: PaymentProvider,
  env: JobEnv,
  now: Date = new Date(),
): Promise<DailyOutcome> {
  const mail = { partners: createPartnerDirectory(db), env: env as AppContext['env'], origin: null };
  const system = { userId: null, request: null };
  // A UTC day ahead covers every market's zone; each settlement is checked against its own market's day.
  const upTo = new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10);
  let creditSalesPaid = 0;
  for (const s of await dueCreditSales(db, upTo)) {
    const today = isoDateInZone(now, marketZone({ timezone: s.marketTimezone }));
    if (s.deferredPaymentDate === null || s.deferredPaymentDate > today) continue;
    let requestId: number | null = null;
    try {
      requestId = await db.transaction(async (tx) => {
        const [locked] = await lockSettlementsToPay(tx, [s.settlementId]);
        if (!locked || locked.held || locked.status !== 'final') return null;
        const method = locked.ach ? 'ach' : 'check';
        const id = await insertRequest(tx, {
          partnerId: locked.partnerId,
          marketId: locked.marketId,
          clientId: locked.clientId,
          requestedBy: null,
          source: 'credit_sale',
          amount: locked.amount,
          method,
          note: null,
          items: [{ settlementId: locked.settlementId, payeeId: locked.payeeId, amount: locked.amount }],
        });
        const note = 'Credit sale: paid on its deferred payment date';
        await insertEvent(tx, {
          requestId: id,
          action: 'request',
          fromStatus: null,
          toStatus: 'requested',
          actorUserId: null,
          note,
          at: now,
        });
        await updateRequestStatus(tx, id, 1, { status: 'approved', decided: true, decidedBy: null });
        await insertEvent(tx, {
          requestId: id,
          action: 'approve',
          fromStatus: 'requested',
          toStatus: 'approved',
          actorUserId: null,
          note,
          at: now,
        });
        await audit(tx, null, {
          actorUserId: null,
          action: 'payment_credit_sale',
          targetType: 'payment_request',
          targetId: String(id),
          details: { settlementId: locked.settlementId, amount: locked.amount, method, to: 'approved' },
        });
        return id;
      });
    } catch (err) {
      // The farmer asked at the same moment: their request holds the settlement.
      if (sqlStateOf(err) !== '23505') throw err;
    }
    if (requestId !== null) {
      await sendApproved(db, provider, requestId, { actor: system, today, mail });
      creditSalesPaid += 1;
    }
  }

  let resent = 0;
  for (const r of await approvedUnsent(db)) {
    await sendApproved(db, provider, r.requestId, {
      actor: system,
      today: now.toISOString().slice(0, 10),
      mail,
    });
    resent += 1;
  }

  let achSettled = 0;
  const utcToday = now.toISOString().slice(0, 10);
  for (const p of await achDueToSettle(db, utcToday)) {
    if (await settleByProvider(db, provider, p.requestId, p.partnerId, utcToday, mail)) achSettled += 1;
  }
  return { creditSalesPaid, resent, achSettled };
}

/** Registers the daily job in this process (the first run when a worker starts, then every day). */
export function registerPaymentJobs(provider: PaymentProvider, env: JobEnv): void {
  registerRecurringJob(
    PAYMENTS_DAILY_JOB,
    async ({ db, now }) => {
      await runPaymentsDaily(db, provider, env, now);
    },
    { everyMs: DAY_MS, maxAttempts: 3 },
  );
}
