// The legal pages' texts (platform.md 2.1; issue 13, 'No dead ends'): each partner's own text per document, edited by
// the partner's administrators, so the words are data and not code.
import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { partners, users } from './platform.ts';

/** A row per (partner, document) the partner has published; a document without one shows "not published yet". */
export const legalTexts = pgTable(
  'legal_texts',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** One of LEGAL_DOCUMENTS ('terms-of-service', 'privacy-policy', ...). */
    document: text('document').notNull(),
    /** Paragraphs separated by blank lines, '#'/'##' headings, '- ' lists, **bold** (parseLegalText). */
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who changed it last (null for the seeded text). */
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.document] })],
);
