import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { auditLog } from '../db/schema/index.ts';

export type AuditEntry = {
  actorUserId: string | null;
  actingAsUserId?: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
};

/** The requests made while an admin acts as a user: the admin (actor) and the acted-as user. */
const actingRequests = new WeakMap<FastifyRequest, { actorUserId: string; actingAsUserId: string }>();

/** Notes that a request runs as `actingAsUserId` for the admin `actorUserId` (platform/access.ts getSession). */
export function noteActingAs(request: FastifyRequest, actorUserId: string, actingAsUserId: string): void {
  actingRequests.set(request, { actorUserId, actingAsUserId });
}

/**
 * While an admin acts as a user, a module records what "the user" did (its actor is the session's user): the entry
 * names both people, the admin as actor and the user acted as (decision 011), whichever module wrote it.
 */
function withBothPeople(request: FastifyRequest | null, entry: AuditEntry): AuditEntry {
  const acting = request ? actingRequests.get(request) : undefined;
  if (!acting || entry.actingAsUserId || entry.actorUserId !== acting.actingAsUserId) return entry;
  return { ...entry, ...acting };
}

/** Records who did what, with the request's IP and trace id. */
export async function audit(db: Db, request: FastifyRequest | null, entry: AuditEntry): Promise<void> {
  await auditReturningId(db, request, entry);
}

/** Like audit, returning the entry's id so that the outcome can be added once known (auditOutcome). */
export async function auditReturningId(db: Db, request: FastifyRequest | null, given: AuditEntry): Promise<number> {
  const entry = withBothPeople(request, given);
  const [row] = await db
    .insert(auditLog)
    .values({
      actorUserId: entry.actorUserId,
      actingAsUserId: entry.actingAsUserId ?? null,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      details: entry.details ?? {},
      ip: request?.ip ?? null,
      traceId: request ? String(request.id) : null,
    })
    .returning({ id: auditLog.id });
  if (!row) throw new Error('audit insert returned nothing');
  return row.id;
}

/** Adds fields (e.g. the response status) to an entry's details. */
export async function auditOutcome(db: Db, id: number, details: Record<string, unknown>): Promise<void> {
  await db
    .update(auditLog)
    .set({ details: sql`${auditLog.details} || ${JSON.stringify(details)}::jsonb` })
    .where(eq(auditLog.id, id));
}
