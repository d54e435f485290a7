import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { enterprises, users } from './platform.ts';
import { authTokens } from './identity.ts';
import type { InvitationStatus } from './admin-users.ts';

/**
 * An invitation to an enterprise's team (issue 16, decision 052): by e-mail or by phone, with the role and access
 * flags the member will have. The link's secret is identity's auth token (purpose 'invitation', hashed, 7 days, single
 * use), as the CRM's invitations (decision 048); `token_id` names the live one, so a resend or a cancel voids it.
 */
export const enterpriseInvitations = pgTable(
  'enterprise_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    /** Lower-cased; null for an invitation by phone. */
    email: text('email'),
    /** E.164; null for an invitation by e-mail. */
    phoneNumber: text('phone_number'),
    role: text('role').$type<'owner' | 'subaccount' | 'professional'>().notNull(),
    permissions: text('permissions')
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
  },
  (t) => [
    // One pending invitation per enterprise and address (or phone).
    uniqueIndex('enterprise_invitations_pending_email_idx')
      .on(t.enterpriseId, t.email)
      .where(sql`${t.status} = 'pending' and ${t.email} is not null`),
    uniqueIndex('enterprise_invitations_pending_phone_idx')
      .on(t.enterpriseId, t.phoneNumber)
      .where(sql`${t.status} = 'pending' and ${t.phoneNumber} is not null`),
    index('enterprise_invitations_enterprise_idx').on(t.enterpriseId, t.status, t.createdAt),
    index('enterprise_invitations_token_idx').on(t.tokenId),
  ],
);
