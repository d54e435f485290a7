// The store search's synonym list (issue 13): what farmers type that the catalogue does not say — trade names
// ("roundup") and common misspellings ("glyphosphate") — mapped to the catalogue's own term. Data, not code: the
// starting list comes with the migration, and staff add rows as they see searches that found nothing.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const storeSearchSynonyms = pgTable('store_search_synonyms', {
  /** What is typed, lower case, one or more words ("roundup", "round up"). */
  term: text('term').primaryKey(),
  /** The catalogue's term it stands for ("glyphosate"): an ingredient, a pest, a brand or a category word. */
  means: text('means').notNull(),
  /** Why it is here: a trade (brand) name or a misspelling. */
  kind: text('kind').$type<'brand' | 'misspelling'>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
