import { clientSummaryPatchSchema, type ClientSummaryPatch } from '@granary/domain';
import type { MessageId } from '../../../lib/i18n/messages';

/** The editable summary fields (grain-marketing.md 3) and the domain's rules for each (clientSummaryPatchSchema). */
export const SUMMARY_FIELDS = ['area', 'estimatedYield', 'estimatedStorage', 'contractedWithOther'] as const;
export type SummaryField = (typeof SUMMARY_FIELDS)[number];

const SUMMARY_FIELD_RULES: Readonly<Record<SummaryField, { scale: number; max: string }>> = {
  area: { scale: 2, max: '999999999999' },
  estimatedYield: { scale: 2, max: '99999999' },
  estimatedStorage: { scale: 4, max: '99999999999999' },
  contractedWithOther: { scale: 4, max: '99999999999999' },
};

export type FieldCheck =
  { ok: true; value: string | null } | { ok: false; error: MessageId; values?: Record<string, string | number> };

function greaterThan(a: string, b: string): boolean {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const aInt = ai.replace(/^0+(?=\d)/, '');
  const bInt = bi.replace(/^0+(?=\d)/, '');
  if (aInt.length !== bInt.length) return aInt.length > bInt.length;
  if (aInt !== bInt) return aInt > bInt;
  const width = Math.max(af.length, bf.length);
  return af.padEnd(width, '0') > bf.padEnd(width, '0');
}

/**
 * What a typed value means for a field: '' clears it (null); otherwise a decimal ≥ 0 with at most the field's
 * decimals and not above its maximum. Thousands commas and surrounding spaces are accepted ('1,200.5').
 * The result is what the server's schema accepts (checked against clientSummaryPatchSchema too).
 */
export function checkSummaryValue(field: SummaryField, raw: string): FieldCheck {
  const text = raw.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  if (text === '') return { ok: true, value: null };
  if (text.startsWith('-')) return { ok: false, error: 'crm.client.field.error.negative' };
  if (!/^\d+(\.\d+)?$/.test(text) && !/^\.\d+$/.test(text))
    return { ok: false, error: 'crm.client.field.error.number' };
  const value = text.startsWith('.') ? `0${text}` : text;
  const rule = SUMMARY_FIELD_RULES[field];
  if ((value.split('.')[1]?.length ?? 0) > rule.scale)
    return { ok: false, error: 'crm.client.field.error.decimals', values: { count: rule.scale } };
  if (greaterThan(value, rule.max)) return { ok: false, error: 'crm.client.field.error.max' };
  const patch: ClientSummaryPatch = { [field]: value };
  if (!clientSummaryPatchSchema.safeParse(patch).success) return { ok: false, error: 'crm.client.field.error.number' };
  return { ok: true, value };
}
