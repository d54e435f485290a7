// Settlements as an ingest record type (issue 15, decision 046). The settlements of one batch: each
// line's ticket application found by (ticket number, contract number), the settlement upserted on (partner,
// display_settlement_id), its lines and farmer payee replaced when it changed, the contracts' settled bushels moved by
// the difference. A settlement whose columns and lines are the same as stored writes nothing (idempotence).

import { sql } from 'drizzle-orm';
import { toDecimal } from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import { col, pick } from './ingest-write.repo.ts';

type ResolvedApplication = {
  applicationId: number;
  contractId: number;
  scaleTicketId: number;
  marketId: number;
  clientId: number;
  /** The settlement (display id) that settles it now, not voided; null when none. */
  settledBy: string | null;
};

/** The ticket applications of (ticket number, contract number) pairs of a partner, with who settles them now. */
export async function applicationsByRef(
  db: Db,
  partnerId: string,
  refs: readonly { ticketExt: string; contractExt: string }[],
): Promise<Map<string, ResolvedApplication>> {
  const out = new Map<string, ResolvedApplication>();
  if (refs.length === 0) return out;
  const res = await db.execute(sql`select r.t as "ticketExt", r.c as "contractExt", a.id as "applicationId",
      a.contract_id as "contractId", a.scale_ticket_id as "scaleTicketId", c.market_id as "marketId",
      c.client_id as "clientId", s.display_settlement_id as "settledBy"
    from unnest(${col(pick(refs, 'ticketExt'), 'text')}, ${col(pick(refs, 'contractExt'), 'text')}) as r(t, c)
    join scale_tickets t on t.partner_id = ${partnerId} and t.display_scale_ticket_id = r.t
    join contracts c on c.partner_id = ${partnerId} and c.display_contract_id = r.c
    join ticket_applications a on a.scale_ticket_id = t.id and a.contract_id = c.id
    left join settlement_lines l on l.ticket_application_id = a.id and not l.voided
    left join settlements s on s.id = l.settlement_id`);
  for (const r of rowsOf<Record<string, string | number | null>>(res))
    out.set(`${r.ticketExt}\u0000${r.contractExt}`, {
      applicationId: Number(r.applicationId),
      contractId: Number(r.contractId),
      scaleTicketId: Number(r.scaleTicketId),
      marketId: Number(r.marketId),
      clientId: Number(r.clientId),
      settledBy: r.settledBy === null ? null : String(r.settledBy),
    });
  return out;
}

/**
 * Locks what a batch of settlements may write, in the order Granary's own writers take them: the stored settlements
 * of these numbers (id order; voiding one locks it before its contracts), then every contract their stored lines and
 * the file's lines reach (id order, as settlements.repo lockContracts does). Granary's settlement of the same bushels
 * then waits for the batch, or the batch for it, and reads what the other committed.
 */
export async function lockSettlementsAndContracts(
  db: Db,
  partnerId: string,
  settlementExts: readonly string[],
  contractExts: readonly string[],
): Promise<void> {
  if (settlementExts.length === 0) return;
  await db.execute(sql`select id from settlements where partner_id = ${partnerId}
    and display_settlement_id = any(${col(settlementExts, 'text')}) order by id for update`);
  await db.execute(sql`select id from contracts where partner_id = ${partnerId}
    and (display_contract_id = any(${col(contractExts, 'text')}) or id in (select l.contract_id from settlement_lines l
      join settlements s on s.id = l.settlement_id
      where s.partner_id = ${partnerId} and s.display_settlement_id = any(${col(settlementExts, 'text')})))
    order by id for update`);
}

type LineRow = {
  applicationId: number;
  contractId: number;
  scaleTicketId: number;
  bushels: string;
  price: string;
  amount: string;
  discounts: string;
  checkoff: string;
  net: string;
};

/**
 * Upserts one settlement and, when it changed, replaces its lines and farmer payee and moves the contracts' settled
 * bushels by the difference. Returns its id when something was written, null when nothing changed, 'locked' when
 * the stored settlement is not the files' to change (written or voided in Granary, or in a payment request).
 * OPEN: the ERP's "deductions" are kept in the lines' checkoff column (Granary's line has drying, discounts, storage
 * and checkoff; the ERP gives one deductions figure) — to be decided (decision 044 addendum).
 */
