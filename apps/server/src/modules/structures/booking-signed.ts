// The e-sign module's hook once a structure's confirmation is signed (app.ts passes it as EsignDeps.onStructureSigned;
// e-sign made the structure live in the same request's transaction): the farmer is told it is live, and a late-booked
// structure (its period began before today) is observed by the job at once — a 'structures.observe' job for its
// symbol, which the next worker poll runs — so its past days with a recorded settle show without waiting up to 15
// minutes for the catch-up (a verbal trade observes in its own request, booking.service.ts tradeStructure).

import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { exchangeToday } from './booking-engine.ts';
import { notifyStructureEvent } from './booking-notices.ts';
import { findStructureById } from './booking.repo.ts';
import { enqueueObservation } from './observation.job.ts';

export function structureSignedHook(deps: { ctx: AppContext }) {
  return async (_request: FastifyRequest, structureId: number): Promise<void> => {
    const db = deps.ctx.database.db;
    await notifyStructureEvent(db, structureId, 'traded');
    const row = await findStructureById(db, structureId);
    if (row && row.status === 'live' && row.startDate < exchangeToday())
      await enqueueObservation(db, [row.futuresSymbol]);
  };
}
