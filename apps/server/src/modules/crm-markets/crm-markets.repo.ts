import { and, asc, desc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { contracts, followups, legalEntities, notes, scaleTickets, users } from '../../db/schema/index.ts';

export type PartnerUserRow = typeof users.$inferSelect;

/** A user of the partner by uuid or legacy (numeric) id, or null. */
export async function findPartnerUser(db: Db, partnerId: string, idOrLegacy: string): Promise<PartnerUserRow | null> {
  const byLegacy = /^\d{1,9}$/.test(idOrLegacy);
  const byUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrLegacy);
  if (!byLegacy && !byUuid) return null;
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(eq(users.partnerId, partnerId), byLegacy ? eq(users.legacyId, Number(idOrLegacy)) : eq(users.id, idOrLegacy)),
    );
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Follow-ups

export type FollowupRowData = {
  id: number;
  partnerId: string;
  clientId: number;
  clientName: string;
  marketId: number;
  dueDate: string;
  description: string;
  noteId: number | null;
  assignedUserId: string | null;
  assignedFirst: string | null;
  assignedLast: string | null;
  assignedEmail: string | null;
  doneAt: Date | null;
  createdAt: Date;
};

const followupFields = {
  id: followups.id,
  partnerId: followups.partnerId,
  clientId: followups.clientId,
  clientName: legalEntities.name,
  marketId: followups.marketId,
  dueDate: followups.dueDate,
  description: followups.description,
  noteId: followups.noteId,
  assignedUserId: followups.assignedUserId,
  assignedFirst: users.firstName,
  assignedLast: users.lastName,
  assignedEmail: users.email,
  doneAt: followups.doneAt,
  createdAt: followups.createdAt,
};

export type FollowupFilter = {
  partnerId: string;
  marketId: number;
  clientId: number | null;
  assignedUserId: string | null;
};

function followupScope(f: FollowupFilter): SQL {
  return and(
    eq(followups.partnerId, f.partnerId),
    eq(followups.marketId, f.marketId),
    isNull(followups.doneAt),
    f.clientId !== null ? eq(followups.clientId, f.clientId) : undefined,
    f.assignedUserId !== null ? eq(followups.assignedUserId, f.assignedUserId) : undefined,
  )!;
}

/** Open follow-ups due in [from, to] (either bound may be open), keyset on (due_date, id) in `order`. */
export async function listFollowups(
  db: Db,
  f: FollowupFilter & {
    from: string | null;
    to: string | null;
    order: 'asc' | 'desc';
    after: { dueDate: string; id: number } | null;
    limit: number;
    offset: number;
  },
): Promise<FollowupRowData[]> {
  const dir = f.order === 'asc' ? asc : desc;
  const keyset = f.after
    ? f.order === 'asc'
      ? sql`(${followups.dueDate}, ${followups.id}) > (${f.after.dueDate}::date, ${f.after.id}::bigint)`
      : sql`(${followups.dueDate}, ${followups.id}) < (${f.after.dueDate}::date, ${f.after.id}::bigint)`
    : undefined;
  return db
    .select(followupFields)
    .from(followups)
    .innerJoin(legalEntities, eq(legalEntities.id, followups.clientId))
    .leftJoin(users, eq(users.id, followups.assignedUserId))
    .where(
      and(
        followupScope(f),
        f.from !== null ? gte(followups.dueDate, f.from) : undefined,
        f.to !== null ? lte(followups.dueDate, f.to) : undefined,
        keyset,
      ),
    )
    .orderBy(dir(followups.dueDate), dir(followups.id))
    .limit(f.limit)
    .offset(f.offset);
}

/** Open follow-ups in each state and bucket (bounds from followupDueRange), in one pass. */
export async function countFollowups(
  db: Db,
  f: FollowupFilter,
  bounds: { today: string; under90From: string; over90To: string },
): Promise<{ upcoming: number; past: number; under90Days: number; over90Days: number }> {
  const [row] = await db
    .select({
      upcoming: sql<number>`count(*) filter (where ${followups.dueDate} >= ${bounds.today}::date)::int`,
      past: sql<number>`count(*) filter (where ${followups.dueDate} < ${bounds.today}::date)::int`,
      under90Days: sql<number>`count(*) filter (where ${followups.dueDate} < ${bounds.today}::date and ${followups.dueDate} >= ${bounds.under90From}::date)::int`,
      over90Days: sql<number>`count(*) filter (where ${followups.dueDate} <= ${bounds.over90To}::date)::int`,
    })
    .from(followups)
    .where(followupScope(f));
  return {
    upcoming: Number(row?.upcoming ?? 0),
    past: Number(row?.past ?? 0),
    under90Days: Number(row?.under90Days ?? 0),
    over90Days: Number(row?.over90Days ?? 0),
  };
}

export async function findFollowup(db: Db, partnerId: string, id: number): Promise<FollowupRowData | null> {
  const [row] = await db
    .select(followupFields)
    .from(followups)
    .innerJoin(legalEntities, eq(legalEntities.id, followups.clientId))
    .leftJoin(users, eq(users.id, followups.assignedUserId))
    .where(and(eq(followups.id, id), eq(followups.partnerId, partnerId)));
  return row ?? null;
}

/** The next open follow-up of a client at a market (the earliest due). */
export async function nextFollowup(
  db: Db,
  partnerId: string,
  marketId: number,
  clientId: number,
): Promise<FollowupRowData | null> {
  const [row] = await db
    .select(followupFields)
    .from(followups)
    .innerJoin(legalEntities, eq(legalEntities.id, followups.clientId))
    .leftJoin(users, eq(users.id, followups.assignedUserId))
    .where(
      and(
        eq(followups.partnerId, partnerId),
        eq(followups.marketId, marketId),
        eq(followups.clientId, clientId),
        isNull(followups.doneAt),
      ),
    )
    .orderBy(asc(followups.dueDate), asc(followups.id))
    .limit(1);
  return row ?? null;
}

