import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByLegacyId(db: Db, legacyId: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.legacyId, legacyId));
  return row ?? null;
}

export async function insertUser(db: Db, row: NewUser): Promise<UserRow> {
  const [inserted] = await db.insert(users).values(row).returning();
  if (!inserted) throw new Error('user insert returned nothing');
  return inserted;
}

export async function updateUser(db: Db, id: string, patch: Partial<NewUser>): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}
