import { bigserial, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { markets } from './crm.ts';
import { users } from './platform.ts';

/**
 * A market's posts to its farmers (issue 15; grain-marketing.md 7 le/:partnerLegalEntity/market/:marketId/posts):
 * a title and a text, published or a draft, written by the market's administrators; versioned (If-Match).
 */
export const marketPosts = pgTable(
  'market_posts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('market_posts_market_idx').on(t.marketId, t.createdAt)],
);
