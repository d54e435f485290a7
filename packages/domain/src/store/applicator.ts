// The applicator page (platform.md 2.4 /direct/applicator/:enterpriseId?/:userId?): a buyer's restricted-use
// applicator licences, with a scan of each attached through the uploader. The optional ids let a super admin open
// another user's licences; anyone else gets a 404 for someone else's.

import { z } from 'zod';
import { daysBetween } from '../crm/exact.ts';

/** Whose licences a call is about: absent = the signed-in user's own. Public enterprise id, user id. */
export const applicatorOwnerQuerySchema = z
  .object({ enterpriseId: z.string().uuid().optional(), userId: z.string().uuid().optional() })
  .strict();
export type ApplicatorOwnerQuery = z.infer<typeof applicatorOwnerQuerySchema>;

/** 'Expires soon' within this many days of today. */
export const LICENCE_EXPIRES_SOON_DAYS = 30;

/** expired: after its expiry day; expiring: within 30 days; valid otherwise. A licence is valid through its expiry day. */
export function licenceExpiryState(expiresOn: string, today: string): 'expired' | 'expiring' | 'valid' {
  const days = daysBetween(today, expiresOn);
  if (days < 0) return 'expired';
  if (days <= LICENCE_EXPIRES_SOON_DAYS) return 'expiring';
  return 'valid';
}

/** The parent guid of a licence's files in the uploader. */
export function licenceUploadParent(licenceId: number): string {
  return `applicator-licence:${licenceId}`;
}
