// One batch of an ingest (docs/decisions/046): each row read by the domain's rules (readIngestRow), its client,
// market and contract found for the whole batch at once, duplicates of an id within the batch kept as broken (the last
// one is taken), then the record type's set-based upsert, its pricing events / applications / links, provenance and
// the broken rows — all in the caller's transaction. The job calls it per batch; the fix of a broken record calls it
// with one row.

import {
  contractPricing,
  ingestProblem,
  readIngestRow,
  toDecimal,
  type IngestProblem,
  type IngestRecordType,
  type IngestRow,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { insertBroken, type BrokenInsert } from './ingest.repo.ts';
import {
  clientIdsByExt,
  contractIdsByExt,
  applicationsOfTickets,
  lockContractIds,
  lockContractsByExt,
  lockTicketsByExt,
  planApplications,
  recordSources,
  replacePricingEvents,
  writeApplications,
  upsertClients,
  upsertContracts,
  upsertNotes,
  upsertTickets,
  type ClientStage,
  type ContractStage,
  type ApplicationPlanOk,
  type NoteStage,
  type StoredApplication,
  type TicketStage,
} from './ingest-write.repo.ts';
import { upsertClientLinks } from './ingest-client-links.repo.ts';
import { prepareSettlements, writeSettlements, type SettlementRead } from './ingest-settlements.ts';

type MarketRef = { id: number; slug: string; displayName: string | null; city: string };

export type BatchContext = {
  partnerId: string;
  recordType: IngestRecordType;
  syncId: number;
  headers: readonly string[];
  /** field → column index of the file. */
  indexes: ReadonlyMap<string, number>;
  /** The partner's markets by id, slug, name and city (lower case). */
  markets: ReadonlyMap<string, number>;
  /** Settlements: the numbers of the sync's earlier batches (a number seen again is apart in the file). */
  seenSettlements?: Set<string>;
};

export type SourceRow = { line: number; cells: readonly string[] };

type BatchResult = {
  written: number;
  unchanged: number;
  broken: BrokenInsert[];
  /** The external ids of the rows taken (written or unchanged). */
  taken: string[];
};

/** The lookup of a partner's markets: by id, slug, display name or city, case-insensitive. */
export function marketLookup(markets: readonly MarketRef[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of markets) for (const k of [m.displayName, m.city]) if (k) out.set(k.trim().toLowerCase(), m.id);
  for (const m of markets) out.set(m.slug.toLowerCase(), m.id);
  for (const m of markets) out.set(String(m.id), m.id);
  return out;
}

/** A row's cells by header (how a broken record keeps it, and what its fix edits). */
function rawOf(headers: readonly string[], cells: readonly string[]): Record<string, string> {
  const raw: Record<string, string> = {};
  headers.forEach((h, i) => {
    if (!(h in raw)) raw[h] = cells[i] ?? '';
  });
  cells.slice(headers.length).forEach((c, i) => (raw[`column ${headers.length + i + 1}`] = c));
  return raw;
}

type Read = {
  line: number;
  cells: readonly string[];
  row: IngestRow;
  ext: string;
  marketId: number | null;
  /** A contract's columns and pricing, worked out before the batch's turn to write (clientId set then). */
  contract?: ContractStage;
  /** A settlement's lines (the read's row is its first line). */
  settlement?: SettlementRead;
};

/** A batch read and checked by what needs no database: the job prepares the next batch while one is written. */
export type PreparedBatch = { reads: Read[]; broken: BrokenInsert[] };

function valuesOf(ctx: BatchContext, r: SourceRow): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const [field, i] of ctx.indexes) values[field] = r.cells[i];
  return values;
}

function refusal(ctx: BatchContext, r: SourceRow, problems: readonly IngestProblem[]): BrokenInsert {
  return {
    line: r.line,
    code: problems[0]!.code,
    message: problems.map((p) => p.message).join(' '),
    raw: rawOf(ctx.headers, r.cells),
  };
}

/**
 * Reads each row by the domain's rules and finds its market; the last row of an id wins, the earlier ones are kept as
 * duplicates. A contract's pricing (the domain's contractPricing) is worked out here too.
 */
