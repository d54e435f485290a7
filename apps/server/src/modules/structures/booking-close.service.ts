// Closing a live structure (grain-marketing.md 4 'Payments and structures': a structure can be priced for closing,
// and a close can be requested; 7 SCS `structure/:structureId/close-cost`, `structure/:structureId/request-close`):
// the close cost by the engine at today's market from the structure's state, cached per trading day for the list;
// the client (the farmer, or the merchandiser on their behalf) asks to close at the cost quoted; the merchandiser
// (structures-admin) approves — the remaining terms end, the close cost recorded — or declines.

import type { FastifyRequest } from 'fastify';
import { sideSign } from '@granary/scs-engine';
import type { CloseCost, DecideCloseBody, RequestCloseBody, StructureDetail } from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { ifMatchVersion } from '../../platform/crm-access.ts';
import { lockStructure, updateStructure, type StructureRow } from './booking.repo.ts';
import { fixed } from './booking-engine.ts';
import { CLOSABLE, computeCloseCost } from './booking-close-cost.ts';
import { notifyCloseRequested, notifyStructureEvent } from './booking-notices.ts';
import { structureDetail, structureFor, structuresActor, type BookingDeps } from './booking.service.ts';
import { writeStructureHta } from './observation.service.ts';

/** GET structure/:structureId/close-cost (structures or structures-admin): what ending it today costs. */
export async function closeCost(deps: BookingDeps, request: FastifyRequest, structureId: number): Promise<CloseCost> {
  const actor = await structuresActor(deps, request, 'read');
  const row = await structureFor(deps, actor, structureId, 'read');
  if (!CLOSABLE.has(row.status))
    throw new AppError(
      'structure_status_conflict',
      `Structure ${row.id} is ${row.status}: only a live one is closed.`,
      {
        status: row.status,
      },
    );
  return computeCloseCost(deps.ctx.database.db, actor.partner.id, row);
}

/**
 * Records a close request at the cost quoted now (the caller checked who asks): only a live structure (409
 * otherwise), under its lock; audited with who asked and on whose behalf; a farmer's request tells the merchandisers.
 */
export async function recordCloseRequest(
  deps: BookingDeps,
  request: FastifyRequest,
  row: StructureRow,
  by: { userId: string; onBehalf: boolean },
  body: RequestCloseBody,
): Promise<void> {
  const db = deps.ctx.database.db;
  if (row.status !== 'live')
    throw new AppError(
      'structure_status_conflict',
      `Structure ${row.id} is ${row.status}: only a live one can be closed.`,
      {
        status: row.status,
      },
    );
  const quoted = await computeCloseCost(db, row.partnerId, row);
  await db.transaction(async (tx) => {
    const locked = await lockStructure(tx, row.partnerId, row.id);
    if (!locked) throw new AppError('not_found', `No structure ${row.id}.`);
    if (locked.status !== 'live' || locked.version !== row.version)
      throw new AppError('structure_status_conflict', `Structure ${row.id} changed meanwhile: read it again.`, {
        status: locked.status,
      });
    await updateStructure(tx, row.id, row.version, {
      status: 'close_requested',
      closeRequestedAt: new Date(),
      closeRequestedBy: by.userId,
      closeCost: quoted.closeCost,
      closeNote: body.note ?? null,
    });
    await audit(tx, request, {
      actorUserId: by.userId,
      action: 'structure_close_request',
      targetType: 'structure',
      targetId: String(row.id),
      details: {
        closeCost: quoted.closeCost,
        futures: quoted.valuation.futures,
        onBehalfOfClient: by.onBehalf,
        ...(body.note ? { note: body.note } : {}),
      },
    });
    // The farmer's own request: the merchandisers who decide it hear of it (a merchandiser's, on the client's behalf,
    // is their own doing).
    if (!by.onBehalf)
      await notifyCloseRequested(tx, row.id, {
        byUserId: by.userId,
        closeCost: quoted.closeCost,
        note: body.note ?? null,
      });
  });
}

