// The SCS pricing parameters an admin edits (grain-marketing.md 7 profit-center calls `scs_parameters`, `option_vol`,
// `future_beta`, `option_beta` — each `/:contractList?` — and `skew/:cropId?`; decision 062). One document per partner
// (scs_parameter_sets), the engine's PricingParameters; no row = the engine's DEFAULT_PARAMETERS. Each call reads and
// writes one piece of it: GET answers the piece's rows (those of the path's list), PUT replaces exactly those rows
// with the body's, bumps the version (If-Match) and is audited in its transaction. Read: `structures` or
// `structures-admin`; write: `structures-admin` only.

import type { FastifyRequest } from 'fastify';
import {
  futuresProductForCrop,
  hasAdminPermission,
  type BetaRow,
  type OptionVolRow,
  type ScsParameterCall,
  type ScsParametersRow,
  type SkewRow,
} from '@granary/domain';
import { DEFAULT_PARAMETERS, type PricingParameters } from '@granary/scs-engine';
import { audit } from '../../platform/audit.ts';
import {
  ifMatchVersion,
  loadCrmActor,
  structuredProductAccess,
  type CrmActor,
  type CrmDeps,
} from '../../platform/crm-access.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './parameters.repo.ts';

/** The CRM actor when they may see structured products (`structures` or `structures-admin`), else 403. */
export async function structuresReader(deps: CrmDeps, request: FastifyRequest): Promise<CrmActor> {
  const actor = await loadCrmActor(deps, request);
  if (!structuredProductAccess(actor))
    throw new AppError('forbidden', 'You do not have access to structured products.');
  return actor;
}

/** The CRM actor when they hold `structures-admin` (trade, edit parameters), else 403. */
async function structuresAdmin(deps: CrmDeps, request: FastifyRequest): Promise<CrmActor> {
  const actor = await structuresReader(deps, request);
  if (!hasAdminPermission(actor.adminGrants, 'structures-admin', { isSuperAdmin: actor.isSuperAdmin }))
    throw new AppError('forbidden', 'Only structured-product administrators may change the pricing parameters.');
  return actor;
}

/** The partner's parameters (the seeded defaults until an admin saves some), with the version of the next save. */
export async function partnerParameters(
  db: Db,
  partnerId: string,
): Promise<{ parameters: PricingParameters; version: number; updatedAt: string | null }> {
  const row = await repo.parameterSetOf(db, partnerId);
  return row
    ? { parameters: row.parameters, version: row.version, updatedAt: row.updatedAt.toISOString() }
    : { parameters: DEFAULT_PARAMETERS, version: 0, updatedAt: null };
}

// ---------------------------------------------------------------------------------------------------
// The pieces: how each call's rows sit in the engine's document

type Filter = { crops?: readonly number[]; contracts?: readonly string[] };

type Piece<Api, Engine> = {
  /** The document's field. */
  key: keyof PricingParameters;
  toApi: (row: Engine) => Api;
  toEngine: (row: Api) => Engine;
  matches: (row: { cropId: number; contract?: string }, filter: Filter) => boolean;
};

const byFilter = (row: { cropId: number; contract?: string }, filter: Filter) =>
  (!filter.crops || filter.crops.includes(row.cropId)) &&
  (!filter.contracts || (row.contract !== undefined && filter.contracts.includes(row.contract)));

const same = <T>(row: T): T => row;

/** A fee as the API writes it: a decimal string of at most 4 decimals, trailing zeros dropped. */
function feeText(fee: number): string {
  const text = String(Number(fee.toFixed(4)));
  return text === '-0' ? '0' : text;
}

const PIECES = {
  scs_parameters: {
    key: 'scs',
    toApi: (r: PricingParameters['scs'][number]): ScsParametersRow => ({ ...r, defaultFee: feeText(r.defaultFee) }),
    toEngine: (r: ScsParametersRow) => ({ ...r, defaultFee: Number(r.defaultFee) }),
    matches: byFilter,
  } satisfies Piece<ScsParametersRow, PricingParameters['scs'][number]>,
  option_vol: { key: 'optionVols', toApi: same, toEngine: same, matches: byFilter } satisfies Piece<
    OptionVolRow,
    PricingParameters['optionVols'][number]
  >,
  future_beta: { key: 'futureBetas', toApi: same, toEngine: same, matches: byFilter } satisfies Piece<
    BetaRow,
    PricingParameters['futureBetas'][number]
  >,
  option_beta: { key: 'optionBetas', toApi: same, toEngine: same, matches: byFilter } satisfies Piece<
    BetaRow,
    PricingParameters['optionBetas'][number]
  >,
  skew: {
    key: 'skews',
    toApi: (r: PricingParameters['skews'][number]): SkewRow => ({
      cropId: r.cropId,
      points: [...r.points].sort((a, b) => a.moneyness - b.moneyness),
    }),
    toEngine: (r: SkewRow) => ({ cropId: r.cropId, points: [...r.points].sort((a, b) => a.moneyness - b.moneyness) }),
    matches: byFilter,
  } satisfies Piece<SkewRow, PricingParameters['skews'][number]>,
} as const;

export type PieceRow<C extends ScsParameterCall> = C extends 'scs_parameters'
  ? ScsParametersRow
  : C extends 'option_vol'
    ? OptionVolRow
    : C extends 'skew'
      ? SkewRow
      : BetaRow;

export type PieceAnswer<C extends ScsParameterCall> = {
  version: number;
  defaults: boolean;
  updatedAt: string | null;
  rows: PieceRow<C>[];
};