export function prepareBatch(ctx: BatchContext, rows: readonly SourceRow[]): PreparedBatch {
  const broken: BrokenInsert[] = [];
  if (ctx.recordType === 'settlements') {
    const settlements = prepareSettlements(
      rows,
      (r) => valuesOf(ctx, r),
      (ctx.seenSettlements ??= new Set()),
      (r, problems) => broken.push(refusal(ctx, r, problems)),
    );
    return { reads: settlements.map((st) => ({ ...st, marketId: null, settlement: st })), broken };
  }
  const byExt = new Map<string, Read>();
  const marketRequired = ctx.recordType !== 'clients';
  for (const r of rows) {
    const read = readIngestRow(ctx.recordType, valuesOf(ctx, r));
    if (!read.ok) {
      broken.push(refusal(ctx, r, read.problems));
      continue;
    }
    const m = read.row.market;
    const marketId =
      m === null || m === undefined ? (marketRequired ? undefined : null) : ctx.markets.get(String(m).toLowerCase());
    if (marketId === undefined) {
      broken.push(refusal(ctx, r, [ingestProblem('market', 'unknown_market', String(m))]));
      continue;
    }
    const ext = String(read.row.externalId);
    const earlier = byExt.get(ext);
    if (earlier) broken.push(refusal(ctx, earlier, [ingestProblem('externalId', 'duplicate_in_file', ext)]));
    byExt.set(ext, {
      line: r.line,
      cells: r.cells,
      row: read.row,
      ext,
      marketId,
      ...(ctx.recordType === 'contracts' ? { contract: contractStage(read.row, marketId!, 0) } : {}),
    });
  }
  return { reads: [...byExt.values()], broken };
}

export async function writeBatch(
  db: Db,
  ctx: BatchContext,
  rows: readonly SourceRow[],
  options: { keepBroken?: boolean } = {},
): Promise<BatchResult> {
  return writePrepared(db, ctx, prepareBatch(ctx, rows), options);
}

/**
 * Writes a prepared batch in the caller's transaction: clients (and a ticket's contract) found for the whole batch at
 * once, then the record type's set-based upsert and what goes with it, provenance, the broken rows.
 */
export async function writePrepared(
  db: Db,
  ctx: BatchContext,
  prepared: PreparedBatch,
  options: { keepBroken?: boolean } = {},
): Promise<BatchResult> {
  const { reads } = prepared;
  const broken = [...prepared.broken];
  const refuseRow = (r: SourceRow, problems: readonly IngestProblem[]) => broken.push(refusal(ctx, r, problems));
  // A settlement is refused whole: every one of its lines kept with the reason.
  const refuse = (r: Read, problems: readonly IngestProblem[]) => {
    for (const l of r.settlement?.lines ?? [r]) refuseRow(l, problems);
  };
  const clients =
    ctx.recordType === 'clients'
      ? new Map<string, number>()
      : await clientIdsByExt(db, ctx.partnerId, [...new Set(reads.map((r) => String(r.row.clientExternalId)))]);
  const resolved: { read: Read; marketId: number | null; clientId: number }[] = [];
  for (const read of reads) {
    let clientId = 0;
    if (ctx.recordType !== 'clients') {
      const c = clients.get(String(read.row.clientExternalId));
      if (c === undefined) {
        refuse(read, [ingestProblem('clientExternalId', 'unknown_client', String(read.row.clientExternalId))]);
        continue;
      }
      clientId = c;
    }
    resolved.push({ read, marketId: read.marketId, clientId });
  }

  let written: { ext: string; id: number }[] = [];
  switch (ctx.recordType) {
    case 'contracts': {
      const stages = resolved.map(({ read, clientId }) => ({ ...read.contract!, clientId }));
      // The stored ones locked first, in id order, as settlements and pricing lock them (the upsert alone would
      // lock them in the file's order).
      await lockContractsByExt(
        db,
        ctx.partnerId,
        stages.map((s) => s.ext),
      );
      written = await upsertContracts(db, ctx.partnerId, stages);
      const byExtStage = new Map(stages.map((s) => [s.ext, s]));
      await replacePricingEvents(
        db,
        written.map((w) => ({ id: w.id, stage: byExtStage.get(w.ext)! })),
      );
      break;
    }
    case 'scale_tickets': {
      written = await writeTickets(db, ctx, resolved, refuse);
      break;
    }
    case 'clients': {
      const stages = resolved.map(({ read, marketId }) => clientStage(read.row, marketId));
      written = await upsertClients(db, ctx.partnerId, stages);
      // Markets and contacts of every client taken, not only those whose own columns changed: a file may change a
      // contact alone. Their writes compare first, so a re-sent file still writes nothing.
      const ids = await clientIdsByExt(
        db,
        ctx.partnerId,
        stages.map((s) => s.ext),
      );
      await upsertClientLinks(
        db,
        stages.map((s) => ({ id: ids.get(s.ext)!, stage: s })),
      );
      break;
    }
    case 'settlements': {
      written = await writeSettlements(
        db,
        ctx.partnerId,
        resolved.map(({ read, clientId }) => ({ read: read.settlement!, clientId })),
        refuseRow,
      );
      break;
    }
    case 'notes': {
      const stages = resolved.map(({ read, marketId, clientId }) => noteStage(read.row, marketId!, clientId));
      written = await upsertNotes(db, ctx.partnerId, stages);
      break;
    }
  }
  const lineOf = new Map(reads.map((r) => [r.ext, r.line]));
  await recordSources(
    db,
    ctx,
    written.map((w) => ({ ext: w.ext, id: w.id, line: lineOf.get(w.ext)! })),
  );
  broken.sort((a, b) => a.line - b.line);
  if (options.keepBroken !== false) await insertBroken(db, ctx.partnerId, ctx.syncId, ctx.recordType, broken);
  const brokenLines = new Set(broken.map((b) => b.line));
  const taken = reads.filter((r) => !brokenLines.has(r.line));
  // Rows of the file: a settlement counts its lines.
  const rowCount = (r: Read | undefined) => r?.settlement?.lines.length ?? 1;
  const byExt = new Map(reads.map((r) => [r.ext, r]));
  const writtenRows = written.reduce((n, w) => n + rowCount(byExt.get(w.ext)), 0);
  const takenRows = taken.reduce((n, r) => n + rowCount(r), 0);
  return { written: writtenRows, unchanged: takenRows - writtenRows, broken, taken: taken.map((r) => r.ext) };
}