export async function insertFollowup(db: Db, row: typeof followups.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(followups).values(row).returning({ id: followups.id });
  if (!inserted) throw new Error('follow-up insert returned nothing');
  return inserted.id;
}

export async function updateFollowup(
  db: Db,
  id: number,
  patch: Partial<Pick<typeof followups.$inferInsert, 'doneAt' | 'dueDate' | 'description'>>,
): Promise<void> {
  await db.update(followups).set(patch).where(eq(followups.id, id));
}

/** Whether a note belongs to a client (a follow-up may point at one). */
export async function noteOfClient(db: Db, noteId: number, clientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: notes.id })
    .from(notes)
    .where(and(eq(notes.id, noteId), eq(notes.clientId, clientId), isNull(notes.deletedAt)));
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------------
// Recent activity and last-updated

export type ActivityRow = {
  type: 'note' | 'contract' | 'scaleTicket';
  id: number;
  clientId: number;
  clientName: string;
  at: Date;
  /** A note's text; a contract's or ticket's number, quantity, unit and crop. */
  note?: string;
  display?: string;
  quantity?: string;
  unit?: string;
  cropId?: number;
};

/** The latest notes, contracts and scale tickets of a market up to `today`, each newest first, `limit` of each. */
export async function recentActivity(
  db: Db,
  partnerId: string,
  marketId: number,
  today: string,
  limit: number,
): Promise<ActivityRow[]> {
  const [n, c, t] = await Promise.all([
    db
      .select({
        id: notes.id,
        clientId: notes.clientId,
        clientName: legalEntities.name,
        at: notes.createdAt,
        note: notes.note,
      })
      .from(notes)
      .innerJoin(legalEntities, eq(legalEntities.id, notes.clientId))
      .where(and(eq(notes.marketId, marketId), eq(notes.partnerId, partnerId), isNull(notes.deletedAt)))
      .orderBy(desc(notes.createdAt), desc(notes.id))
      .limit(limit),
    db
      .select({
        id: contracts.id,
        clientId: contracts.clientId,
        clientName: legalEntities.name,
        day: contracts.contractDate,
        display: contracts.displayContractId,
        quantity: contracts.quantity,
        unit: contracts.quantityUnit,
        cropId: contracts.cropId,
      })
      .from(contracts)
      .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
      .where(
        and(eq(contracts.marketId, marketId), eq(contracts.partnerId, partnerId), lte(contracts.contractDate, today)),
      )
      .orderBy(desc(contracts.contractDate), desc(contracts.id))
      .limit(limit),
    db
      .select({
        id: scaleTickets.id,
        clientId: scaleTickets.clientId,
        clientName: legalEntities.name,
        day: scaleTickets.deliveryDate,
        display: scaleTickets.displayScaleTicketId,
        quantity: scaleTickets.quantity,
        cropId: scaleTickets.cropId,
      })
      .from(scaleTickets)
      .innerJoin(legalEntities, eq(legalEntities.id, scaleTickets.clientId))
      .where(
        and(
          eq(scaleTickets.marketId, marketId),
          eq(scaleTickets.partnerId, partnerId),
          lte(scaleTickets.deliveryDate, today),
        ),
      )
      .orderBy(desc(scaleTickets.deliveryDate), desc(scaleTickets.id))
      .limit(limit),
  ]);
  const day = (d: string) => new Date(`${d}T00:00:00.000Z`);
  return [
    ...n.map((r) => ({
      type: 'note' as const,
      id: r.id,
      clientId: r.clientId,
      clientName: r.clientName,
      at: r.at,
      note: r.note,
    })),
    ...c.map((r) => ({
      type: 'contract' as const,
      id: r.id,
      clientId: r.clientId,
      clientName: r.clientName,
      at: day(r.day),
      display: r.display,
      quantity: r.quantity,
      unit: r.unit,
      cropId: r.cropId,
    })),
    ...t.map((r) => ({
      type: 'scaleTicket' as const,
      id: r.id,
      clientId: r.clientId,
      clientName: r.clientName,
      at: day(r.day),
      display: r.display,
      quantity: r.quantity,
      unit: 'bushels',
      cropId: r.cropId,
    })),
  ];
}

/** When the market's contracts, scale tickets and notes last changed. */
export async function lastUpdated(
  db: Db,
  partnerId: string,
  marketId: number,
): Promise<{ contracts: Date | null; scaleTickets: Date | null; notes: Date | null }> {
  const [c, t, n] = await Promise.all([
    db
      .select({ at: sql<string | null>`max(${contracts.updatedAt})::text` })
      .from(contracts)
      .where(and(eq(contracts.marketId, marketId), eq(contracts.partnerId, partnerId))),
    db
      .select({ at: sql<string | null>`max(${scaleTickets.createdAt})::text` })
      .from(scaleTickets)
      .where(and(eq(scaleTickets.marketId, marketId), eq(scaleTickets.partnerId, partnerId))),
    db
      .select({ at: sql<string | null>`max(${notes.updatedAt})::text` })
      .from(notes)
      .where(and(eq(notes.marketId, marketId), eq(notes.partnerId, partnerId))),
  ]);
  const asDate = (v: string | null | undefined) => (v ? new Date(v) : null);
  return { contracts: asDate(c[0]?.at), scaleTickets: asDate(t[0]?.at), notes: asDate(n[0]?.at) };
}
