import { auditActionMessages } from '../../lib/i18n/audit-action-messages';
import type { MessageId } from '../../lib/i18n/messages';
import { staffAdminMessages } from '../../lib/i18n/staff-admin-messages';
import type { useT } from '../../lib/i18n/t';

// The staff area's codes in words (issue 13's rule: "shows what happened in words, not codes"): audit actions, roles,
// admin permissions, access flags and verification states each have a label in the area's catalogue; a code the
// catalogue does not know yet (a new audit action, a role added to the data) shows humanised, never raw.

type Translate = ReturnType<typeof useT>;

const known = new Set<string>([...Object.keys(staffAdminMessages), ...Object.keys(auditActionMessages)]);

/** 'crm_user_invite' → 'Crm user invite', 'ingest.sync.create' → 'Ingest sync create'. */
function humanise(code: string): string {
  const words = code.replace(/[-_.]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : code;
}

function labelOf(t: Translate, prefix: string, code: string): string {
  const id = `${prefix}${code}`;
  return known.has(id) ? t(id as MessageId) : humanise(code);
}

type StaffLabelKind = 'audit' | 'employeeRole' | 'builderRole' | 'permission' | 'flag' | 'verification';

const PREFIX: Record<StaffLabelKind, string> = {
  audit: 'audit.action.',
  employeeRole: 'staffAdmin.employeeRole.',
  builderRole: 'staffAdmin.builderRole.',
  permission: 'staffAdmin.permission.',
  flag: 'staffAdmin.flag.',
  verification: 'staffAdmin.verification.',
};

/** The label of a code of the staff area (an audit action, a role, a permission, a flag, a verification state). */
export function staffLabel(t: Translate, kind: StaffLabelKind, code: string): string {
  return labelOf(t, PREFIX[kind], code);
}