/**
 * Scale tickets, under the locks Granary takes to apply tickets and to settle them: the batch's stored tickets
 * (id order), then every contract their applications reach before or after (id order). A ticket whose file row would
 * undo what a settlement holds (planApplications) is refused as `ticket_settled`; the others are upserted and their
 * applications written in place.
 */
async function writeTickets(
  db: Db,
  ctx: BatchContext,
  resolved: readonly { read: Read; marketId: number | null; clientId: number }[],
  refuse: (r: Read, problems: readonly IngestProblem[]) => void,
): Promise<{ ext: string; id: number }[]> {
  const contractIds = await contractIdsByExt(db, ctx.partnerId, [
    ...new Set(
      resolved.flatMap(({ read }) => (read.row.contractExternalId ? [String(read.row.contractExternalId)] : [])),
    ),
  ]);
  const stages: { read: Read; stage: TicketStage }[] = [];
  for (const { read, marketId, clientId } of resolved) {
    const ce = read.row.contractExternalId;
    const contractId = ce ? contractIds.get(String(ce)) : null;
    if (contractId === undefined) {
      refuse(read, [ingestProblem('contractExternalId', 'unknown_contract', String(ce))]);
      continue;
    }
    stages.push({ read, stage: ticketStage(read.row, marketId!, clientId, contractId) });
  }
  const ticketIds = await lockTicketsByExt(
    db,
    ctx.partnerId,
    stages.map((s) => s.stage.ext),
  );
  // Their applications' contracts cannot change while the tickets are locked (a settlement's split keeps the
  // contract), so these are all the contracts to lock; the applications are read again under those locks.
  const before = await applicationsOfTickets(db, [...ticketIds.values()]);
  await lockContractIds(db, ctx.partnerId, [
    ...new Set([
      ...before.map((a) => a.contractId),
      ...stages.flatMap((s) => (s.stage.contractId === null ? [] : [s.stage.contractId])),
    ]),
  ]);
  const stored = new Map<number, StoredApplication[]>();
  for (const a of await applicationsOfTickets(db, [...ticketIds.values()]))
    stored.set(a.ticketId, [...(stored.get(a.ticketId) ?? []), a]);
  const taken = new Map<string, { stage: TicketStage; plan: ApplicationPlanOk; contracts: number[] }>();
  for (const { read, stage } of stages) {
    const id = ticketIds.get(stage.ext);
    const apps = id === undefined ? [] : (stored.get(id) ?? []);
    const plan = planApplications(stage.ext, apps, stage.contractId, stage.applied);
    if (!plan.ok) {
      refuse(read, [ingestProblem(plan.field, 'ticket_settled', plan.detail)]);
      continue;
    }
    const contracts = [...apps.map((a) => a.contractId), ...(stage.contractId === null ? [] : [stage.contractId])];
    taken.set(stage.ext, { stage, plan, contracts });
  }
  const written = await upsertTickets(
    db,
    ctx.partnerId,
    [...taken.values()].map((t) => t.stage),
  );
  await writeApplications(
    db,
    written.map((w) => ({ id: w.id, ...taken.get(w.ext)! })),
  );
  return written;
}

