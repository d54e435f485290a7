import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApiTokenScope } from '@granary/domain';
import { users } from './platform.ts';

/**
 * API tokens for integrations (issue 15, users/:userLegacyId/tokens): a token acts as its user for its scopes only.
 * Only the SHA-256 of the token is kept; the prefix (unique, shown in lists) finds the row, the hash is compared in
 * constant time. A revoked token keeps its row (the list shows it revoked); last_used_at moves at most once a minute.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes')
      .array()
      .$type<ApiTokenScope[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_prefix_idx').on(t.prefix), index('api_tokens_user_idx').on(t.userId, t.createdAt)],
);
