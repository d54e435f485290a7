// Settlements as an ingest record type (issue 15; docs/decisions/046, settlements): a file has one row per settlement
// line with the settlement's own fields repeated. The lines of one settlement are adjacent in the file and the job
// never cuts a batch between them; a settlement whose lines are apart (in one batch or across batches) or disagree on
// its own fields is broken. A settlement is taken whole or not at all: one bad line keeps every line of it broken.

import { ingestProblem, readIngestRow, sumCents, toDecimal, type IngestProblem, type IngestRow } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { applicationsByRef, lockSettlementsAndContracts, upsertSettlement } from './ingest-settlements.repo.ts';

type SettlementLineRead = { line: number; cells: readonly string[]; row: IngestRow };

/** One settlement of a batch: its lines in file order (the first carries the settlement's own fields). */
export type SettlementRead = {
  ext: string;
  line: number;
  cells: readonly string[];
  row: IngestRow;
  lines: SettlementLineRead[];
};

type RowSource = { line: number; cells: readonly string[] };
type Refuse = (r: RowSource, problems: readonly IngestProblem[]) => void;

const HEADER_FIELDS = ['clientExternalId', 'settlementDate', 'status'] as const;

/**
 * Reads a batch's rows into settlements. `seen` holds the settlement numbers of the sync's earlier batches: one seen
 * again is apart from its other lines in the file (the job keeps adjacent lines in one batch).
 */
export function prepareSettlements(
  rows: readonly RowSource[],
  values: (r: RowSource) => Record<string, string | undefined>,
  seen: Set<string>,
  refuse: Refuse,
): SettlementRead[] {
  const groups: { ext: string; rows: RowSource[] }[] = [];
  for (const r of rows) {
    const ext = (values(r).externalId ?? '').trim();
    const last = groups.at(-1);
    if (last && last.ext === ext && ext !== '') last.rows.push(r);
    else groups.push({ ext, rows: [r] });
  }
  const count = new Map<string, number>();
  for (const g of groups) count.set(g.ext, (count.get(g.ext) ?? 0) + 1);
  const out: SettlementRead[] = [];
  for (const g of groups) {
    const split = g.ext !== '' && (seen.has(g.ext) || count.get(g.ext)! > 1);
    const lines: SettlementLineRead[] = [];
    const problems = new Map<number, IngestProblem[]>();
    for (const r of g.rows) {
      const read = readIngestRow('settlements', values(r));
      if (read.ok) lines.push({ line: r.line, cells: r.cells, row: read.row });
      else problems.set(r.line, read.problems);
    }
    const first = lines[0]?.row;
    const disagree = first && lines.some((l) => HEADER_FIELDS.some((f) => String(l.row[f]) !== String(first[f])));
    if (split || disagree || problems.size > 0) {
      const why = split
        ? [ingestProblem('externalId', 'settlement_split', g.ext)]
        : disagree
          ? [ingestProblem('externalId', 'settlement_mismatch', g.ext)]
          : null;
      for (const r of g.rows)
        refuse(r, why ?? problems.get(r.line) ?? [ingestProblem('externalId', 'settlement_incomplete', g.ext)]);
    } else out.push({ ext: g.ext, line: lines[0]!.line, cells: lines[0]!.cells, row: lines[0]!.row, lines });
    if (g.ext !== '') seen.add(g.ext);
  }
  return out;
}

const s = (v: IngestRow[string] | undefined) => (v === null || v === undefined ? '0' : String(v));
const key = (ticket: string, contract: string) => `${ticket}\u0000${contract}`;

/**
 * Writes the batch's settlements (clients already found): each line's ticket application, the settlement whole or
 * refused. Returns what was written (settlement number → id).
 */
export async function writeSettlements(
  db: Db,
  partnerId: string,
  reads: readonly { read: SettlementRead; clientId: number }[],
  refuse: Refuse,
): Promise<{ ext: string; id: number }[]> {
  const refs = reads.flatMap(({ read }) =>
    read.lines.map((l) => ({ ticketExt: s(l.row.ticketExternalId), contractExt: s(l.row.contractExternalId) })),
  );
  await lockSettlementsAndContracts(
    db,
    partnerId,
    reads.map(({ read }) => read.ext),
    [...new Set(refs.map((r) => r.contractExt))],
  );
  const apps = await applicationsByRef(db, partnerId, refs);
  const written: { ext: string; id: number }[] = [];
  /** Applications taken by the batch's settlements so far → settlement number. */
  const taken = new Map<number, string>();
  for (const { read, clientId } of reads) {
    const found = read.lines.map((l) => ({
      l,
      app: apps.get(key(s(l.row.ticketExternalId), s(l.row.contractExternalId))),
    }));
    const problems = new Map<number, IngestProblem>();
    const mine = new Set<number>();
    for (const { l, app } of found) {
      const ref = `${s(l.row.ticketExternalId)} / ${s(l.row.contractExternalId)}`;
      if (!app || app.clientId !== clientId)
        problems.set(l.line, ingestProblem('ticketExternalId', 'unknown_application', ref));
      else {
        // Settled by another settlement: stored, or taken earlier in this batch (or twice in this one).
        const by = taken.get(app.applicationId) ?? app.settledBy;
        if ((by !== null && by !== read.ext) || mine.has(app.applicationId))
          problems.set(l.line, ingestProblem('ticketExternalId', 'already_settled', `${ref}: ${by ?? read.ext}`));
        mine.add(app.applicationId);
      }
    }
    const markets = new Set(found.map(({ app }) => app?.marketId));
    if (problems.size === 0 && markets.size > 1)
      for (const { l } of found)
        problems.set(l.line, ingestProblem('ticketExternalId', 'settlement_mismatch', read.ext));
    if (problems.size > 0) {
      // A settlement refused does not hold its applications: a later one of the batch may take them.
      for (const { l } of found)
        refuse(l, [problems.get(l.line) ?? ingestProblem('externalId', 'settlement_incomplete', read.ext)]);
      continue;
    }
    for (const a of mine) taken.set(a, read.ext);
    const lines = found.map(({ l, app }) => ({
      applicationId: app!.applicationId,
      contractId: app!.contractId,
      scaleTicketId: app!.scaleTicketId,
      bushels: s(l.row.quantity),
      price: s(l.row.price),
      amount: cents(s(l.row.gross)),
      discounts: cents(s(l.row.discounts)),
      checkoff: cents(s(l.row.deductions)),
      net: cents(s(l.row.net)),
    }));
    const gross = sumCents(lines.map((l) => l.amount));
    const net = sumCents(lines.map((l) => l.net));
    const id = await upsertSettlement(
      db,
      partnerId,
      {
        ext: read.ext,
        marketId: found[0]!.app!.marketId,
        clientId,
        date: s(read.row.settlementDate),
        status: read.row.status === 'paid' ? 'paid' : 'final',
      },
      {
        gross,
        deductions: toDecimal(gross).minus(toDecimal(net)).toFixed(2),
        net,
        bushels: lines.reduce((t, l) => t.plus(toDecimal(l.bushels)), toDecimal('0')).toFixed(),
      },
      lines,
    );
    if (id === 'locked')
      for (const { l } of found) refuse(l, [ingestProblem('externalId', 'settlement_locked', read.ext)]);
    else if (id !== null) written.push({ ext: read.ext, id });
  }
  return written;
}

const cents = (v: string) => toDecimal(v).toFixed(2);