/** POST structure/:structureId/request-close (CRM): the merchandiser asks on the client's behalf (structures-admin). */
export async function requestCloseAsMerchandiser(
  deps: BookingDeps,
  request: FastifyRequest,
  structureId: number,
  body: RequestCloseBody,
): Promise<StructureDetail> {
  const actor = await structuresActor(deps, request, 'admin');
  const row = await structureFor(deps, actor, structureId, 'admin');
  await recordCloseRequest(deps, request, row, { userId: actor.user.id, onBehalf: true }, body);
  return structureDetail(deps, request, structureId);
}

/**
 * POST structure/:structureId/close {decision, note} (structures-admin, If-Match): approve — the remaining terms end
 * at today's close cost (re-priced now; the request's quote stays in the audit), the bushels priced so far are written
 * as an HTA contract at their average price with the fee off (the nightly job's writeStructureHta; none when nothing
 * was priced) and the structure closed; or reject — back to live. The farmer is told either way.
 */
export async function decideClose(
  deps: BookingDeps,
  request: FastifyRequest,
  structureId: number,
  body: DecideCloseBody,
): Promise<StructureDetail> {
  const db = deps.ctx.database.db;
  const expected = ifMatchVersion(request.headers['if-match']);
  const actor = await structuresActor(deps, request, 'admin');
  const row = await structureFor(deps, actor, structureId, 'admin');
  const notRequested = (status: string) =>
    new AppError('structure_status_conflict', `Structure ${structureId} is ${status}: no close request to decide.`, {
      status,
    });
  if (row.status !== 'close_requested') throw notRequested(row.status);
  const approve = body.decision === 'approve';
  const final = approve ? await computeCloseCost(db, actor.partner.id, row) : null;
  await db.transaction(async (tx) => {
    const locked = await lockStructure(tx, actor.partner.id, structureId);
    if (!locked) throw new AppError('not_found', `No structure ${structureId}.`);
    if (locked.version !== expected)
      throw new AppError('precondition_failed', undefined, { currentVersion: locked.version });
    if (locked.status !== 'close_requested') throw notRequested(locked.status);
    const now = new Date();
    const state = locked.state;
    const hta =
      final && state.pricedBushels > 0
        ? await writeStructureHta(tx, locked.id, {
            pricedBushels: state.pricedBushels,
            futuresPrice: state.pricedAmount / state.pricedBushels - sideSign(locked.terms.side) * locked.terms.fee,
            now,
            actorUserId: actor.user.id,
            request,
          })
        : null;
    const patch = final
      ? {
          status: 'closed' as const,
          closeCost: final.closeCost,
          closedAt: now,
          closedBy: actor.user.id,
          closeNote: body.note ?? locked.closeNote,
        }
      : {
          status: 'live' as const,
          closeRequestedAt: null,
          closeRequestedBy: null,
          closeCost: null,
          closeNote: body.note ?? null,
        };
    if (!(await updateStructure(tx, locked.id, locked.version, patch)))
      throw new AppError('precondition_failed', undefined, { currentVersion: locked.version + 1 });
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: approve ? 'structure_close_approve' : 'structure_close_reject',
      targetType: 'structure',
      targetId: String(locked.id),
      details: {
        quotedCloseCost: locked.closeCost,
        ...(final ? { closeCost: final.closeCost, futures: final.valuation.futures } : {}),
        pricedBushels: fixed(locked.state.pricedBushels, 2),
        ...(hta ? { htaContractId: hta.contractId, htaContract: hta.displayContractId } : {}),
        ...(body.note ? { note: body.note } : {}),
      },
    });
    await notifyStructureEvent(tx, locked.id, approve ? 'close_approved' : 'close_rejected', {
      note: body.note ?? null,
      htaContract: hta?.displayContractId ?? null,
    });
  });
  return structureDetail(deps, request, structureId);
}
