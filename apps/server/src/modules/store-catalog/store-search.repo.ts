// The store search's data beyond the listing query: the synonym list, the catalogue's words (for typo
// correction) and the few products suggested as the user types.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';
import { storeSearchSynonyms } from '../../db/schema/index.ts';
import type { ListingScope } from './store-catalog.repo.ts';

/** The synonym list: typed phrase (lower case) → catalogue term. */
export async function synonyms(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ term: storeSearchSynonyms.term, means: storeSearchSynonyms.means })
    .from(storeSearchSynonyms);
  return new Map(rows.map((r) => [r.term.toLowerCase(), r.means.toLowerCase()]));
}

/** The names a typo may be corrected to: ingredients, pests, categories, brands and product names. */
export async function catalogueNames(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select name from store_ingredients union select name from store_pests union select name from store_categories
    union select distinct brand from store_products union select distinct name from store_products`);
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}

export type SuggestedProduct = { slug: string; name: string; brand: string };

/**
 * Products whose search document matches every word, the last one as a prefix (the user is still typing it), in
 * the country; best ranked first (name before ingredient before description), then by name.
 */
export async function suggestProducts(
  db: Db,
  country: ListingScope['country'],
  words: string[],
  limit: number,
): Promise<SuggestedProduct[]> {
  if (words.length === 0) return [];
  const query = words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
  const result = await db.execute(sql`
    select p.slug, p.name, p.brand from store_product_regions r join store_products p on p.id = r.product_id
    where r.country = ${country} and p.search_vector @@ to_tsquery('english', ${query})
    order by ts_rank_cd(p.search_vector, to_tsquery('english', ${query})) desc, p.name asc limit ${limit}`);
  return rowsOf<SuggestedProduct>(result);
}
