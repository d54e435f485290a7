import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SavedViewGrid, SavedViewState } from '@granary/domain';
import { users } from './platform.ts';

/** A user's named state of a CRM grid (issue 13): filters, sort, columns and density, kept server-side. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: text('partner_id').notNull(),
    grid: text('grid').$type<SavedViewGrid>().notNull(),
    name: text('name').notNull(),
    state: jsonb('state').$type<SavedViewState>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_views_user_grid_name_idx').on(t.userId, t.grid, t.name),
    index('saved_views_partner_idx').on(t.partnerId),
  ],
);
