// Field schemas the CRM call shapes share (crm/api.ts, client-api.ts, contract-api.ts); not part of the domain's
// public surface.

import { z } from 'zod';
import { decimalStringSchema } from './exact.ts';

export const id = z.number().int();
/** Free text stored in PostgreSQL: no NUL characters (it can't hold them). */
export const noNul = (v: string) => !v.includes('\u0000');
export const decimal = decimalStringSchema.nullable();
/** An instant as ISO 8601 text ('2026-05-04T13:20:00.000Z'). */
export const instant = z.string();
