import { index, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './platform.ts';

/**
 * Manual resource permissions (platform.md 6.2 'resource permissions (automatic and manual)', 7.4
 * users/:userId/permissions/resource-permissions/manual): a permission on one resource that staff granted a user by
 * hand, beside the automatic ones their memberships give (docs/decisions/053-staff-administration.md).
 */
export const manualResourcePermissions = pgTable(
  'manual_resource_permissions',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'enterprise' (its legacy id); the column leaves room for other kinds of resource. */
    resourceType: text('resource_type').$type<'enterprise'>().notNull(),
    resourceId: text('resource_id').notNull(),
    permission: text('permission').notNull(),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('manual_resource_permissions_key').on(t.userId, t.resourceType, t.resourceId, t.permission),
    index('manual_resource_permissions_resource_idx').on(t.resourceType, t.resourceId),
  ],
);
