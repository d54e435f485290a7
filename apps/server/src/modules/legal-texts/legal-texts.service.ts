import type { FastifyRequest } from 'fastify';
import {
  isCrmAdmin,
  LEGAL_DOCUMENTS,
  type AdminGrants,
  type LegalDocument,
  type LegalText,
  type WhiteLabelPartner,
} from '@granary/domain';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { UserRow } from '../../platform/sessions.repo.ts';
import { legalTextOf, legalTextsOf, saveLegalText, type LegalTextRow } from './legal-texts.repo.ts';

function toText(document: LegalDocument, row: LegalTextRow | null | undefined): LegalText {
  return row
    ? { document, body: row.body, updatedAt: row.updatedAt.toISOString() }
    : { document, body: '', updatedAt: null };
}

/** One document of the partner (an empty body and no date when the partner has not published it). */
export async function legalText(db: Db, partner: WhiteLabelPartner, document: LegalDocument): Promise<LegalText> {
  return toText(document, await legalTextOf(db, partner.id, document));
}

/** Every document of the partner, in the order of LEGAL_DOCUMENTS (the editor's list). */
export async function legalTextList(db: Db, partner: WhiteLabelPartner): Promise<LegalText[]> {
  const rows = await legalTextsOf(db, partner.id);
  return LEGAL_DOCUMENTS.map((document) =>
    toText(
      document,
      rows.find((row) => row.document === document),
    ),
  );
}

/**
 * Who may change a partner's legal texts: a super admin (staff), or the partner's own CRM administrator (buyer-admin
 * or farmer-admin) — never another partner's.
 */
function mayEditLegalTexts(user: UserRow, partner: WhiteLabelPartner): boolean {
  if (user.isSuperAdmin) return true;
  return user.partnerId === partner.id && isCrmAdmin(user.adminPermissions as AdminGrants);
}

/** Publishes or replaces a document's text, audited with its length (the text itself is in the table). */
export async function changeLegalText(
  db: Db,
  request: FastifyRequest,
  input: { user: UserRow; actorId: string; partner: WhiteLabelPartner; document: LegalDocument; body: string },
): Promise<LegalText> {
  if (!mayEditLegalTexts(input.user, input.partner)) {
    throw new AppError('forbidden', "Only the partner's administrators may change its legal texts.");
  }
  const row = await saveLegalText(db, {
    partnerId: input.partner.id,
    document: input.document,
    body: input.body,
    userId: input.user.id,
  });
  await audit(db, request, {
    actorUserId: input.actorId,
    actingAsUserId: input.actorId === input.user.id ? null : input.user.id,
    action: 'legal_text_changed',
    targetType: 'legal_text',
    targetId: `${input.partner.id}/${input.document}`,
    details: { length: input.body.length },
  });
  return toText(input.document, row);
}