const str = (v: IngestRow[string] | undefined) => (v === null || v === undefined ? null : String(v));

function contractStage(row: IngestRow, marketId: number, clientId: number): ContractStage {
  const quantity = String(row.quantity);
  const cancelled = str(row.cancelledQuantity) ?? '0';
  const futures = str(row.futuresPrice);
  const basis = str(row.basis);
  const cash = str(row.cashPrice);
  const open = toDecimal(quantity).minus(toDecimal(cancelled));
  const fixed = futures !== null || basis !== null || cash !== null;
  // The ERP's priced bushels at its prices, as one pricing event (the whole open quantity when it gives prices only).
  const eventQuantity = str(row.pricedQuantity) ?? (fixed && open.greaterThan(0) ? open.toString() : '0');
  const event =
    fixed && toDecimal(eventQuantity).greaterThan(0) ? { quantity: eventQuantity, futures, basis, cash } : null;
  const pricing = contractPricing(
    { quantity, cancelledQuantity: cancelled },
    event ? [{ quantity: event.quantity, futuresPrice: futures, basis, cashPrice: cash }] : [],
  );
  return {
    ext: String(row.externalId),
    marketId,
    clientId,
    contractType: String(row.contractType),
    direction: str(row.direction) ?? 'purchase',
    status: str(row.status) ?? 'open',
    cropId: Number(row.crop),
    cropYear: Number(row.cropYear),
    quantity,
    delivered: str(row.deliveredQuantity) ?? '0',
    cancelled,
    priced: pricing.pricedQuantity,
    optionMonth: str(row.optionMonth),
    futures: pricing.averageFutures ?? futures,
    basis: pricing.averageBasis ?? basis,
    cash: pricing.averageCash ?? cash,
    priceStatus: pricing.priceStatus,
    deliveryStart: String(row.deliveryStart),
    deliveryEnd: String(row.deliveryEnd),
    contractDate: String(row.contractDate),
    expiration: str(row.expiration),
    description: str(row.description),
    event,
  };
}

function ticketStage(row: IngestRow, marketId: number, clientId: number, contractId: number | null): TicketStage {
  const quantity = String(row.quantity);
  const applied = contractId !== null ? (str(row.appliedQuantity) ?? quantity) : '0';
  return {
    ext: String(row.externalId),
    marketId,
    clientId,
    cropId: Number(row.crop),
    cropYear: Number(row.cropYear),
    deliveryDate: String(row.deliveryDate),
    quantity,
    weight: str(row.weight),
    moisture: str(row.moisture),
    testWeight: str(row.testWeight),
    applied,
    unapplied: toDecimal(quantity).minus(toDecimal(applied)).toString(),
    contractId,
  };
}

function clientStage(row: IngestRow, marketId: number | null): ClientStage {
  return {
    ext: String(row.externalId),
    name: String(row.name),
    scopeId: row.scopeId === null || row.scopeId === undefined ? 0 : Number(row.scopeId),
    phoneNumber: str(row.phoneNumber),
    emailAddress: str(row.emailAddress),
    city: str(row.city),
    state: str(row.state),
    marketId,
    contact: row.contactName
      ? {
          extId: str(row.contactExternalId),
          name: String(row.contactName),
          phoneNumber: str(row.contactPhone),
          emailAddress: str(row.contactEmail),
        }
      : null,
  };
}

function noteStage(row: IngestRow, marketId: number, clientId: number): NoteStage {
  return {
    ext: String(row.externalId),
    marketId,
    clientId,
    category: String(row.category),
    noteDate: String(row.noteDate),
    note: String(row.note),
  };
}
