// GET/PUT of a partner's checkoff/levy and storage rates (buyer admins; decision 044 addendum). The save replaces
// the partner's rates whole, bumps their version (If-Match) and is audited in its transaction; settlements created
// afterwards take the new rates, those made before keep the amounts they took.
import type { FastifyRequest } from 'fastify';
import {
  NATIONAL_REGION,
  cropById,
  isSubdivisionOf,
  tonneCropWeightLb,
  type SettlementRates,
  type SettlementRatesSave,
} from '@granary/domain';
import { audit } from '../../platform/audit.ts';
import { ifMatchVersion, loadCrmAdmin, type CrmActor, type CrmDeps } from '../../platform/crm-access.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './settlement-rates.repo.ts';

async function ratesActor(deps: CrmDeps, request: FastifyRequest): Promise<CrmActor> {
  return loadCrmAdmin(
    deps,
    request,
    'buyer-admin',
    'Only the buyer administrators of your company may set settlement rates.',
  );
}

/** The partner's country: its markets' (USA when it has none yet). */
function countryOf(actor: CrmActor): 'USA' | 'CAN' | 'AUS' {
  return actor.markets[0]?.countryCode ?? 'USA';
}

async function read(db: Db, actor: CrmActor, version: number | null): Promise<SettlementRates> {
  const country = countryOf(actor);
  const own = version !== null;
  const levies = own
    ? await repo.leviesOf(db, actor.partner.id)
    : country === 'USA'
      ? await repo.leviesOf(db, null)
      : [];
  const storage = await repo.storageOf(
    db,
    actor.markets.map((m) => m.id),
  );
  return { version: version ?? 0, country, defaults: !own, levies, storage };
}

export async function getSettlementRates(deps: CrmDeps, request: FastifyRequest): Promise<SettlementRates> {
  const actor = await ratesActor(deps, request);
  const db = deps.ctx.database.db;
  return read(db, actor, await repo.ratesVersion(db, actor.partner.id));
}

/** What is wrong with the rates, per field ('levies.2.region': …); empty when they may be saved. */
function problemsOf(actor: CrmActor, body: SettlementRatesSave): Record<string, string> {
  const fields: Record<string, string> = {};
  const countries = [...new Set(actor.markets.map((m) => m.countryCode))];
  const marketIds = new Set(actor.markets.map((m) => m.id));
  const seen = new Set<string>();
  body.levies.forEach((l, i) => {
    if (!cropById(l.cropId)) fields[`levies.${i}.cropId`] = `Unknown crop ${l.cropId}.`;
    const region = l.region.toUpperCase();
    if (region !== NATIONAL_REGION && !countries.some((c) => isSubdivisionOf(c, region)))
      fields[`levies.${i}.region`] =
        `${l.region} is not a state or province of ${countries.join(', ') || 'your country'}.`;
    if (l.basis === 'per_tonne' && cropById(l.cropId) && tonneCropWeightLb(l.cropId) === null)
      fields[`levies.${i}.basis`] = 'This crop has no bushel weight: set the rate per bushel or as a % of value.';
    const key = `${l.cropId}/${region}/${l.name.toLowerCase()}`;
    if (seen.has(key)) fields[`levies.${i}.name`] = 'The same program is listed twice for this crop and region.';
    seen.add(key);
  });
  const seenStorage = new Set<string>();
  body.storage.forEach((s, i) => {
    if (!marketIds.has(s.marketId)) fields[`storage.${i}.marketId`] = `Market ${s.marketId} is not one of yours.`;
    if (s.cropId !== null && !cropById(s.cropId)) fields[`storage.${i}.cropId`] = `Unknown crop ${s.cropId}.`;
    const key = `${s.marketId}/${s.cropId ?? 0}`;
    if (seenStorage.has(key)) fields[`storage.${i}.cropId`] = 'This market has two rates for the same crop.';
    seenStorage.add(key);
  });
  return fields;
}

export async function saveSettlementRates(
  deps: CrmDeps,
  request: FastifyRequest,
  body: SettlementRatesSave,
): Promise<SettlementRates> {
  const actor = await ratesActor(deps, request);
  const expected = ifMatchVersion(request.headers['if-match']);
  const fields = problemsOf(actor, body);
  if (Object.keys(fields).length > 0)
    throw new AppError('invalid_request', Object.values(fields).join(' '), { fields });
  const levies = body.levies.map((l) => ({ ...l, region: l.region.toUpperCase() }));
  return deps.ctx.database.db.transaction(async (tx) => {
    const current = await repo.lockRatesVersion(tx, actor.partner.id);
    if ((current ?? 0) !== expected) throw new AppError('precondition_failed');
    const version = await repo.bumpRatesVersion(tx, actor.partner.id, actor.user.id, current);
    if (version === null) throw new AppError('precondition_failed');
    await repo.replaceLevies(tx, actor.partner.id, levies);
    const marketIds = actor.markets.map((m) => m.id);
    await repo.replaceStorage(tx, marketIds, body.storage);
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'settlement_rates_save',
      targetType: 'partner',
      targetId: actor.partner.id,
      details: { version, levies, storage: body.storage },
    });
    return read(tx, actor, version);
  });
}
