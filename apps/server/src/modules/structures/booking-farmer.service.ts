// The farmer's structures (issue 18: "The farmer sees their structures (read-only) in the profit center and My Sales
// Lite"; grain-marketing.md 7 profit center `structures/:structureId?`): the structures of the client legal entities
// onboarded to the farmer's farm businesses (My Sales Lite's rule, profit-center.public.ts loadFarmer), never a quote
// nor a cancelled one, never another farm's (404); and the farmer's own request to close one (grain-marketing.md 4).

import type { FastifyRequest } from 'fastify';
import {
  signingPagePath,
  signingState,
  type FarmerStructureDetail,
  type FarmerStructureList,
  type RequestCloseBody,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { getSession } from '../../platform/access.ts';
import { loadFarmer } from '../profit-center/profit-center.public.ts';
import { latestQuotes } from '../futures/futures.public.ts';
import { latestStructureRequest } from '../esign/esign.public.ts';
import { observationsOf, structuresOfClients, type StructureRow } from './booking.repo.ts';
import { exchangeToday } from './booking-engine.ts';
import { farmerStructureOut, observationOut, rulesOf } from './booking-view.ts';
import { recordCloseRequest } from './booking-close.service.ts';
import { wordsFormat, type BookingDeps } from './booking.service.ts';

async function partnerOf(deps: BookingDeps, partnerId: string) {
  const partner = await deps.partners.byId(partnerId);
  if (!partner) throw new AppError('not_found');
  return partner;
}

/** The confirmation's signing page while the structure waits for the farmer's signature. */
async function signingPathOf(deps: BookingDeps, row: StructureRow): Promise<string | null> {
  if (row.status !== 'pending_signature') return null;
  const latest = await latestStructureRequest(deps.ctx.database.db, row.id);
  if (!latest || signingState(latest, latest.termsHash) !== 'open') return null;
  return signingPagePath(latest.provider, latest.id);
}

async function farmerRows(deps: BookingDeps, request: FastifyRequest, structureId: number | null) {
  const farmer = await loadFarmer(deps, request);
  const rows = await structuresOfClients(deps.ctx.database.db, farmer.clientIds, structureId);
  const quotes = await latestQuotes(
    deps.ctx.database.db,
    rows.map((r) => r.futuresSymbol),
  );
  return { farmer, rows, quotes };
}

/** GET profit-center/structures: the farmer's structures, newest first. */
export async function farmerStructures(deps: BookingDeps, request: FastifyRequest): Promise<FarmerStructureList> {
  const { rows, quotes } = await farmerRows(deps, request, null);
  const today = exchangeToday();
  const out = [];
  for (const row of rows) {
    const partner = await partnerOf(deps, row.partnerId);
    out.push(
      farmerStructureOut(row, today, quotes.get(row.futuresSymbol)?.last ?? null, {
        signingPath: await signingPathOf(deps, row),
        rules: rulesOf(row, wordsFormat(partner, row.marketCountry)),
      }),
    );
  }
  return { rows: out };
}

/** GET profit-center/structures/:structureId: one of the farmer's structures with its observations (else 404). */
export async function farmerStructure(
  deps: BookingDeps,
  request: FastifyRequest,
  structureId: number,
): Promise<FarmerStructureDetail> {
  const { rows, quotes } = await farmerRows(deps, request, structureId);
  const row = rows[0];
  if (!row) throw new AppError('not_found', `No structure ${structureId}.`);
  const partner = await partnerOf(deps, row.partnerId);
  const observations = await observationsOf(deps.ctx.database.db, row.id);
  return {
    ...farmerStructureOut(row, exchangeToday(), quotes.get(row.futuresSymbol)?.last ?? null, {
      signingPath: await signingPathOf(deps, row),
      rules: rulesOf(row, wordsFormat(partner, row.marketCountry)),
    }),
    observations: observations.map(observationOut),
  };
}

/**
 * POST profit-center/structures/:structureId/request-close: the farmer asks to end one of their live structures at
 * the close cost quoted now (the merchandiser approves or declines). An admin acting as the farmer asks nothing in
 * their name (403, as signing refuses).
 */
export async function farmerRequestClose(
  deps: BookingDeps,
  request: FastifyRequest,
  structureId: number,
  body: RequestCloseBody,
): Promise<FarmerStructureDetail> {
  const { farmer, rows } = await farmerRows(deps, request, structureId);
  const row = rows[0];
  if (!row) throw new AppError('not_found', `No structure ${structureId}.`);
  const session = await getSession(deps.ctx, request);
  if (session?.actor) throw new AppError('forbidden', 'Only the farmer asks to close, not an admin acting as them.');
  await recordCloseRequest(deps, request, row, { userId: farmer.userId, onBehalf: false }, body);
  return farmerStructure(deps, request, structureId);
}
