import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ContractRecord } from '@granary/domain';
import { legalEntitiesByName, legalEntityListFields } from '../../platform/crm-access.repo.ts';
import { rowsOf, type Db } from '../../platform/db.ts';
import { contractRecordFields } from '../crm-contracts/crm-contracts.public.ts';
import {
  clientAccess,
  clientContacts,
  contracts,
  enterpriseUsers,
  enterprises,
  legalEntities,
  notes,
  users,
} from '../../db/schema/index.ts';

// ---------------------------------------------------------------------------------------------------
// Client search

export type ClientSearchRowData = {
  id: number;
  name: string;
  extClientId: string | null;
  scopeLegalEntityId: number;
  city: string | null;
  administrativeAreaLevel1: string | null;
  phoneNumber: string | null;
  emailAddress: string | null;
  defaultCropId: number | null;
  defaultCropYear: number | null;
};

/** The partner's clients, optionally only those selling to some markets and matching a search, by (name, id). */
export function clientSearchWhere(q: { partnerId: string; marketIds: number[] | null; search: string | null }): SQL {
  return and(
    eq(legalEntities.partnerId, q.partnerId),
    eq(legalEntities.kind, 'client'),
    q.marketIds !== null
      ? sql`exists (select 1 from client_markets where client_markets.client_id = ${legalEntities.id} and client_markets.market_id in (${sql.join(
          q.marketIds.map((id) => sql`${id}::int`),
          sql`, `,
        )}))`
      : undefined,
    q.search !== null
      ? sql`(strpos(lower(${legalEntities.name}), lower(${q.search}::text)) > 0 or lower(coalesce(${legalEntities.extClientId}, '')) = lower(${q.search}::text))`
      : undefined,
  )!;
}

export async function searchClients(
  db: Db,
  where: SQL,
  after: { name: string; id: number } | null,
  limit: number,
  offset: number,
): Promise<ClientSearchRowData[]> {
  return legalEntitiesByName(
    db
      .select({
        ...legalEntityListFields,
        defaultCropId: legalEntities.defaultCropId,
        defaultCropYear: legalEntities.defaultCropYear,
      })
      .from(legalEntities)
      .$dynamic(),
    where,
    after,
    limit,
    offset,
  );
}

// ---------------------------------------------------------------------------------------------------
// Profile

/** The client's contracts of a crop and crop year, at every market of the partner (the company's exposure). */
export async function clientContractsOf(
  db: Db,
  partnerId: string,
  clientId: number,
  cropId: number,
  cropYear: number,
): Promise<ContractRecord[]> {
  return db
    .select(contractRecordFields)
    .from(contracts)
    .where(
      and(
        eq(contracts.partnerId, partnerId),
        eq(contracts.clientId, clientId),
        eq(contracts.cropYear, cropYear),
        eq(contracts.cropId, cropId),
      ),
    )
    .orderBy(asc(contracts.id));
}

export async function contactsOf(db: Db, clientId: number) {
  return db
    .select({
      id: clientContacts.id,
      name: clientContacts.name,
      role: clientContacts.role,
      phoneNumber: clientContacts.phoneNumber,
      emailAddress: clientContacts.emailAddress,
    })
    .from(clientContacts)
    .where(eq(clientContacts.clientId, clientId))
    .orderBy(asc(clientContacts.name), asc(clientContacts.id));
}

/** Records that a user opened the client now (lastAccessed.perUser). */
export async function touchClientAccess(db: Db, clientId: number, userId: string): Promise<void> {
  await db
    .insert(clientAccess)
    .values({ clientId, userId, accessedAt: new Date() })
    .onConflictDoUpdate({ target: [clientAccess.clientId, clientAccess.userId], set: { accessedAt: new Date() } });
}

export async function accessOf(db: Db, clientId: number) {
  return db
    .select({
      userId: clientAccess.userId,
      accessedAt: clientAccess.accessedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(clientAccess)
    .innerJoin(users, eq(users.id, clientAccess.userId))
    .where(eq(clientAccess.clientId, clientId))
    .orderBy(desc(clientAccess.accessedAt))
    .limit(50);
}

/** The day of the client's latest farm-visit note (of the partner, not deleted, not after `today`), or null. */
export async function latestFarmVisitNote(
  db: Db,
  partnerId: string,
  clientId: number,
  today: string,
): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`max(${notes.noteDate})::text` })
    .from(notes)
    .where(
      and(
        eq(notes.partnerId, partnerId),
        eq(notes.clientId, clientId),
        eq(notes.category, 'farm_visit'),
        isNull(notes.deletedAt),
        sql`${notes.noteDate} <= ${today}`,
      ),
    );
  const day = row?.day ?? null;
  return day === null ? null : String(day).slice(0, 10);
}

