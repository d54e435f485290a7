import type { CrmMarketRow, FollowupRow, MerchandisingBootstrap } from '@granary/domain';

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

/** An open, upcoming follow-up of client 500 + id at market 10, assigned to Dana Merchant. */
export const followupRow = (id: number, extra: Partial<FollowupRow> = {}): FollowupRow => ({
  id,
  clientId: 500 + id,
  clientName: `Client ${id}`,
  marketId: 10,
  dueDate: '2099-01-0' + (id % 9 || 1),
  description: `Call back ${id}`,
  noteId: null,
  assignedUser: { id: 'u1', name: 'Dana Merchant' },
  state: 'upcoming',
  ageBucket: null,
  daysOverdue: 0,
  doneAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});
