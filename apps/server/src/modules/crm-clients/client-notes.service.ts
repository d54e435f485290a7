// A client's notes (merchandising notes): a client's notes by category with keyset pages, the notes feed of the
// user's markets, and writing notes — a shared note rewritten or deleted only at the version the writer read.

import type { FastifyRequest } from 'fastify';
import {
  MAX_TOTAL_ROWS,
  NOTE_MAX_LENGTH,
  noteInputSchema,
  plainNoteText,
  type NoteCategory,
  type NoteListResponse,
  type NoteRow,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import {
  ifMatchVersion,
  keysetPage,
  loadCrmActor,
  marketToday,
  requireClient,
  requireMarket,
  requirePlatform,
  userMarkets,
  type CrmActor,
  type CrmDeps,
  type CrmMarket,
} from '../../platform/crm-access.ts';
import {
  countNotes,
  deleteNote,
  findNote,
  insertNote,
  listNotesByDate,
  noteVersion,
  noteWhere,
  updateNote,
  type NoteRowData,
} from './crm-clients.repo.ts';
import { canNotes, noteRow } from './crm-clients.service.ts';

export type NotesQuery = { category: string | null; page: number; pageSize: number; paginationToken: string | null };

async function notePage(
  deps: CrmDeps,
  filter: Parameters<typeof noteWhere>[0],
  query: NotesQuery,
  list: string,
): Promise<NoteListResponse> {
  const db = deps.ctx.database.db;
  const where = noteWhere(filter);
  const page = await keysetPage<NoteRowData>(
    deps.ctx,
    query,
    { list, filter, size: query.pageSize },
    {
      keyOf: (row) => row.noteDate,
      fetch: (after, limit, offset) =>
        listNotesByDate(db, where, after && { noteDate: after.key, id: after.id }, limit, offset),
      count: () => countNotes(db, where, MAX_TOTAL_ROWS),
    },
  );
  return { ...page, rows: page.rows.map(noteRow) };
}

async function notesScope(
  deps: CrmDeps,
  request: FastifyRequest,
  platformId: number,
  marketId: number,
  clientId: number,
) {
  const actor = await loadCrmActor(deps, request);
  requirePlatform(actor, platformId);
  const market = requireMarket(actor, marketId, canNotes, 'notes');
  const client = await requireClient(deps, actor, clientId);
  return { actor, market, client };
}

type NoteIds = { platformId: number; marketId: number; clientId: number };

export async function clientNotes(
  deps: CrmDeps,
  request: FastifyRequest,
  ids: NoteIds,
  query: NotesQuery,
): Promise<NoteListResponse> {
  const { actor, market, client } = await notesScope(deps, request, ids.platformId, ids.marketId, ids.clientId);
  return notePage(
    deps,
    { partnerId: actor.partner.id, marketIds: [market.id], clientId: client.id, category: query.category },
    query,
    'client-notes',
  );
}

/** The merchandising notes feed: notes of one market (market_id) or of every market where the user has notes. */
export async function notesFeed(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number | null,
  clientId: number | null,
  query: NotesQuery,
): Promise<NoteListResponse> {
  const actor = await loadCrmActor(deps, request);
  const marketIds =
    marketId !== null
      ? [requireMarket(actor, marketId, canNotes, 'notes').id]
      : userMarkets(actor)
          .filter(canNotes)
          .map((m) => m.id);
  if (marketIds.length === 0) throw new AppError('forbidden', 'You do not have permissions for notes at any market.');
  if (clientId !== null) await requireClient(deps, actor, clientId);
  return notePage(
    deps,
    { partnerId: actor.partner.id, marketIds, clientId, category: query.category },
    query,
    'notes-feed',
  );
}

/** A note as sent: plain text (control characters dropped), its category and day (query parameters). */
function readNote(body: unknown, category: NoteCategory | undefined, noteDate: string | undefined) {
  if (typeof body !== 'string') throw new AppError('invalid_request', 'A note is sent as text/plain.');
  const text = plainNoteText(body);
  const parsed = noteInputSchema.safeParse({ note: text, category, noteDate });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'note');
    const message =
      field === 'note'
        ? `A note is 1 to ${NOTE_MAX_LENGTH} characters of plain text.`
        : field === 'category'
          ? 'category must be one of inbound_call, outbound_call, farm_visit, meeting, office_visit, other.'
          : 'noteDate must be a day, YYYY-MM-DD.';
    throw new AppError('invalid_request', message, { field });
  }
  return parsed.data;
}

