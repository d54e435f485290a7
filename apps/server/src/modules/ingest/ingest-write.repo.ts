// The set-based writes of one ingest batch (docs/decisions/046): each record type's rows go in as one array per
// column (unnest: the staging of the batch, on PGlite as on PostgreSQL), and ONE upsert per table writes them —
// insert the new, update those whose values differ (IS DISTINCT FROM), leave the same untouched — answering the ids
// it wrote. Exposure (client_crop_year_exposure) follows by the contracts' statement triggers (migration 0007).

import { sql, type SQL } from 'drizzle-orm';
import { decimalString, toDecimal, type IngestRecordType } from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';

type Cell = string | number | null | undefined;

/** One Postgres array parameter of a column: '{"a",NULL,"b"}'::text[] (every value quoted, NULL for none). */
export function col(values: readonly Cell[], type: 'text' | 'int' | 'bigint' | 'numeric' | 'date'): SQL {
  const body = values
    .map((v) => (v === null || v === undefined ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`))
    .join(',');
  return sql`${`{${body}}`}::${sql.raw(type)}[]`;
}

export const pick = <T, K extends keyof T>(rows: readonly T[], key: K) => rows.map((r) => r[key] as Cell);

/** An external id → record id map of the partner's records of a kind, for the ids given. */
type IdRow = { ext: string; id: number | string };
const idMap = (rows: IdRow[]) => new Map(rows.map((r) => [r.ext, Number(r.id)]));

/** The partner's clients by their ERP customer id (the lowest id when legacy rows share one). */
export async function clientIdsByExt(db: Db, partnerId: string, exts: readonly string[]): Promise<Map<string, number>> {
  if (exts.length === 0) return new Map();
  const result = await db.execute(sql`select ext_client_id as "ext", min(id) as "id" from legal_entities
    where partner_id = ${partnerId} and kind = 'client' and ext_client_id = any(${col(exts, 'text')})
    group by ext_client_id`);
  return idMap(rowsOf<IdRow>(result));
}

/**
 * The partner's records of a table by their display id (contracts, tickets, settlements), for the ids given; locked
 * until the transaction ends in id order when `lock` says how.
 */
async function idsByDisplay(
  db: Db,
  table: 'contracts' | 'scale_tickets' | 'settlements',
  partnerId: string,
  exts: readonly string[],
  lock?: 'update' | 'no key update',
): Promise<Map<string, number>> {
  if (exts.length === 0) return new Map();
  const column = {
    contracts: 'display_contract_id',
    scale_tickets: 'display_scale_ticket_id',
    settlements: 'display_settlement_id',
  }[table];
  const result = await db.execute(sql`select ${sql.identifier(column)} as "ext", id from ${sql.identifier(table)}
    where partner_id = ${partnerId} and ${sql.identifier(column)} = any(${col(exts, 'text')})
    ${lock ? sql.raw(`order by id for ${lock}`) : sql``}`);
  return idMap(rowsOf<IdRow>(result));
}

export const contractIdsByExt = (db: Db, partnerId: string, exts: readonly string[]) =>
  idsByDisplay(db, 'contracts', partnerId, exts);

/** Records of a type an earlier sync took, by external id (notes: their only key). */
async function sourcedIds(
  db: Db,
  partnerId: string,
  recordType: IngestRecordType,
  exts: readonly string[],
): Promise<Map<string, number>> {
  if (exts.length === 0) return new Map();
  const result = await db.execute(sql`select external_id as "ext", record_id as "id" from ingest_sources
    where partner_id = ${partnerId} and record_type = ${recordType} and external_id = any(${col(exts, 'text')})`);
  return idMap(rowsOf<IdRow>(result));
}

async function nextIds(db: Db, sequence: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const result = await db.execute(
    sql`select nextval(${sequence}::regclass) as "id" from generate_series(1, ${n}) order by 1`,
  );
  return rowsOf<{ id: string | number }>(result).map((r) => Number(r.id));
}

/** The record an external id names now (the fix of a broken record answers it even when nothing changed). */
export async function recordIdByExt(
  db: Db,
  partnerId: string,
  recordType: IngestRecordType,
  ext: string,
): Promise<number | null> {
  const lookups: Record<IngestRecordType, () => Promise<Map<string, number>>> = {
    clients: () => clientIdsByExt(db, partnerId, [ext]),
    contracts: () => contractIdsByExt(db, partnerId, [ext]),
    scale_tickets: () => idsByDisplay(db, 'scale_tickets', partnerId, [ext]),
    notes: () => sourcedIds(db, partnerId, 'notes', [ext]),
    settlements: () => idsByDisplay(db, 'settlements', partnerId, [ext]),
  };
  return (await lookups[recordType]()).get(ext) ?? null;
}

/** Whether a record of the type is the partner's. */
export async function recordOfPartner(
  db: Db,
  partnerId: string,
  recordType: IngestRecordType,
  id: number,
): Promise<boolean> {
  const table = {
    clients: 'legal_entities',
    contracts: 'contracts',
    scale_tickets: 'scale_tickets',
    notes: 'notes',
    settlements: 'settlements',
  }[recordType];
  const kind = recordType === 'clients' ? sql` and kind = 'client'` : sql``;
  const result = await db.execute(
    sql`select 1 as "one" from ${sql.identifier(table)} where id = ${id} and partner_id = ${partnerId}${kind}`,
  );
  return rowsOf(result).length > 0;
}

/**
 * A batch's commit does not wait for the disk (synchronous_commit off, this transaction only): a crash may lose the
 * last batches committed, whole (never half), and the job taken again writes them again — the sync's progress row is
 * in the same transaction, so what it says stays true.
 */
export async function relaxCommit(db: Db): Promise<void> {
  await db.execute(sql`set local synchronous_commit = off`);
}

/** Serialises the batches of one partner and record type (two syncs at once take turns per batch). */
export async function lockBatch(db: Db, partnerId: string, recordType: IngestRecordType): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`ingest:${partnerId}:${recordType}`}))`);
}

/** Where the written records came from: sync and line, one upsert. */
export async function recordSources(
  db: Db,
  s: { partnerId: string; recordType: IngestRecordType; syncId: number },
  rows: readonly { ext: string; id: number; line: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`insert into ingest_sources (partner_id, record_type, external_id, record_id, sync_id, line)
    select ${s.partnerId}, ${s.recordType}, e, r, ${s.syncId}, l
    from unnest(${col(pick(rows, 'ext'), 'text')}, ${col(pick(rows, 'id'), 'bigint')}, ${col(pick(rows, 'line'), 'int')}) as s(e, r, l)
    on conflict (partner_id, record_type, external_id) do update set record_id = excluded.record_id,
      sync_id = excluded.sync_id, line = excluded.line, ingested_at = now()`);
}

// ---------------------------------------------------------------------------------------------------
// Contracts

export type ContractStage = {
  ext: string;
  marketId: number;
  clientId: number;
  contractType: string;
  direction: string;
  status: string;
  cropId: number;
  cropYear: number;
  quantity: string;
  delivered: string;
  cancelled: string;
  priced: string;
  optionMonth: string | null;
  futures: string | null;
  basis: string | null;
  cash: string | null;
  priceStatus: string;
  deliveryStart: string;
  deliveryEnd: string;
  contractDate: string;
  expiration: string | null;
  description: string | null;
  /** The ERP's pricing as one event (none when nothing is fixed). */
  event: { quantity: string; futures: string | null; basis: string | null; cash: string | null } | null;
};

const CONTRACT_COLUMNS = [
  'market_id',
  'client_id',
  'contract_type',
  'direction',
  'status',
  'crop_id',
  'crop_year',
  'quantity',
  'delivered_quantity',
  'cancelled_quantity',
  'priced_quantity',
  'option_month',
  'futures_price',
  'basis',
  'cash_price',
  'price_status',
  'delivery_start',
  'delivery_end',
  'contract_date',
  'expiration',
  'description',
] as const;

const list = (cols: readonly string[], prefix = '') => sql.raw(cols.map((c) => `${prefix}${c}`).join(', '));

/** Upserts a batch of contracts (unique external ids); answers the ids of those inserted or changed. */
export async function upsertContracts(
  db: Db,
  partnerId: string,
  rows: readonly ContractStage[],
): Promise<{ ext: string; id: number }[]> {
  if (rows.length === 0) return [];
  const result = await db.execute(sql`
    insert into contracts as c (partner_id, display_contract_id, ${list(CONTRACT_COLUMNS)})
    select ${partnerId}, s.* from unnest(
      ${col(pick(rows, 'ext'), 'text')}, ${col(pick(rows, 'marketId'), 'int')}, ${col(pick(rows, 'clientId'), 'bigint')},
      ${col(pick(rows, 'contractType'), 'text')}, ${col(pick(rows, 'direction'), 'text')}, ${col(pick(rows, 'status'), 'text')},
      ${col(pick(rows, 'cropId'), 'int')}, ${col(pick(rows, 'cropYear'), 'int')}, ${col(pick(rows, 'quantity'), 'numeric')},
      ${col(pick(rows, 'delivered'), 'numeric')}, ${col(pick(rows, 'cancelled'), 'numeric')}, ${col(pick(rows, 'priced'), 'numeric')},
      ${col(pick(rows, 'optionMonth'), 'text')}, ${col(pick(rows, 'futures'), 'numeric')}, ${col(pick(rows, 'basis'), 'numeric')},
      ${col(pick(rows, 'cash'), 'numeric')}, ${col(pick(rows, 'priceStatus'), 'text')}, ${col(pick(rows, 'deliveryStart'), 'date')},
      ${col(pick(rows, 'deliveryEnd'), 'date')}, ${col(pick(rows, 'contractDate'), 'date')}, ${col(pick(rows, 'expiration'), 'date')},
      ${col(pick(rows, 'description'), 'text')}
    ) as s
    on conflict (partner_id, display_contract_id) do update set
      ${sql.raw(CONTRACT_COLUMNS.map((k) => `${k} = excluded.${k}`).join(', '))},
      version = c.version + 1, updated_at = now()
    where (${list(CONTRACT_COLUMNS, 'c.')}) is distinct from (${list(CONTRACT_COLUMNS, 'excluded.')})
    returning c.id as "id", c.display_contract_id as "ext"`);
  return rowsOf<IdRow>(result).map((r) => ({ ext: r.ext, id: Number(r.id) }));
}

/** The written contracts' pricing events become the ERP's: the old ones go, the file's one comes. */
export async function replacePricingEvents(
  db: Db,
  written: readonly { id: number; stage: ContractStage }[],
): Promise<void> {
  if (written.length === 0) return;
  await db.execute(sql`delete from pricing_events where contract_id = any(${col(pick(written, 'id'), 'bigint')})`);
  const events = written.flatMap(({ id, stage }) =>
    stage.event ? [{ id, date: stage.contractDate, ...stage.event }] : [],
  );
  if (events.length === 0) return;
  await db.execute(sql`insert into pricing_events (contract_id, quantity, futures_price, basis, cash_price, priced_at)
    select * from unnest(${col(pick(events, 'id'), 'bigint')}, ${col(pick(events, 'quantity'), 'numeric')},
      ${col(pick(events, 'futures'), 'numeric')}, ${col(pick(events, 'basis'), 'numeric')},
      ${col(pick(events, 'cash'), 'numeric')}, ${col(pick(events, 'date'), 'date')}::timestamptz[])`);
}

// ---------------------------------------------------------------------------------------------------
// Scale tickets

export type TicketStage = {
  ext: string;
  marketId: number;
  clientId: number;
  cropId: number;
  cropYear: number;
  deliveryDate: string;
  quantity: string;
  weight: string | null;
  moisture: string | null;
  testWeight: string | null;
  applied: string;
  unapplied: string;
  /** The contract the ticket is applied to (its bushels: applied), or none. */
  contractId: number | null;
};

const TICKET_COLUMNS = [
  'market_id',
  'client_id',
  'crop_id',
  'crop_year',
  'delivery_date',
  'quantity',
  'weight',
  'moisture',
  'test_weight',
  'applied_quantity',
  'unapplied_quantity',
] as const;

export async function upsertTickets(
  db: Db,
  partnerId: string,
  rows: readonly TicketStage[],
): Promise<{ ext: string; id: number }[]> {
  if (rows.length === 0) return [];
  const result = await db.execute(sql`
    insert into scale_tickets as t (partner_id, source, display_scale_ticket_id, ${list(TICKET_COLUMNS)})
    select ${partnerId}, 'import', s.* from unnest(
      ${col(pick(rows, 'ext'), 'text')}, ${col(pick(rows, 'marketId'), 'int')}, ${col(pick(rows, 'clientId'), 'bigint')},
      ${col(pick(rows, 'cropId'), 'int')}, ${col(pick(rows, 'cropYear'), 'int')}, ${col(pick(rows, 'deliveryDate'), 'date')},
      ${col(pick(rows, 'quantity'), 'numeric')}, ${col(pick(rows, 'weight'), 'numeric')}, ${col(pick(rows, 'moisture'), 'numeric')},
      ${col(pick(rows, 'testWeight'), 'numeric')}, ${col(pick(rows, 'applied'), 'numeric')}, ${col(pick(rows, 'unapplied'), 'numeric')}
    ) as s
    on conflict (partner_id, display_scale_ticket_id) do update set
      ${sql.raw(TICKET_COLUMNS.map((k) => `${k} = excluded.${k}`).join(', '))}, version = t.version + 1
    where (${list(TICKET_COLUMNS, 't.')}) is distinct from (${list(TICKET_COLUMNS, 'excluded.')})
    returning t.id as "id", t.display_scale_ticket_id as "ext"`);
  return rowsOf<IdRow>(result).map((r) => ({ ext: r.ext, id: Number(r.id) }));
}

/**
 * The partner's tickets of these numbers that exist, locked until the transaction ends (FOR NO KEY UPDATE, in id
 * order: applying tickets in Granary locks them in the same order, before their contracts; NO KEY, so a settlement
 * line referencing a ticket, KEY SHARE, does not wait for the import).
 */
export const lockTicketsByExt = (db: Db, partnerId: string, exts: readonly string[]) =>
  idsByDisplay(db, 'scale_tickets', partnerId, exts, 'no key update');

/**
 * Contracts locked until the transaction ends (FOR UPDATE, in id order), as a settlement (settlements.repo
 * lockContracts) and a pricing operation (contract-record.repo lockContract) lock them: an import waits for one in
 * progress on the same contract and the other way round, and the common order keeps them from deadlocking.
 */
export async function lockContractIds(db: Db, partnerId: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`select id from contracts where partner_id = ${partnerId} and id = any(${col(ids, 'bigint')})
    order by id for update`);
}