export async function onboardedOf(db: Db, enterpriseId: number | null) {
  if (enterpriseId === null) return { enterprise: null, members: [] };
  const [enterprise] = await db
    .select({ id: enterprises.id, name: enterprises.name })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  if (!enterprise) return { enterprise: null, members: [] };
  const members = await db
    .select({
      id: users.id,
      legacyId: users.legacyId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(enterpriseUsers)
    .innerJoin(users, eq(users.id, enterpriseUsers.userId))
    .where(eq(enterpriseUsers.enterpriseId, enterpriseId))
    .orderBy(asc(users.legacyId));
  return { enterprise, members };
}

export type SummaryPatch = Partial<
  Pick<typeof legalEntities.$inferInsert, 'area' | 'estimatedYield' | 'estimatedStorage' | 'contractedWithOther'>
>;

/** Writes the summary fields when the client is still at `version`; null when someone changed it first. */
export async function updateClientSummary(
  db: Db,
  partnerId: string,
  clientId: number,
  version: number,
  patch: SummaryPatch,
) {
  const [row] = await db
    .update(legalEntities)
    .set({ ...patch, version: sql`${legalEntities.version} + 1`, updatedAt: new Date() })
    .where(
      and(eq(legalEntities.id, clientId), eq(legalEntities.partnerId, partnerId), eq(legalEntities.version, version)),
    )
    .returning({
      legalEntityId: legalEntities.id,
      area: legalEntities.area,
      estimatedYield: legalEntities.estimatedYield,
      estimatedStorage: legalEntities.estimatedStorage,
      contractedWithOther: legalEntities.contractedWithOther,
      version: legalEntities.version,
    });
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Notes

export type NoteRowData = {
  id: number;
  partnerId: string;
  clientId: number;
  marketId: number;
  note: string;
  category: 'inbound_call' | 'outbound_call' | 'farm_visit' | 'meeting' | 'office_visit' | 'other';
  noteDate: string;
  authorId: string | null;
  authorFirst: string | null;
  authorLast: string | null;
  authorEmail: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
};

const noteFields = {
  id: notes.id,
  partnerId: notes.partnerId,
  clientId: notes.clientId,
  marketId: notes.marketId,
  note: notes.note,
  category: notes.category,
  noteDate: notes.noteDate,
  authorId: users.id,
  authorFirst: users.firstName,
  authorLast: users.lastName,
  authorEmail: users.email,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
  version: notes.version,
};

export type NoteFilter = { partnerId: string; marketIds: number[]; clientId: number | null; category: string | null };

export function noteWhere(f: NoteFilter): SQL {
  return and(
    eq(notes.partnerId, f.partnerId),
    inArray(notes.marketId, f.marketIds),
    isNull(notes.deletedAt),
    f.clientId !== null ? eq(notes.clientId, f.clientId) : undefined,
    f.category !== null ? eq(notes.category, f.category as NoteRowData['category']) : undefined,
  )!;
}

/** Notes newest first by (note_date, id) — a client's notes — keyset after the cursor. */
export async function listNotesByDate(
  db: Db,
  where: SQL,
  after: { noteDate: string; id: number } | null,
  limit: number,
  offset: number,
): Promise<NoteRowData[]> {
  return db
    .select(noteFields)
    .from(notes)
    .leftJoin(users, eq(users.id, notes.authorUserId))
    .where(
      and(
        where,
        after ? sql`(${notes.noteDate}, ${notes.id}) < (${after.noteDate}::date, ${after.id}::bigint)` : undefined,
      ),
    )
    .orderBy(desc(notes.noteDate), desc(notes.id))
    .limit(limit)
    .offset(offset);
}

export async function countNotes(db: Db, where: SQL, cap: number): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*)::int as n from (select 1 from notes where ${where} limit ${cap}) as capped`),
  );
  return Number(row?.n ?? 0);
}

export async function findNote(db: Db, partnerId: string, noteId: number): Promise<NoteRowData | null> {
  const [row] = await db
    .select(noteFields)
    .from(notes)
    .leftJoin(users, eq(users.id, notes.authorUserId))
    .where(and(eq(notes.id, noteId), eq(notes.partnerId, partnerId), isNull(notes.deletedAt)));
  return row ?? null;
}

export async function insertNote(db: Db, row: typeof notes.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(notes).values(row).returning({ id: notes.id });
  if (!inserted) throw new Error('note insert returned nothing');
  return inserted.id;
}

/** Rewrites a note still at `version` (and not deleted); false when someone changed or deleted it first. */
export async function updateNote(
  db: Db,
  noteId: number,
  version: number,
  patch: Partial<Pick<typeof notes.$inferInsert, 'note' | 'category' | 'noteDate'>>,
): Promise<boolean> {
  const updated = await db
    .update(notes)
    .set({ ...patch, version: sql`${notes.version} + 1`, updatedAt: new Date() })
    .where(and(eq(notes.id, noteId), eq(notes.version, version), isNull(notes.deletedAt)))
    .returning({ id: notes.id });
  return updated.length === 1;
}

/** Deletes (softly: the text stays for the audit trail) a note still at `version`. */
export async function deleteNote(db: Db, noteId: number, version: number): Promise<boolean> {
  const deleted = await db
    .update(notes)
    .set({ deletedAt: new Date(), version: sql`${notes.version} + 1`, updatedAt: new Date() })
    .where(and(eq(notes.id, noteId), eq(notes.version, version), isNull(notes.deletedAt)))
    .returning({ id: notes.id });
  return deleted.length === 1;
}

/** A note's current version, deleted or not (to tell a stale write from a missing note). */
export async function noteVersion(db: Db, noteId: number): Promise<{ version: number; deleted: boolean } | null> {
  const [row] = await db
    .select({ version: notes.version, deletedAt: notes.deletedAt })
    .from(notes)
    .where(eq(notes.id, noteId));
  return row ? { version: row.version, deleted: row.deletedAt !== null } : null;
}