export async function findClientNote(
  deps: CrmDeps,
  request: FastifyRequest,
  ids: NoteIds,
  noteId: number,
): Promise<NoteRow> {
  const { actor, market, client } = await notesScope(deps, request, ids.platformId, ids.marketId, ids.clientId);
  return noteRow(await existingNote(deps, actor, market, client.id, noteId));
}

export async function createNote(
  deps: CrmDeps,
  request: FastifyRequest,
  ids: NoteIds,
  input: { body: unknown; category?: NoteCategory | undefined; noteDate?: string | undefined },
): Promise<NoteRow> {
  const db = deps.ctx.database.db;
  const { actor, market, client } = await notesScope(deps, request, ids.platformId, ids.marketId, ids.clientId);
  const note = readNote(input.body, input.category ?? 'other', input.noteDate ?? marketToday(market));
  const id = await insertNote(db, {
    partnerId: actor.partner.id,
    marketId: market.id,
    clientId: client.id,
    authorUserId: actor.user.id,
    ...note,
  });
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'note_create',
    targetType: 'note',
    targetId: String(id),
  });
  const row = await findNote(db, actor.partner.id, id);
  if (!row) throw new AppError('not_found');
  return noteRow(row);
}

async function existingNote(
  deps: CrmDeps,
  actor: CrmActor,
  market: CrmMarket,
  clientId: number,
  noteId: number,
): Promise<NoteRowData> {
  const note = await findNote(deps.ctx.database.db, actor.partner.id, noteId);
  if (!note || note.clientId !== clientId || note.marketId !== market.id)
    throw new AppError('not_found', `No note ${noteId}.`);
  return note;
}

/** A shared note is rewritten only at the version the writer read (If-Match); else 412 and nothing changes. */
export async function editNote(
  deps: CrmDeps,
  request: FastifyRequest,
  ids: NoteIds,
  noteId: number,
  input: { body: unknown; category?: NoteCategory | undefined; noteDate?: string | undefined },
): Promise<NoteRow> {
  const db = deps.ctx.database.db;
  const { actor, market, client } = await notesScope(deps, request, ids.platformId, ids.marketId, ids.clientId);
  const current = await existingNote(deps, actor, market, client.id, noteId);
  const expected = ifMatchVersion(request.headers['if-match']);
  const note = readNote(input.body, input.category ?? current.category, input.noteDate ?? current.noteDate);
  if (current.version !== expected || !(await updateNote(db, noteId, expected, note))) {
    const now = await noteVersion(db, noteId);
    throw new AppError('precondition_failed', undefined, { currentVersion: now?.version ?? current.version });
  }
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'note_update',
    targetType: 'note',
    targetId: String(noteId),
  });
  const row = await findNote(db, actor.partner.id, noteId);
  if (!row) throw new AppError('not_found');
  return noteRow(row);
}

export async function removeNote(deps: CrmDeps, request: FastifyRequest, ids: NoteIds, noteId: number): Promise<void> {
  const db = deps.ctx.database.db;
  const { actor, market, client } = await notesScope(deps, request, ids.platformId, ids.marketId, ids.clientId);
  const current = await existingNote(deps, actor, market, client.id, noteId);
  const expected = ifMatchVersion(request.headers['if-match']);
  if (current.version !== expected || !(await deleteNote(db, noteId, expected))) {
    const now = await noteVersion(db, noteId);
    throw new AppError('precondition_failed', undefined, { currentVersion: now?.version ?? current.version });
  }
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'note_delete',
    targetType: 'note',
    targetId: String(noteId),
  });
}