export async function upsertSettlement(
  db: Db,
  partnerId: string,
  s: { ext: string; marketId: number; clientId: number; date: string; status: 'final' | 'paid' },
  totals: { gross: string; deductions: string; net: string; bushels: string },
  lines: readonly LineRow[],
): Promise<number | null | 'locked'> {
  const existing = rowsOf<{ id: string | number; fingerprint: string | null; locked: boolean }>(
    await db.execute(sql`select s.id, (s.created_by is not null or s.status = 'void' or exists (select 1
        from payment_request_settlements p where p.settlement_id = s.id)) as locked, (select string_agg(concat_ws('|', l.ticket_application_id, l.bushels::numeric,
        l.price::numeric, l.amount::numeric, l.discounts::numeric, l.checkoff::numeric, l.net::numeric), ';'
        order by l.ticket_application_id) from settlement_lines l where l.settlement_id = s.id and not l.voided)
        || '#' || concat_ws('|', s.market_id, s.client_id, s.settlement_date, s.status, s.gross::numeric,
        s.deductions_total::numeric, s.net::numeric) as fingerprint
      from settlements s where s.partner_id = ${partnerId} and s.display_settlement_id = ${s.ext} for update`),
  )[0];
  const wanted =
    [...lines]
      .sort((a, b) => a.applicationId - b.applicationId)
      .map((l) => [l.applicationId, l.bushels, l.price, l.amount, l.discounts, l.checkoff, l.net].map(canon).join('|'))
      .join(';') +
    '#' +
    [s.marketId, s.clientId, s.date, s.status, totals.gross, totals.deductions, totals.net].map(canon).join('|');
  if (existing && canonFingerprint(existing.fingerprint) === wanted) return null;
  if (existing?.locked) return 'locked';

  let id: number;
  if (existing) {
    id = Number(existing.id);
    const old = await db.execute(sql`delete from settlement_lines where settlement_id = ${id} and not voided
      returning contract_id as "contractId", bushels`);
    for (const r of rowsOf<{ contractId: string | number; bushels: string }>(old))
      await addSettled(db, Number(r.contractId), `-${r.bushels}`);
    await db.execute(sql`delete from settlement_payees where settlement_id = ${id}`);
    await db.execute(sql`delete from settlement_deductions where settlement_id = ${id}`);
    await db.execute(sql`update settlements set market_id = ${s.marketId}, client_id = ${s.clientId},
        settlement_date = ${s.date}, status = ${s.status}, gross = ${totals.gross}, deductions_total = ${totals.deductions},
        net = ${totals.net}, bushels = ${totals.bushels}, version = version + 1, updated_at = now(),
        finalized_at = coalesce(finalized_at, now())
      where id = ${id}`);
  } else {
    const r = await db.execute(sql`insert into settlements (partner_id, market_id, client_id, display_settlement_id,
        status, settlement_date, gross, deductions_total, net, bushels, finalized_at)
      values (${partnerId}, ${s.marketId}, ${s.clientId}, ${s.ext}, ${s.status}, ${s.date}, ${totals.gross},
        ${totals.deductions}, ${totals.net}, ${totals.bushels}, now()) returning id`);
    id = Number(rowsOf<{ id: string | number }>(r)[0]!.id);
  }
  await db.execute(sql`insert into settlement_lines (settlement_id, ticket_application_id, contract_id, scale_ticket_id,
      bushels, price, amount, discounts, checkoff, net)
    select ${id}, * from unnest(${col(pick(lines, 'applicationId'), 'bigint')}, ${col(pick(lines, 'contractId'), 'bigint')},
      ${col(pick(lines, 'scaleTicketId'), 'bigint')}, ${col(pick(lines, 'bushels'), 'numeric')},
      ${col(pick(lines, 'price'), 'numeric')}, ${col(pick(lines, 'amount'), 'numeric')},
      ${col(pick(lines, 'discounts'), 'numeric')}, ${col(pick(lines, 'checkoff'), 'numeric')},
      ${col(pick(lines, 'net'), 'numeric')})`);
  for (const l of lines) await addSettled(db, l.contractId, l.bushels);
  // The settlement's deductions as Granary lists them: the ERP's discounts, and its other deductions as one row.
  await db.execute(sql`insert into settlement_deductions (settlement_id, kind, description, amount)
    select ${id}, k, d, a from (values ('discounts', 'Discounts', ${sumOf(lines, 'discounts')}::numeric),
      ('checkoff', 'Deductions', ${sumOf(lines, 'checkoff')}::numeric)) as v(k, d, a) where a <> 0`);
  // OPEN: payee name (the client's name) and paid settlements' payment rows (payments module, decision 045).
  await db.execute(sql`insert into settlement_payees (settlement_id, payee_name, kind, client_id, amount)
    select ${id}, le.name, 'farmer', le.id, ${totals.net} from legal_entities le where le.id = ${s.clientId}`);
  return id;
}

function sumOf(lines: readonly LineRow[], key: 'discounts' | 'checkoff'): string {
  return lines.reduce((t, l) => t.plus(toDecimal(l[key])), toDecimal('0')).toFixed(2);
}

async function addSettled(db: Db, contractId: number, bushels: string): Promise<void> {
  await db.execute(sql`update contracts set settled_quantity = greatest(settled_quantity + ${bushels}::numeric, 0),
      version = version + 1, updated_at = now() where id = ${contractId}`);
}

/** A decimal or id as the fingerprint compares it: trailing zeros dropped. */
function canon(v: string | number): string {
  const t = String(v);
  return /^-?\d+\.\d*$/.test(t) ? t.replace(/\.?0+$/, '') : t;
}

function canonFingerprint(f: string | null): string {
  return (f ?? '')
    .split(/([|;#])/)
    .map((p) => (/^[|;#]$/.test(p) ? p : canon(p)))
    .join('');
}

/** The open broken rows of a sync's settlement (its other lines, kept broken with it), by line. */
export async function openSettlementLines(
  db: Db,
  partnerId: string,
  syncId: number,
  header: string,
  settlementNumber: string,
  exceptId: number,
): Promise<{ id: number; line: number; raw: Record<string, string> }[]> {
  const res = await db.execute(sql`select id, line, raw from ingest_broken_records
    where partner_id = ${partnerId} and sync_id = ${syncId} and record_type = 'settlements' and status = 'open'
      and id <> ${exceptId} and btrim(raw->>${header}) = ${settlementNumber.trim()}
    order by line`);
  return rowsOf<{ id: string | number; line: number; raw: Record<string, string> }>(res).map((r) => ({
    id: Number(r.id),
    line: Number(r.line),
    raw: r.raw,
  }));
}
