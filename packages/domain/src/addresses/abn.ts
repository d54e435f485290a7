// The Australian business number (platform.md 3.6, decision 051): 11 digits whose check is the register's own
// modulus-89 rule, and the record a lookup answers (abn, state, gst, entityName, active, postCode).

import { z } from 'zod';
import { AUSTRALIAN_STATES } from '../region/subdivisions.ts';

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** The digits of an ABN as people write it ('51 824 753 556'), or null when it is not 11 digits. */
export function normalizeAbn(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{11}$/.test(digits) ? digits : null;
}

/**
 * The register's check: subtract 1 from the first digit, weight the 11 digits 10, 1, 3, 5, … 19, and the sum must
 * divide by 89.
 */
export function isValidAbn(input: string): boolean {
  const abn = normalizeAbn(input);
  if (!abn || abn[0] === '0') return false;
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += ((Number(abn[i]) - (i === 0 ? 1 : 0)) * ABN_WEIGHTS[i]!) as number;
  return sum % 89 === 0;
}

/** '51 824 753 556': how the register and invoices write an ABN. */
export function formatAbn(abn: string): string {
  const d = normalizeAbn(abn) ?? abn;
  return d.length === 11 ? `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}` : d;
}

export const AUSTRALIAN_STATE_CODES = AUSTRALIAN_STATES.map((s) => s.code);

/** The ABN record on the wire (snake_case; the web reads it camelCased: entityName, postCode). */
export const abnRecordSchema = z.object({
  abn: z.string(),
  entity_name: z.string(),
  state: z.string(),
  post_code: z.string(),
  gst: z.boolean(),
  active: z.boolean(),
});
export type AbnRecordWire = z.infer<typeof abnRecordSchema>;
