import type { ClientProfile, ClientSearchRow, CrmMarketRow, FollowupRow, NoteRow } from '@granary/domain';
import { vi } from 'vitest';
import { BOOTSTRAP, crmMarket, followupRow } from '../test-fixtures';

// A fake CRM server for the clients pages' component tests: the merchandising calls they make, each overridable.

export const market = (id: number, displayName: string, extra: Partial<CrmMarketRow> = {}): CrmMarketRow =>
  crmMarket(id, displayName, {
    userPermissions: ['dashboard', 'contracts', 'contract_documents', 'notes', 'profile'],
    entitlements: ['prairie-dashboard', 'grain-buying-contracts'],
    ...extra,
  });

const MARKETS = [
  market(10, 'Ames Elevator'),
  market(11, 'Boone Terminal'),
  market(12, 'Cedar Bids Only', { userPermissions: ['instruments'] }),
];

export const searchRow = (id: number, name: string, extra: Partial<ClientSearchRow> = {}): ClientSearchRow => ({
  id,
  name,
  extClientId: String(10000 + id),
  scopeLegalEntityId: id,
  city: 'Boone',
  administrativeAreaLevel1: 'IA',
  phoneNumber: '+1 (515) 555-0101',
  emailAddress: `${name.split(' ')[0]!.toLowerCase()}@example.org`,
  defaultCommodity: 'SB',
  defaultCropYear: 2025,
  ...extra,
});

export const note = (id: number, extra: Partial<NoteRow> = {}): NoteRow => ({
  id,
  clientId: 501,
  marketId: 10,
  note: `Note number ${id}`,
  category: 'farm_visit',
  noteDate: '2026-11-0' + (id % 9 || 1),
  author: { id: 'u1', name: 'Dana Merchant' },
  createdAt: '2026-11-01T15:00:00.000Z',
  updatedAt: '2026-11-01T15:00:00.000Z',
  version: 1,
  ...extra,
});

/** A follow-up of the profile's client (Bakken Family Farms, 501). */
export const followup = (id: number, extra: Partial<FollowupRow> = {}): FollowupRow =>
  followupRow(id, { clientId: 501, clientName: 'Bakken Family Farms', dueDate: '2099-01-05', ...extra });

export function profile(
  extra: Partial<ClientProfile> = {},
  summary: Partial<ClientProfile['summary']> = {},
): ClientProfile {
  return {
    extClientId: '010268',
    legalEntityId: 501,
    marketId: 10,
    crop: { id: 2, name: 'soybeans', displayName: 'Soybeans', commodity: 'SB' },
    cropYear: 2025,
    onboardedUsers: [],
    onboardedEnterprises: [],
    summary: {
      clientName: 'Bakken Family Farms',
      phoneNumber: '+1 (319) 555-0308',
      emailAddress: 'jbakken23@example.org',
      area: '938',
      estimatedYield: '180.4',
      estimatedStorage: '94000',
      flags: { eSignEligible: true, ach: false },
      lastFarmVisit: '2025-08-16',
      lastAccessed: {
        leLastAccessed: '2026-11-22T07:50:00.000Z',
        perUser: [{ userId: 'u1', name: 'Dana Merchant', accessedAt: '2026-11-22T07:50:00.000Z' }],
      },
      followup: null,
      contracted: {
        withCompany: '18000',
        withOther: '10000',
        doubleObligation: '0',
        remaining: '141215.2',
        estimatedProduction: '169215.2',
      },
      contractedWithOther: '10000',
      contacts: [
        {
          id: 7,
          name: 'Jim Bakken',
          role: 'Owner',
          phoneNumber: '+1 (319) 555-0308',
          emailAddress: 'jbakken23@example.org',
        },
      ],
      contactPersonId: 7,
      ...summary,
    },
    charts: {
      breakdown: [
        { contractType: 'flat', quantity: '15000', contracts: 3 },
        { contractType: 'hta', quantity: '3000', contracts: 1 },
      ],
      contractedAndDelivered: [
        { month: '2025-10', contracted: '3000', delivered: '3000' },
        { month: '2025-11', contracted: '9000', delivered: '6700' },
      ],
      averagePricing: [
        { month: '2025-10', contractedAverage: '10.2675', deliveredAverage: '10.25', spot: null },
        { month: '2025-11', contractedAverage: '10.01', deliveredAverage: null, spot: '9.95' },
      ],
    },
    notes: [],
    quantityUnit: 'bushels',
    areaUnit: 'acres',
    currency: { id: 1, code: 'USD' },
    programEnrollments: [],
    defaultCommodity: 'SB',
    defaultCropYear: 2025,
    version: 3,
    ...extra,
  };
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
export type Call = { url: URL; method: string; body: string | undefined; headers: Record<string, string> };
export type Handler = (call: Call, path: string) => Reply | undefined;

/** Stubs fetch: `handler` answers first; then the merchandising bootstrap, the markets and a 404 for anything else. */
export function serveCrm(handler: Handler, options: { markets?: CrmMarketRow[] } = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const call: Call = {
      url,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? init.body : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const path = url.pathname.replace('/api/commodities/merchandising', '');
    let reply = handler(call, path);
    if (!reply) {
      if (path === '/bootstrap') reply = { status: 200, body: BOOTSTRAP };
      else if (path === '/le/1/markets')
        reply = { status: 200, body: { markets: options.markets ?? MARKETS, adminPermissions: {}, isAdmin: false } };
      else reply = { status: 404, body: { code: 'not_found', message: 'Not found' } };
    }
    return Promise.resolve(
      new Response(reply.status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json', ...reply.headers },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export const paged = <T>(rows: T[], extra: Record<string, unknown> = {}) => ({
  rows,
  totalCount: rows.length,
  paginationToken: null,
  page: 1,
  pageSize: 25,
  ...extra,
});
