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

/** Records who did what, with the request's IP and trace id. */
export async function audit(db: Db, request: FastifyRequest | null, entry: AuditEntry): Promise<void> {
  await auditReturningId(db, request, entry);
}

/** Like audit, returning the entry's id so that the outcome can be added once known (auditOutcome). */
export async function auditReturningId(db: Db, request: FastifyRequest | null, entry: AuditEntry): Promise<number> {
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