type AnyRow = { cropId: number; contract?: string };
type AnyPiece = {
  key: keyof PricingParameters;
  toApi: (row: never) => AnyRow;
  toEngine: (row: never) => AnyRow;
  matches: (row: AnyRow, filter: Filter) => boolean;
};

function pieceOf(call: ScsParameterCall): AnyPiece {
  return PIECES[call] as AnyPiece;
}

const MONTHS = 'FGHJKMNQUVXZ';

/** Rows in a stable order: crop, then the contract's month (a month code before a dated month). */
function sortRows<T extends AnyRow>(rows: T[]): T[] {
  const rank = (c: string | undefined) => (c === undefined ? '' : c.length === 1 ? `0${MONTHS.indexOf(c)}` : `1${c}`);
  return rows.sort((a, b) =>
    a.cropId !== b.cropId ? a.cropId - b.cropId : rank(a.contract).localeCompare(rank(b.contract), 'en'),
  );
}

function rowsOf(parameters: PricingParameters, call: ScsParameterCall, filter: Filter): AnyRow[] {
  const piece = pieceOf(call);
  const rows = parameters[piece.key] as readonly AnyRow[];
  return sortRows(rows.filter((r) => piece.matches(r, filter)).map((r) => piece.toApi(r as never)));
}

export async function readPiece<C extends ScsParameterCall>(
  deps: CrmDeps,
  request: FastifyRequest,
  call: C,
  filter: Filter,
): Promise<PieceAnswer<C>> {
  const actor = await structuresReader(deps, request);
  const { parameters, version, updatedAt } = await partnerParameters(deps.ctx.database.db, actor.partner.id);
  return { version, defaults: version === 0, updatedAt, rows: rowsOf(parameters, call, filter) as PieceRow<C>[] };
}

/** The smallest vol a crop's skew can add (0 without a skew). */
function leastSkew(parameters: PricingParameters, cropId: number): number {
  const points = parameters.skews.find((s) => s.cropId === cropId)?.points ?? [];
  return points.length === 0 ? 0 : Math.min(...points.map((p) => p.volAdd));
}

/** What is wrong with a body's rows, per field ('rows.2.cropId': …); empty when they may be saved. */
function problemsOf(
  call: ScsParameterCall,
  rows: readonly AnyRow[],
  filter: Filter,
  merged: PricingParameters,
): Record<string, string> {
  const fields: Record<string, string> = {};
  rows.forEach((row, i) => {
    if (!futuresProductForCrop(row.cropId))
      fields[`rows.${i}.cropId`] = `Crop ${row.cropId} has no futures to price structures against.`;
    else if (filter.crops && !filter.crops.includes(row.cropId))
      fields[`rows.${i}.cropId`] = `Crop ${row.cropId} is not in this call's list.`;
    if (filter.contracts && row.contract !== undefined && !filter.contracts.includes(row.contract))
      fields[`rows.${i}.contract`] = `Contract ${row.contract} is not in this call's list.`;
  });
  // A vol the skew would take to zero or below prices nothing: refused where it is written.
  if (call === 'option_vol')
    rows.forEach((row, i) => {
      const vol = (row as OptionVolRow).vol + leastSkew(merged, row.cropId);
      if (vol <= 0 && !fields[`rows.${i}.cropId`])
        fields[`rows.${i}.vol`] = 'With the skew of this crop the volatility would fall to zero or below.';
    });
  if (call === 'skew')
    rows.forEach((row, i) => {
      const least = Math.min(...merged.optionVols.filter((v) => v.cropId === row.cropId).map((v) => v.vol));
      if (Number.isFinite(least) && least + leastSkew(merged, row.cropId) <= 0 && !fields[`rows.${i}.cropId`])
        fields[`rows.${i}.points`] = 'This skew would take the lowest volatility of the crop to zero or below.';
    });
  return fields;
}

export async function savePiece<C extends ScsParameterCall>(
  deps: CrmDeps,
  request: FastifyRequest,
  call: C,
  filter: Filter,
  rows: readonly PieceRow<C>[],
): Promise<PieceAnswer<C>> {
  const actor = await structuresAdmin(deps, request);
  const expected = ifMatchVersion(request.headers['if-match']);
  const piece = pieceOf(call);
  const body = rows as readonly AnyRow[];
  return deps.ctx.database.db.transaction(async (tx) => {
    const locked = await repo.lockParameterSet(tx, actor.partner.id);
    const current = locked?.version ?? 0;
    if (current !== expected) throw new AppError('precondition_failed');
    const base = locked?.parameters ?? DEFAULT_PARAMETERS;
    const kept = (base[piece.key] as readonly AnyRow[]).filter((r) => !piece.matches(r, filter));
    const merged: PricingParameters = {
      ...base,
      [piece.key]: [...kept, ...body.map((r) => piece.toEngine(r as never))],
    };
    const fields = problemsOf(call, body, filter, merged);
    if (Object.keys(fields).length > 0)
      throw new AppError('invalid_request', Object.values(fields).join(' '), { fields });
    const saved = await repo.saveParameterSet(tx, actor.partner.id, merged, current, actor.user.id);
    if (!saved) throw new AppError('precondition_failed');
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'scs_parameters_save',
      targetType: 'partner',
      targetId: actor.partner.id,
      details: { call, filter, version: saved.version, rows: body },
    });
    return {
      version: saved.version,
      defaults: false,
      updatedAt: saved.updatedAt.toISOString(),
      rows: rowsOf(saved.parameters, call, filter) as PieceRow<C>[],
    };
  });
}
