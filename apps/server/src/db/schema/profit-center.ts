import { integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { markets } from './crm.ts';
import { users } from './platform.ts';

// Issue 17, the profit center's market home (docs/decisions/057-profit-center.md): a user's favourite locations, a
// market and crop each (`favorite/:locationId/:cropId`). Stored per user, not per farm business: the same person sees
// the same favourites whichever of their farm businesses is current.
export const profitCenterFavorites = pgTable(
  'profit_center_favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    cropId: integer('crop_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.marketId, t.cropId] })],
);
