// The CRM administrator's legal entities and offboarding report (issue 15; grain-marketing.md 3 'Legal entity', 6
// 'Admin permissions' view-offboarding-report, 7 'Merchandising' admin/le/:platformId/legal-entities and .../upload).

import { z } from 'zod';
import { pagedFields } from './api.ts';
import { id, instant, noNul } from './api-fields.ts';

// ---------------------------------------------------------------------------------------------------
// Legal entities

export const ADMIN_LEGAL_ENTITIES_PAGE_SIZE = 25;

/**
 * GET admin/le/:platformId/legal-entities: `search` matches a name (any part), an external (ERP) id (its start) or,
 * when it is a number, a scope id; `scope` keeps one scope only (0: the default scope).
 */
export const adminLegalEntitiesQuerySchema = z.object({
  search: z.string().trim().max(100).refine(noNul).optional(),
  scope: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_LEGAL_ENTITIES_PAGE_SIZE),
  paginationToken: z.string().max(2048).optional(),
});
export type AdminLegalEntitiesQuery = z.input<typeof adminLegalEntitiesQuerySchema>;

/** A client legal entity of the partner (grain-marketing.md 3 'Legal entity': its scope id; 0 is the default scope). */
export const adminLegalEntityRowSchema = z.object({
  id,
  name: z.string(),
  extClientId: z.string().nullable(),
  scopeLegalEntityId: id,
  city: z.string().nullable(),
  administrativeAreaLevel1: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  emailAddress: z.string().nullable(),
  /** The markets it sells to. */
  marketIds: z.array(id),
  contactsCount: id,
  /** Onboarded as a farm business of the platform (its farmers may sign in). */
  onboarded: z.boolean(),
  updatedAt: instant,
});
export type AdminLegalEntityRow = z.infer<typeof adminLegalEntityRowSchema>;

export const adminLegalEntitiesResponseSchema = z.object({
  rows: z.array(adminLegalEntityRowSchema),
  ...pagedFields,
});
export type AdminLegalEntitiesResponse = z.infer<typeof adminLegalEntitiesResponseSchema>;

/** A scope id as the pages show it: the default scope (0) is said in words by the caller. */
export function isDefaultScope(scopeLegalEntityId: number): boolean {
  return scopeLegalEntityId === 0;
}