/** The partner's contracts of these numbers that exist, locked as lockContractIds locks them. */
export const lockContractsByExt = (db: Db, partnerId: string, exts: readonly string[]) =>
  idsByDisplay(db, 'contracts', partnerId, exts, 'update');

/** A ticket's application as stored, with the settlement whose line holds it (none: it may change or go). */
export type StoredApplication = {
  id: number;
  ticketId: number;
  contractId: number;
  displayContractId: string;
  quantity: string;
  settledBy: string | null;
};

export async function applicationsOfTickets(db: Db, ticketIds: readonly number[]): Promise<StoredApplication[]> {
  if (ticketIds.length === 0) return [];
  const result = await db.execute(sql`select a.id, a.scale_ticket_id as "ticketId", a.contract_id as "contractId",
      c.display_contract_id as "displayContractId", a.quantity::text as "quantity",
      (select s.display_settlement_id from settlement_lines l join settlements s on s.id = l.settlement_id
        where l.ticket_application_id = a.id order by s.id limit 1) as "settledBy"
    from ticket_applications a join contracts c on c.id = a.contract_id
    where a.scale_ticket_id = any(${col(ticketIds, 'bigint')}) order by a.id`);
  return rowsOf<StoredApplication & { id: string | number; ticketId: string | number; contractId: string | number }>(
    result,
  ).map((r) => ({ ...r, id: Number(r.id), ticketId: Number(r.ticketId), contractId: Number(r.contractId) }));
}

