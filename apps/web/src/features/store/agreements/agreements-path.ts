import { brandAgreementsSegment } from '@granary/domain';
import { usePartner } from '../../../lib/brand/partner-context';

/** The partner's agreements page: '/direct/{brand}-agreements' ('/direct/granary-agreements'). */
export function useAgreementsPath(): { segment: string; path: string } {
  const partner = usePartner();
  const segment = brandAgreementsSegment(partner.branding.shortName || partner.displayName);
  return { segment, path: `/direct/${segment}` };
}

/** One agreement's page for a member of a farm business. */
export const agreementPath = (type: string, enterpriseId: string, userId: string) =>
  `/direct/agreement/${type}/${enterpriseId}/${userId}`;
