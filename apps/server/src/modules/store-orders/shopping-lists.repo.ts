// A buyer's shopping lists: the lists, one list, the lists holding a variant, a list's items priced in the country,
// and the writes of lists and items. Every read and write is scoped to the user.

import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { type Db } from '../../platform/db.ts';
import {
  storeProducts,
  storeShoppingListItems,
  storeShoppingLists,
  storeStock,
  storeVariantPrices,
  storeVariants,
  storeWarehouses,
} from '../../db/schema/index.ts';
import { firstImageOf, type Country } from './store-orders.repo.ts';

const l = storeShoppingLists;
const li = storeShoppingListItems;

const listFields = {
  id: l.id,
  name: l.name,
  itemCount: sql<number>`(select count(*)::int from ${li} where ${li.listId} = ${l.id})`,
  createdAt: l.createdAt,
  updatedAt: l.updatedAt,
};
export type ListRow = Pick<typeof storeShoppingLists.$inferSelect, 'id' | 'name' | 'createdAt' | 'updatedAt'> & {
  itemCount: number;
};

export async function listsOf(db: Db, userId: string): Promise<ListRow[]> {
  return db.select(listFields).from(l).where(eq(l.userId, userId)).orderBy(desc(l.updatedAt), asc(l.id));
}

export async function listOf(db: Db, userId: string, listId: string): Promise<ListRow | null> {
  const [row] = await db
    .select(listFields)
    .from(l)
    .where(and(eq(l.id, listId), eq(l.userId, userId)));
  return row ?? null;
}

/** The user's lists holding a variant (by its public id), with the quantity on each. */
export async function listsHoldingVariant(
  db: Db,
  userId: string,
  variantPublicId: string,
): Promise<{ listId: string; quantity: number }[]> {
  return db
    .select({ listId: l.id, quantity: li.quantity })
    .from(l)
    .innerJoin(li, eq(li.listId, l.id))
    .innerJoin(storeVariants, eq(storeVariants.id, li.variantId))
    .where(and(eq(l.userId, userId), eq(storeVariants.publicId, variantPublicId)))
    .orderBy(desc(l.updatedAt), asc(l.id));
}

export async function listItemsOf(db: Db, listId: string, country: Country) {
  const v = storeVariants;
  const p = storeProducts;
  const vp = storeVariantPrices;
  const st = storeStock;
  const w = storeWarehouses;
  return db
    .select({
      variantId: li.variantId,
      variantPublicId: v.publicId,
      productPublicId: p.publicId,
      productSlug: p.slug,
      productName: p.name,
      variantLabel: v.label,
      sku: v.sku,
      quantity: li.quantity,
      note: li.note,
      unitPrice: sql<
        string | null
      >`(select ${vp.amount}::text from ${vp} where ${vp.variantId} = ${v.id} and ${vp.country} = ${country})`,
      inStock: sql<boolean>`exists (select 1 from ${st} join ${w} on ${w.id} = ${st.warehouseId} where ${st.variantId} = ${v.id} and ${st.quantity} > 0 and ${w.country} = ${country})`,
      imageId: firstImageOf(p.id),
      addedAt: li.addedAt,
    })
    .from(li)
    .innerJoin(v, eq(v.id, li.variantId))
    .innerJoin(p, eq(p.id, v.productId))
    .where(eq(li.listId, listId))
    .orderBy(asc(li.addedAt), asc(p.name), asc(v.position));
}

export async function insertList(
  db: Db,
  input: {
    userId: string;
    enterpriseId: number | null;
    name: string;
    items: { variantId: number; quantity: number; note: string }[];
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(l)
      .values({ userId: input.userId, enterpriseId: input.enterpriseId, name: input.name })
      .returning({ id: l.id });
    for (const item of input.items) {
      await tx
        .insert(li)
        .values({ listId: row!.id, ...item })
        .onConflictDoUpdate({
          target: [li.listId, li.variantId],
          set: { quantity: item.quantity, note: item.note },
        });
    }
    return row!.id;
  });
}

export async function renameList(db: Db, userId: string, listId: string, name: string): Promise<boolean> {
  const rows = await db
    .update(l)
    .set({ name, updatedAt: sql`now()` })
    .where(and(eq(l.id, listId), eq(l.userId, userId)))
    .returning({ id: l.id });
  return rows.length > 0;
}

export async function deleteList(db: Db, userId: string, listId: string): Promise<boolean> {
  const rows = await db
    .delete(l)
    .where(and(eq(l.id, listId), eq(l.userId, userId)))
    .returning({ id: l.id });
  return rows.length > 0;
}

/** Sets an item's quantity (and note when given), adding the variant when the list lacks it. */
export async function putListItem(
  db: Db,
  listId: string,
  item: { variantId: number; quantity: number; note?: string | undefined },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(li)
      .values({ listId, variantId: item.variantId, quantity: item.quantity, note: item.note ?? '' })
      .onConflictDoUpdate({
        target: [li.listId, li.variantId],
        set: item.note === undefined ? { quantity: item.quantity } : { quantity: item.quantity, note: item.note },
      });
    await tx
      .update(l)
      .set({ updatedAt: sql`now()` })
      .where(eq(l.id, listId));
  });
}

export async function deleteListItem(db: Db, listId: string, variantId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(li)
      .where(and(eq(li.listId, listId), eq(li.variantId, variantId)))
      .returning({ variantId: li.variantId });
    if (rows.length)
      await tx
        .update(l)
        .set({ updatedAt: sql`now()` })
        .where(eq(l.id, listId));
    return rows.length > 0;
  });
}