/** What a ticket's file row does to its stored applications: the writes, or why a settlement forbids them. */
export type ApplicationPlanOk = {
  ok: true;
  /** Unsettled applications that go. */
  remove: number[];
  /** The unsettled application of the file's contract that takes the bushels not settled, when they differ. */
  update: { id: number; quantity: string } | null;
  insert: { contractId: number; quantity: string } | null;
};
type ApplicationPlan = ApplicationPlanOk | { ok: false; field: string; detail: string };

/**
 * The file's application of a ticket (its contract, its applied bushels) against the stored ones. Settled
 * applications stay as they are: the file may not move them to another contract nor apply fewer bushels than they
 * hold (`ticket_settled`). The bushels past the settled ones live on one unsettled application of the contract,
 * updated in place (its id stays, as Granary's own partial settlement leaves it), the other unsettled ones go.
 */
export function planApplications(
  ticket: string,
  stored: readonly StoredApplication[],
  contractId: number | null,
  applied: string,
): ApplicationPlan {
  const settled = stored.filter((a) => a.settledBy !== null);
  const moved = settled.find((a) => a.contractId !== contractId);
  if (moved)
    return {
      ok: false,
      field: 'contractExternalId',
      detail: `ticket ${ticket} is settled on contract ${moved.displayContractId} by ${moved.settledBy}`,
    };
  const settledBushels = settled.reduce((t, a) => t.plus(toDecimal(a.quantity)), toDecimal(0));
  const rest = toDecimal(applied).minus(settledBushels);
  if (rest.isNegative())
    return {
      ok: false,
      field: 'appliedQuantity',
      detail: `${decimalString(settledBushels)} bu of ticket ${ticket} are settled by ${settled[0]!.settledBy}, the file applies ${applied}`,
    };
  const open = stored.filter((a) => a.settledBy === null);
  const keep = contractId !== null && rest.greaterThan(0) ? open.find((a) => a.contractId === contractId) : undefined;
  return {
    ok: true,
    remove: open.filter((a) => a !== keep).map((a) => a.id),
    update: keep && !toDecimal(keep.quantity).equals(rest) ? { id: keep.id, quantity: rest.toString() } : null,
    insert: contractId !== null && rest.greaterThan(0) && !keep ? { contractId, quantity: rest.toString() } : null,
  };
}

