import { brandPackSegment } from '@granary/domain';
import { usePartner } from '../../../lib/brand/partner-context';

/** The partner's brand word and the house-brand packs' path: '/direct/{brand}-pack' ('/direct/granary-pack'). */
export function useBrandPackPath(): { brand: string; segment: string; path: string } {
  const partner = usePartner();
  const brand = partner.branding.shortName || partner.displayName;
  const segment = brandPackSegment(brand);
  return { brand, segment, path: `/direct/${segment}` };
}
