// The variants a shopping list or the cart names (by public id or by id), each with whether it is priced in the
// buyer's country.

import { eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db } from '../../platform/db.ts';
import { storeProducts, storeVariantPrices, storeVariants } from '../../db/schema/index.ts';
import type { Country } from './store-orders.repo.ts';

/** Whether a variant (read from `variantId`) is priced in the country. */
const soldIn = (country: Country, variantId: AnyPgColumn) =>
  sql<boolean>`exists (select 1 from ${storeVariantPrices} where ${storeVariantPrices.variantId} = ${variantId} and ${storeVariantPrices.country} = ${country})`;

const variantRefFields = (country: Country) => ({
  id: storeVariants.id,
  publicId: storeVariants.publicId,
  productName: storeProducts.name,
  label: storeVariants.label,
  sold: soldIn(country, storeVariants.id),
});
export type VariantRef = { id: number; publicId: string; productName: string; label: string; sold: boolean };

export async function variantsByPublicId(db: Db, publicIds: string[], country: Country): Promise<VariantRef[]> {
  if (publicIds.length === 0) return [];
  return db
    .select(variantRefFields(country))
    .from(storeVariants)
    .innerJoin(storeProducts, eq(storeProducts.id, storeVariants.productId))
    .where(inArray(storeVariants.publicId, publicIds));
}

export async function variantsById(db: Db, ids: number[], country: Country): Promise<VariantRef[]> {
  if (ids.length === 0) return [];
  return db
    .select(variantRefFields(country))
    .from(storeVariants)
    .innerJoin(storeProducts, eq(storeProducts.id, storeVariants.productId))
    .where(inArray(storeVariants.id, ids));
}
