import type { FastifyRequest } from 'fastify';
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
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    actingAsUserId: entry.actingAsUserId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: entry.details ?? {},
    ip: request?.ip ?? null,
    traceId: request ? String(request.id) : null,
  });
}
