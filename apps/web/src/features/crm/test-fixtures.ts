import type { CrmMarketRow, MerchandisingBootstrap } from '@granary/domain';

// Shared by the CRM pages' component tests (never imported by the app).

/** The merchandising bootstrap of the test partner (short name 'Prairie': its dashboard key is 'prairie-dashboard'). */
export const BOOTSTRAP: MerchandisingBootstrap = {
  partnerLegalEntity: { id: 1, name: 'Prairie Grain', scopeLegalEntityId: 1 },
  partner: { id: 'test', displayName: 'Prairie Test Grain', shortName: 'Prairie', tradeName: 'Prairie Test Grain' },
  partnerHasCrm: true,
  ingestDashboardAccess: false,
  structuredProductAccess: false,
  bids_offers_ext_commodities: {},
  hasExternalScope: false,
  defaultScopeLegalEntityId: 0,
};

/** A market of the markets call: Ames, IA; `extra` sets the user's permissions and entitlements there. */
export function crmMarket(id: number, displayName: string, extra: Partial<CrmMarketRow> = {}): CrmMarketRow {
  return {
    id,
    displayName,
    label: displayName,
    address: { city: 'Ames', administrativeAreaLevel1: 'IA' },
    countryCode: 'USA',
    timezone: 'America/Chicago',
    userPermissions: [],
    sustainabilityEnabled: false,
    entitlements: [],
    ...extra,
  };
}
