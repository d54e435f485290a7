import { and, asc, eq } from 'drizzle-orm';
import type { SavedViewGrid, SavedViewState } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { savedViews } from '../../db/schema/index.ts';

export type SavedViewRow = typeof savedViews.$inferSelect;

/** One user's views of one grid (or of every grid), by name. */
export async function listViews(db: Db, userId: string, grid: SavedViewGrid | null): Promise<SavedViewRow[]> {
  return db
    .select()
    .from(savedViews)
    .where(grid ? and(eq(savedViews.userId, userId), eq(savedViews.grid, grid)) : eq(savedViews.userId, userId))
    .orderBy(asc(savedViews.grid), asc(savedViews.name), asc(savedViews.id));
}

/** A view of this user, or null (another user's view is not theirs to see). */
export async function findOwnView(db: Db, userId: string, id: number): Promise<SavedViewRow | null> {
  const [row] = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)));
  return row ?? null;
}

/** The id of the user's view of a grid with this name, if any. */
export async function findViewIdByName(
  db: Db,
  userId: string,
  grid: SavedViewGrid,
  name: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(and(eq(savedViews.userId, userId), eq(savedViews.grid, grid), eq(savedViews.name, name)));
  return row?.id ?? null;
}

export async function countViews(db: Db, userId: string, grid: SavedViewGrid): Promise<number> {
  return (await listViews(db, userId, grid)).length;
}

export async function insertView(
  db: Db,
  values: { userId: string; partnerId: string; grid: SavedViewGrid; name: string; state: SavedViewState },
): Promise<SavedViewRow> {
  const [row] = await db.insert(savedViews).values(values).returning();
  if (!row) throw new Error('saved view insert returned nothing');
  return row;
}

export async function updateView(
  db: Db,
  userId: string,
  id: number,
  values: { name?: string; state?: SavedViewState },
): Promise<SavedViewRow | null> {
  const [row] = await db
    .update(savedViews)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteView(db: Db, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
    .returning({ id: savedViews.id });
  return rows.length > 0;
}
