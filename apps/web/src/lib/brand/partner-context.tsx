import type { WhiteLabelPartner } from '@granary/domain';
import { createContext, useContext, type ReactNode } from 'react';
import { FALLBACK_PARTNER } from '../api/fallback-partner';

const PartnerContext = createContext<WhiteLabelPartner>(FALLBACK_PARTNER);

/** Provides the partner whose brand the page wears (bootstrap, or the partner of the visit's intent). */
export function PartnerProvider({ partner, children }: { partner: WhiteLabelPartner; children: ReactNode }) {
  return <PartnerContext.Provider value={partner}>{children}</PartnerContext.Provider>;
}

export function usePartner(): WhiteLabelPartner {
  return useContext(PartnerContext);
}
