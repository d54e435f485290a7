import type { FastifyRequest } from 'fastify';
import {
  SAVED_VIEWS_PER_GRID_MAX,
  type SavedView,
  type SavedViewCreate,
  type SavedViewGrid,
  type SavedViewList,
  type SavedViewUpdate,
} from '@granary/domain';
import { audit } from '../../platform/audit.ts';
import { loadCrmActor, type CrmDeps } from '../../platform/crm-access.ts';
import { sqlStateOf } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  countViews,
  deleteView,
  findOwnView,
  findViewIdByName,
  insertView,
  listViews,
  updateView,
  type SavedViewRow,
} from './saved-views.repo.ts';

function viewOf(row: SavedViewRow): SavedView {
  return {
    id: row.id,
    grid: row.grid,
    name: row.name,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const nameTaken = (name: string) =>
  new AppError('saved_view_name_taken', `You already have a view named "${name}" on this grid.`, { field: 'name' });

/** A unique-index race (two saves of one name at once) answers like the check before it. */
async function unlessNameTaken<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (sqlStateOf(err) === '23505') throw nameTaken(name);
    throw err;
  }
}

export async function listSavedViews(
  deps: CrmDeps,
  request: FastifyRequest,
  grid: SavedViewGrid | null,
): Promise<SavedViewList> {
  const actor = await loadCrmActor(deps, request);
  return { rows: (await listViews(deps.ctx.database.db, actor.user.id, grid)).map(viewOf) };
}

export async function createSavedView(
  deps: CrmDeps,
  request: FastifyRequest,
  input: SavedViewCreate,
): Promise<SavedView> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  if ((await findViewIdByName(db, actor.user.id, input.grid, input.name)) !== null) throw nameTaken(input.name);
  if ((await countViews(db, actor.user.id, input.grid)) >= SAVED_VIEWS_PER_GRID_MAX) {
    throw new AppError('invalid_request', `You can keep at most ${SAVED_VIEWS_PER_GRID_MAX} views per grid.`);
  }
  const row = await unlessNameTaken(input.name, () =>
    insertView(db, {
      userId: actor.user.id,
      partnerId: actor.partner.id,
      grid: input.grid,
      name: input.name,
      state: input.state,
    }),
  );
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'saved_view_create',
    targetType: 'saved_view',
    targetId: String(row.id),
    details: { grid: row.grid, name: row.name },
  });
  return viewOf(row);
}

export async function changeSavedView(
  deps: CrmDeps,
  request: FastifyRequest,
  id: number,
  input: SavedViewUpdate,
): Promise<SavedView> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  const existing = await findOwnView(db, actor.user.id, id);
  if (!existing) throw new AppError('not_found', `No view ${id}.`);
  if (input.name !== undefined && input.name !== existing.name) {
    const other = await findViewIdByName(db, actor.user.id, existing.grid, input.name);
    if (other !== null && other !== id) throw nameTaken(input.name);
  }
  const row = await unlessNameTaken(input.name ?? existing.name, () =>
    updateView(db, actor.user.id, id, { name: input.name, state: input.state }),
  );
  if (!row) throw new AppError('not_found', `No view ${id}.`);
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'saved_view_update',
    targetType: 'saved_view',
    targetId: String(id),
    details: { grid: row.grid, name: row.name, renamed: row.name !== existing.name, stateChanged: !!input.state },
  });
  return viewOf(row);
}

export async function removeSavedView(deps: CrmDeps, request: FastifyRequest, id: number): Promise<void> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  const existing = await findOwnView(db, actor.user.id, id);
  if (!existing || !(await deleteView(db, actor.user.id, id))) throw new AppError('not_found', `No view ${id}.`);
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'saved_view_delete',
    targetType: 'saved_view',
    targetId: String(id),
    details: { grid: existing.grid, name: existing.name },
  });
}
