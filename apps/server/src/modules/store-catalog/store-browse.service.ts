// Browsing the store by active ingredient, by pest and by marketplace seller: their lists with product counts in the
// region, and each one's product listing.

import { type StoreListingQuery } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './store-catalog.repo.ts';
import { countryOf, listing, regionResponse, requireArea, type Region } from './store-catalog.service.ts';

export async function ingredientList(db: Db, region: Region) {
  requireArea(region, 'ingredients');
  const rows = await repo.ingredientsWithCounts(db, countryOf(region));
  return { region: regionResponse(region), ingredients: rows.map(ingredientOut) };
}

function ingredientOut(r: repo.IngredientRow) {
  return {
    slug: r.slug,
    name: r.name,
    ingredientType: r.ingredientType,
    modeOfAction: r.modeOfAction,
    description: r.description,
    productCount: r.productCount,
  };
}

export async function ingredientPage(db: Db, region: Region, slug: string, q: StoreListingQuery) {
  requireArea(region, 'ingredients');
  const [row] = await repo.ingredientsWithCounts(db, countryOf(region), slug);
  if (!row) throw new AppError('not_found', 'There is no such active ingredient.');
  return {
    ingredient: ingredientOut(row),
    listing: await listing(db, region, { country: countryOf(region), ingredientSlug: slug }, q),
  };
}

function pestOut(r: repo.PestRow) {
  return {
    slug: r.slug,
    name: r.name,
    pestType: r.pestType,
    scientificName: r.scientificName,
    description: r.description,
    productCount: r.productCount,
  };
}

export async function pestList(db: Db, region: Region) {
  requireArea(region, 'pests');
  const rows = await repo.pestsWithCounts(db, countryOf(region));
  return { region: regionResponse(region), pests: rows.map(pestOut) };
}

export async function pestPage(db: Db, region: Region, slug: string, q: StoreListingQuery) {
  requireArea(region, 'pests');
  const [row] = await repo.pestsWithCounts(db, countryOf(region), slug);
  if (!row) throw new AppError('not_found', 'There is no such pest.');
  return { pest: pestOut(row), listing: await listing(db, region, { country: countryOf(region), pestSlug: slug }, q) };
}

/** /direct/marketplace/:section?: the marketplace sellers and their products; a section naming a seller lists theirs. */
export async function marketplace(db: Db, region: Region, section: string | undefined, q: StoreListingQuery) {
  requireArea(region, 'marketplace');
  const sellers = (await repo.sellersWithCounts(db, countryOf(region))).filter((s) => s.kind === 'marketplace');
  const out = sellers.map((s) => ({
    slug: s.slug,
    name: s.name,
    kind: s.kind,
    description: s.description,
    location: s.location,
    rating: s.rating,
    productCount: s.productCount,
  }));
  const seller = section ? (out.find((s) => s.slug === section) ?? null) : null;
  if (section && !seller) throw new AppError('not_found', 'There is no such marketplace seller.');
  const scope: repo.ListingScope = seller
    ? { country: countryOf(region), sellerSlug: seller.slug }
    : { country: countryOf(region), sellerKind: 'marketplace' };
  return { sellers: out, seller, listing: await listing(db, region, scope, q) };
}
