// A buyer's shopping lists (issue 6): their lists, which lists hold a pack size, one list with its items priced in
// the region, creating, renaming and deleting lists, their items, and a list put into the cart.

import {
  CrmDecimal,
  type AddToCartOutcome,
  type ShoppingList,
  type ShoppingLists,
  type ShoppingListsWithVariant,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './store-orders.repo.ts';
import * as listsRepo from './shopping-lists.repo.ts';
import * as variantsRepo from './variant-refs.repo.ts';
import { country, imageUrl, userEnterprise, type Buyer } from './store-orders.service.ts';
import { putInCart } from './add-to-cart.service.ts';

async function requireList(db: Db, buyer: Buyer, listId: string): Promise<listsRepo.ListRow> {
  const list = await listsRepo.listOf(db, buyer.userId, listId);
  if (!list) throw new AppError('not_found', 'There is no such shopping list.');
  return list;
}

async function resolveVariants(
  db: Db,
  buyer: Buyer,
  publicIds: string[],
): Promise<Map<string, variantsRepo.VariantRef>> {
  const found = await variantsRepo.variantsByPublicId(db, [...new Set(publicIds)], country(buyer));
  const map = new Map(found.map((v) => [v.publicId, v]));
  const unknown = publicIds.filter((id) => !map.has(id));
  if (unknown.length)
    throw new AppError('invalid_request', 'Some of these products do not exist.', {
      reason: 'unknown_variant',
      variantIds: [...new Set(unknown)],
    });
  return map;
}

export async function shoppingLists(db: Db, buyer: Buyer): Promise<ShoppingLists> {
  const rows = await listsRepo.listsOf(db, buyer.userId);
  return {
    lists: rows.map((r) => ({
      id: r.id,
      name: r.name,
      itemCount: r.itemCount,
      createdAt: repo.iso(r.createdAt),
      updatedAt: repo.iso(r.updatedAt),
    })),
  };
}

/** Which of the buyer's lists hold a pack size; none when no list (or no product) has it. */
export async function listsWithVariant(db: Db, buyer: Buyer, variantId: string): Promise<ShoppingListsWithVariant> {
  const rows = await listsRepo.listsHoldingVariant(db, buyer.userId, variantId);
  return { variantId, lists: rows.map((r) => ({ listId: r.listId, quantity: r.quantity })) };
}

export async function shoppingList(db: Db, buyer: Buyer, listId: string): Promise<ShoppingList> {
  const list = await requireList(db, buyer, listId);
  const items = await listsRepo.listItemsOf(db, list.id, country(buyer));
  const estimated = items.reduce(
    (sum, i) => (i.unitPrice === null ? sum : sum.add(new CrmDecimal(i.unitPrice).mul(i.quantity))),
    new CrmDecimal(0),
  );
  return {
    id: list.id,
    name: list.name,
    itemCount: items.length,
    createdAt: repo.iso(list.createdAt),
    updatedAt: repo.iso(list.updatedAt),
    currency: buyer.region.currency,
    estimatedTotal: estimated.toFixed(2),
    items: items.map((i) => ({
      variantId: i.variantPublicId,
      productId: i.productPublicId,
      productSlug: i.productSlug,
      productName: i.productName,
      variantLabel: i.variantLabel,
      sku: i.sku,
      quantity: i.quantity,
      note: i.note,
      unitPrice: i.unitPrice,
      currency: buyer.region.currency,
      inStock: i.inStock,
      imageUrl: imageUrl(i.imageId),
      addedAt: repo.iso(i.addedAt),
    })),
  };
}

export async function createList(
  db: Db,
  buyer: Buyer,
  input: { name: string; items: { variantId: string; quantity: number; note: string }[] },
): Promise<ShoppingList> {
  const variants = await resolveVariants(
    db,
    buyer,
    input.items.map((i) => i.variantId),
  );
  const enterprise = await userEnterprise(db, buyer.userId, buyer.currentEnterpriseId);
  const id = await listsRepo.insertList(db, {
    userId: buyer.userId,
    enterpriseId: enterprise.id,
    name: input.name,
    items: input.items.map((i) => ({ variantId: variants.get(i.variantId)!.id, quantity: i.quantity, note: i.note })),
  });
  return shoppingList(db, buyer, id);
}

export async function renameList(db: Db, buyer: Buyer, listId: string, name: string): Promise<ShoppingList> {
  if (!(await listsRepo.renameList(db, buyer.userId, listId, name)))
    throw new AppError('not_found', 'There is no such shopping list.');
  return shoppingList(db, buyer, listId);
}

export async function deleteList(db: Db, buyer: Buyer, listId: string): Promise<void> {
  if (!(await listsRepo.deleteList(db, buyer.userId, listId)))
    throw new AppError('not_found', 'There is no such shopping list.');
}

export async function putListItem(
  db: Db,
  buyer: Buyer,
  listId: string,
  variantId: string,
  body: { quantity: number; note?: string | undefined },
): Promise<ShoppingList> {
  const list = await requireList(db, buyer, listId);
  const variant = (await resolveVariants(db, buyer, [variantId])).get(variantId)!;
  const items = await listsRepo.listItemsOf(db, list.id, country(buyer));
  if (!items.some((i) => i.variantId === variant.id) && items.length >= 200) {
    throw new AppError('invalid_request', 'A shopping list holds at most 200 products.', { reason: 'list_full' });
  }
  await listsRepo.putListItem(db, list.id, { variantId: variant.id, quantity: body.quantity, note: body.note });
  return shoppingList(db, buyer, list.id);
}

export async function deleteListItem(db: Db, buyer: Buyer, listId: string, variantId: string): Promise<ShoppingList> {
  const list = await requireList(db, buyer, listId);
  const [variant] = await variantsRepo.variantsByPublicId(db, [variantId], country(buyer));
  if (!variant || !(await listsRepo.deleteListItem(db, list.id, variant.id)))
    throw new AppError('not_found', 'This product is not on the list.');
  return shoppingList(db, buyer, list.id);
}

export async function listToCart(db: Db, buyer: Buyer, listId: string): Promise<AddToCartOutcome> {
  const list = await requireList(db, buyer, listId);
  const items = await listsRepo.listItemsOf(db, list.id, country(buyer));
  if (items.length === 0)
    throw new AppError('invalid_request', 'This shopping list is empty.', { reason: 'list_empty' });
  const variants = await variantsRepo.variantsById(
    db,
    items.map((i) => i.variantId),
    country(buyer),
  );
  const byId = new Map(variants.map((v) => [v.id, v]));
  return putInCart(
    db,
    buyer,
    items.flatMap((i) => {
      const variant = byId.get(i.variantId);
      return variant ? [{ variant, quantity: i.quantity }] : [];
    }),
  );
}