/**
 * The written tickets' applications become the file's, in place (planApplications: settled ones are never deleted),
 * and every contract they touched (before or now) gets its delivered bushels and last ticket day from its
 * applications again, as applying a ticket in Granary does. The caller holds the tickets' and contracts' locks.
 */
export async function writeApplications(
  db: Db,
  written: readonly { id: number; plan: ApplicationPlanOk; contracts: readonly number[] }[],
): Promise<void> {
  if (written.length === 0) return;
  const remove = written.flatMap((w) => w.plan.remove);
  const updates = written.flatMap((w) => (w.plan.update ? [w.plan.update] : []));
  const inserts = written.flatMap((w) => (w.plan.insert ? [{ ticketId: w.id, ...w.plan.insert }] : []));
  if (remove.length > 0)
    await db.execute(sql`delete from ticket_applications a where a.id = any(${col(remove, 'bigint')})
      and not exists (select 1 from settlement_lines l where l.ticket_application_id = a.id)`);
  if (updates.length > 0)
    await db.execute(sql`update ticket_applications a set quantity = s.q
      from unnest(${col(pick(updates, 'id'), 'bigint')}, ${col(pick(updates, 'quantity'), 'numeric')}) as s(id, q)
      where a.id = s.id`);
  if (inserts.length > 0)
    await db.execute(sql`insert into ticket_applications (scale_ticket_id, contract_id, quantity, split_pct)
      select i, c, q, 0 from unnest(${col(pick(inserts, 'ticketId'), 'bigint')}, ${col(pick(inserts, 'contractId'), 'bigint')},
        ${col(pick(inserts, 'quantity'), 'numeric')}) as s(i, c, q)`);
  // Each application's share of its ticket, for the tickets written (their quantity may have changed too).
  await db.execute(sql`update ticket_applications a set split_pct = s.pct
    from (select a2.id, case when t.quantity > 0 then least(100, round(a2.quantity / t.quantity * 100, 2)) else 0 end as pct
          from ticket_applications a2 join scale_tickets t on t.id = a2.scale_ticket_id
          where t.id = any(${col(pick(written, 'id'), 'bigint')})) s
    where a.id = s.id and a.split_pct is distinct from s.pct`);
  const touched = [...new Set(written.flatMap((w) => w.contracts))];
  if (touched.length === 0) return;
  await db.execute(sql`update contracts c set delivered_quantity = coalesce(d.delivered, 0), last_ticket_date = d.last_day,
      version = c.version + 1, updated_at = now()
    from (select k.id, sum(a.quantity) as delivered, max(t.delivery_date) as last_day
          from unnest(${col(touched, 'bigint')}) as k(id)
          left join ticket_applications a on a.contract_id = k.id
          left join scale_tickets t on t.id = a.scale_ticket_id
          group by k.id) d
    where c.id = d.id and (c.delivered_quantity, c.last_ticket_date) is distinct from (coalesce(d.delivered, 0), d.last_day)`);
}

