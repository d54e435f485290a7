import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './platform.ts';

// Uploaded files (platform.md 3.6 'Upload file', 4.4): a user's file, attached to a parent record by its guid (for
// example an applicator licence's scan, 'applicator-licence:42'). The bytes live in the row: files are small (at
// most 10 MB, enforced by the route) and few, so one database keeps backups and scaling simple. The owner is the only
// one who sees them (a super admin may open them for a user, as on the applicator page).

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export type UploadStatus = 'completed';

export const storeUploads = pgTable(
  'store_uploads',
  {
    guid: uuid('guid').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the file belongs to, e.g. 'applicator-licence:42'. */
    parentGuid: text('parent_guid').notNull(),
    fileName: text('file_name').notNull(),
    /** application/pdf, image/png or image/jpeg. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of the bytes. */
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    /** A row is written once the whole body arrived, so it is 'completed'; the other states of 4.4 live in the browser. */
    status: text('status').$type<UploadStatus>().notNull().default('completed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_uploads_owner_parent_idx').on(t.userId, t.parentGuid, t.createdAt)],
);
