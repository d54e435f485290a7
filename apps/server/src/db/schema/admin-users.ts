import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { partners, users } from './platform.ts';
import { authTokens } from './identity.ts';

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

/**
 * A buyer-admin's invitation of a person to the partner's CRM (issue 15): who, with which market and admin
 * permissions. The link's secret is an auth token (purpose 'invitation', hashed, 7 days); `token_id` is the live one
 * (a resend voids it and issues another). The account is made or joined when the person accepts.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    /** Market id → permission names, as market_user_permissions will hold them. */
    marketPermissions: jsonb('market_permissions').$type<Record<string, string[]>>().notNull().default({}),
    /** Admin permission names granted on every market. */
    adminPermissions: text('admin_permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<InvitationStatus>().notNull().default('pending'),
    tokenId: uuid('token_id').references(() => authTokens.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One pending invitation per address and partner.
    uniqueIndex('user_invitations_pending_email_idx')
      .on(t.partnerId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
    index('user_invitations_partner_idx').on(t.partnerId, t.status, t.createdAt),
  ],
);
