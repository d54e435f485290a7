// Buy-now carts: the buyer's one open buy-now cart, emptied and reused (or made), and its one line.

import { and, eq, sql } from 'drizzle-orm';
import { type Db } from '../../platform/db.ts';
import { storeCartItems, storeCartPartitions, storeCarts } from '../../db/schema/index.ts';
import type { CheckoutCartRow } from './checkout.repo.ts';

type Country = CheckoutCartRow['country'];
type Currency = CheckoutCartRow['currency'];

export async function ensureBuyNowCart(
  tx: Db,
  userId: string,
  enterpriseId: number | null,
  country: Country,
  currency: Currency,
): Promise<{ id: string; serial: number }> {
  const c = storeCarts;
  const [existing] = await tx
    .update(c)
    .set({ serial: sql`${c.serial} + 1`, updatedAt: sql`now()`, country, currency })
    .where(and(eq(c.userId, userId), eq(c.kind, 'buy_now'), eq(c.status, 'open')))
    .returning({ id: c.id, serial: c.serial });
  if (existing) {
    await tx.delete(storeCartItems).where(eq(storeCartItems.cartId, existing.id));
    await tx.delete(storeCartPartitions).where(eq(storeCartPartitions.cartId, existing.id));
    return existing;
  }
  const [made] = await tx
    .insert(c)
    .values({ userId, kind: 'buy_now', enterpriseId, country, currency })
    .returning({ id: c.id, serial: c.serial });
  return made!;
}

export async function insertCartItem(
  tx: Db,
  cartId: string,
  variantId: number,
  quantity: number,
  pricedAmount: string,
): Promise<void> {
  await tx.insert(storeCartItems).values({ cartId, variantId, quantity, pricedAmount });
}
