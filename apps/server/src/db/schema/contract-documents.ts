import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contractAmendments, contracts } from './crm.ts';
import { users } from './platform.ts';
import { sustainabilityEnrolments } from './sustainability.ts';

/**
 * Documents sent for e-signature (decision 016): a contract's or an amendment's, or a sustainability enrolment's
 * (decision 059). Its own file, not crm.ts: it points at sustainability's enrolments, which point back at crm.ts's
 * markets and legal entities, and the schema files must not import each other in a cycle.
 */
export const contractDocuments = pgTable(
  'contract_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * The contract signed, or (kind 'enrolment') null and enrolmentId set: exactly one of them (decision 016); a
     * structure's confirmation (kind 'structure') has neither and is linked by structure_confirmations.
     */
    contractId: bigint('contract_id', { mode: 'number' }).references(() => contracts.id, { onDelete: 'cascade' }),
    /** The sustainability enrolment this document carries (kind 'enrolment'; decisions 016, 059). */
    enrolmentId: integer('enrolment_id').references(() => sustainabilityEnrolments.id, {
      onDelete: 'cascade',
    }),
    kind: text('kind').notNull().default('contract'),
    /** The amendment this document carries (kind 'amendment'; decision 042), null for the contract itself. */
    amendmentId: bigint('amendment_id', { mode: 'number' }).references(() => contractAmendments.id, {
      onDelete: 'cascade',
    }),
    fileName: text('file_name').notNull(),
    status: text('status').$type<'draft' | 'sent' | 'signed' | 'void'>().notNull().default('draft'),
    sha256: text('sha256'),
    content: text('content'),
    signedBy: uuid('signed_by').references(() => users.id, { onDelete: 'set null' }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedIp: text('signed_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contract_documents_contract_idx').on(t.contractId),
    index('contract_documents_enrolment_idx').on(t.enrolmentId),
    // A structure's confirmation (kind 'structure', issue 18) carries neither: structure_confirmations links it.
    check(
      'contract_documents_subject_check',
      sql`num_nonnulls(${t.contractId}, ${t.enrolmentId}) = case when ${t.kind} = 'structure' then 0 else 1 end`,
    ),
  ],
);