// ---------------------------------------------------------------------------------------------------
// Clients

export type ClientStage = {
  ext: string;
  name: string;
  scopeId: number;
  phoneNumber: string | null;
  emailAddress: string | null;
  city: string | null;
  state: string | null;
  marketId: number | null;
  /** The file's contact: matched by the ERP's contact id when it sends one, else by name. */
  contact: { extId: string | null; name: string; phoneNumber: string | null; emailAddress: string | null } | null;
};

const CLIENT_COLUMNS = [
  'name',
  'scope_legal_entity_id',
  'phone_number',
  'email_address',
  'city',
  'administrative_area_level_1',
] as const;

const clientArrays = (rows: readonly ClientStage[]) =>
  sql`${col(pick(rows, 'name'), 'text')}, ${col(pick(rows, 'scopeId'), 'bigint')}, ${col(pick(rows, 'phoneNumber'), 'text')},
    ${col(pick(rows, 'emailAddress'), 'text')}, ${col(pick(rows, 'city'), 'text')}, ${col(pick(rows, 'state'), 'text')}`;

/** Updates the clients known by their customer id, inserts the others; answers the ids written. */
export async function upsertClients(
  db: Db,
  partnerId: string,
  rows: readonly ClientStage[],
): Promise<{ ext: string; id: number }[]> {
  if (rows.length === 0) return [];
  const known = await clientIdsByExt(
    db,
    partnerId,
    rows.map((r) => r.ext),
  );
  const existing = rows.filter((r) => known.has(r.ext));
  const fresh = rows.filter((r) => !known.has(r.ext));
  const out: { ext: string; id: number }[] = [];
  if (existing.length > 0) {
    const result = await db.execute(sql`update legal_entities le set
        ${sql.raw(CLIENT_COLUMNS.map((k) => `${k} = s.${k}`).join(', '))}, version = le.version + 1, updated_at = now()
      from unnest(${col(
        existing.map((r) => known.get(r.ext)!),
        'bigint',
      )}, ${clientArrays(existing)})
        as s(id, ${list(CLIENT_COLUMNS)})
      where le.id = s.id and (${list(CLIENT_COLUMNS, 'le.')}) is distinct from (${list(CLIENT_COLUMNS, 's.')})
      returning le.id as "id", le.ext_client_id as "ext"`);
    out.push(...rowsOf<IdRow>(result).map((r) => ({ ext: r.ext, id: Number(r.id) })));
  }
  if (fresh.length > 0) {
    const ids = await nextIds(db, 'legal_entities_id_seq', fresh.length);
    await db.execute(sql`insert into legal_entities (id, partner_id, kind, ext_client_id, ${list(CLIENT_COLUMNS)})
      select s.id, ${partnerId}, 'client', s.ext, ${list(CLIENT_COLUMNS, 's.')}
      from unnest(${col(ids, 'bigint')}, ${col(pick(fresh, 'ext'), 'text')}, ${clientArrays(fresh)})
        as s(id, ext, ${list(CLIENT_COLUMNS)})`);
    fresh.forEach((r, i) => out.push({ ext: r.ext, id: ids[i]! }));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Notes

export type NoteStage = {
  ext: string;
  marketId: number;
  clientId: number;
  category: string;
  noteDate: string;
  note: string;
};

const NOTE_COLUMNS = ['market_id', 'client_id', 'category', 'note_date', 'note'] as const;

const noteArrays = (rows: readonly NoteStage[]) =>
  sql`${col(pick(rows, 'marketId'), 'int')}, ${col(pick(rows, 'clientId'), 'bigint')}, ${col(pick(rows, 'category'), 'text')},
    ${col(pick(rows, 'noteDate'), 'date')}, ${col(pick(rows, 'note'), 'text')}`;

/** Notes have no id column of their own: an earlier sync's note (ingest_sources) is updated, else one is added. */
export async function upsertNotes(
  db: Db,
  partnerId: string,
  rows: readonly NoteStage[],
): Promise<{ ext: string; id: number }[]> {
  if (rows.length === 0) return [];
  const known = await sourcedIds(
    db,
    partnerId,
    'notes',
    rows.map((r) => r.ext),
  );
  const existing = rows.filter((r) => known.has(r.ext));
  const fresh = rows.filter((r) => !known.has(r.ext));
  const out: { ext: string; id: number }[] = [];
  if (existing.length > 0) {
    const exts = new Map([...known].map(([e, id]) => [id, e]));
    const result = await db.execute(sql`update notes n set
        ${sql.raw(NOTE_COLUMNS.map((k) => `${k} = s.${k}`).join(', '))}, deleted_at = null, version = n.version + 1, updated_at = now()
      from unnest(${col(
        existing.map((r) => known.get(r.ext)!),
        'bigint',
      )}, ${noteArrays(existing)}) as s(id, ${list(NOTE_COLUMNS)})
      where n.id = s.id and n.partner_id = ${partnerId}
        and ((${list(NOTE_COLUMNS, 'n.')}) is distinct from (${list(NOTE_COLUMNS, 's.')}) or n.deleted_at is not null)
      returning n.id as "id"`);
    out.push(
      ...rowsOf<{ id: string | number }>(result).map((r) => ({ ext: exts.get(Number(r.id))!, id: Number(r.id) })),
    );
  }
  if (fresh.length > 0) {
    const ids = await nextIds(db, 'notes_id_seq', fresh.length);
    await db.execute(sql`insert into notes (id, partner_id, ${list(NOTE_COLUMNS)})
      select s.id, ${partnerId}, ${list(NOTE_COLUMNS, 's.')}
      from unnest(${col(ids, 'bigint')}, ${noteArrays(fresh)}) as s(id, ${list(NOTE_COLUMNS)})`);
    fresh.forEach((r, i) => out.push({ ext: r.ext, id: ids[i]! }));
  }
  return out;
}
