// How the store's search reads a query (issue 13): the synonym list (trade names, known misspellings) first, then
// the nearest catalogue word for a typo nobody listed, then — in the listing — the trigram similarity. The rules are
// the domain's (search-terms.ts); this file feeds them the data and answers the suggestions as the user types.
import {
  applySynonyms,
  catalogueWords,
  completeSynonym,
  correctTypos,
  normalizeSearchQuery,
  type QueryRewrite,
  type StoreSearchSuggestions,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { catalogAggregates } from './catalog-cache.ts';
import type { ListingScope } from './store-catalog.repo.ts';
import * as repo from './store-search.repo.ts';

function synonymList(db: Db): Promise<ReadonlyMap<string, string>> {
  return catalogAggregates(db).get('search-synonyms', () => repo.synonyms(db));
}

/** The synonym list's reading of a query (unchanged when none of its words is listed). */
export async function withSynonyms(db: Db, q: string): Promise<QueryRewrite> {
  return applySynonyms(q, await synonymList(db));
}

/** The query with each word the catalogue does not know replaced by its nearest catalogue word, where one is near. */
export async function withTypoCorrection(db: Db, q: string): Promise<QueryRewrite> {
  const vocabulary = await catalogAggregates(db).get('search-vocabulary', async () =>
    catalogueWords(await repo.catalogueNames(db)),
  );
  return correctTypos(q, vocabulary);
}

/** A term as the catalogue writes it ('glyphosate' → 'Glyphosate'), where a catalogue name is exactly that term. */
export async function catalogueSpelling(db: Db, term: string): Promise<string> {
  const names = await catalogAggregates(db).get('search-names', () => repo.catalogueNames(db));
  return names.find((n) => n.toLowerCase() === term.toLowerCase()) ?? term;
}

/** Letters and digits of each word, for a prefix query (the search syntax's own characters are dropped). */
function queryWords(q: string): string[] {
  return normalizeSearchQuery(q)
    .split(' ')
    .map((w) => w.replace(/[^\p{L}\p{N}]+/gu, ''))
    .filter(Boolean);
}

/**
 * The suggestions while typing: the products matching the query read through the synonym list (so 'glyphosphate'
 * offers the glyphosate products, not 'Phosphate'); a half-typed listed phrase ('roun', 'dicm') puts its term's
 * products first, before those matching the letters as typed; when nothing matches, the typo correction.
 */
export async function suggest(db: Db, country: ListingScope['country'], q: string): Promise<StoreSearchSuggestions> {
  const limit = 8;
  const synonyms = await synonymList(db);
  const synonym = applySynonyms(q, synonyms);
  const products = await repo.suggestProducts(db, country, queryWords(synonym.query), limit);
  const completed = synonym.replaced.length === 0 ? completeSynonym(q, synonyms) : null;
  if (completed) {
    const first = await repo.suggestProducts(db, country, queryWords(completed.query), limit);
    if (first.length > 0) {
      const seen = new Set(first.map((p) => p.slug));
      return {
        term: completed.replaced[0]!.term,
        query: completed.query,
        products: [...first, ...products.filter((p) => !seen.has(p.slug))].slice(0, limit),
      };
    }
  }
  if (products.length > 0) return { term: synonym.replaced.at(-1)?.term ?? null, query: synonym.query, products };
  const corrected = await withTypoCorrection(db, synonym.query);
  if (corrected.replaced.length === 0) return { term: null, query: synonym.query, products: [] };
  return {
    term: corrected.replaced.at(-1)!.term,
    query: corrected.query,
    products: await repo.suggestProducts(db, country, queryWords(corrected.query), limit),
  };
}
