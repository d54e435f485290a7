import type {
  BalancesResponse,
  FarmerContractDetail,
  FarmerContractRow,
  FarmerFilters,
  FarmerTicketRow,
  SalesSummaryResponse,
} from '@granary/domain';
import { vi } from 'vitest';

// A fake profit-center server for My Sales Lite's component tests: each call overridable, 404 for anything else.

export const contractRow = (id: number, extra: Partial<FarmerContractRow> = {}): FarmerContractRow => ({
  id,
  displayContractId: `C-${100000 + id}`,
  contractType: 'flat',
  status: 'open',
  cropId: 1,
  crop: 'Corn',
  cropYear: 2026,
  marketId: 10,
  market: 'Ames Elevator',
  clientId: 501,
  clientName: 'Fieldman Family Farms',
  quantityUnit: 'bushels',
  quantity: '5000',
  cancelled: '0',
  contracted: '5000',
  delivered: '2000',
  remaining: '3000',
  overDelivered: '0',
  priced: '5000',
  unpriced: '0',
  priceStatus: 'priced',
  futuresPrice: '4.6',
  basis: '-0.35',
  cashPrice: '4.25',
  optionMonth: '2026-12',
  deliveryStart: '2026-10-01',
  deliveryEnd: '2026-12-31',
  contractDate: '2026-05-04',
  expiration: null,
  lastTicketDate: '2026-10-20',
  signatureNeeded: false,
  signed: true,
  ...extra,
});

const SUMMARY: SalesSummaryResponse = {
  rows: [
    {
      cropId: 1,
      crop: 'Corn',
      cropYear: 2026,
      quantityUnit: 'bushels',
      contractCount: 2,
      openContractCount: 2,
      contracted: '12500',
      delivered: '5000',
      remaining: '7500',
      priced: '10000',
      unpriced: '2500',
      averageCash: '4.3125',
    },
    {
      cropId: 2,
      crop: 'Soybeans',
      cropYear: 2025,
      quantityUnit: 'bushels',
      contractCount: 1,
      openContractCount: 0,
      contracted: '3000',
      delivered: '3000',
      remaining: '0',
      priced: '3000',
      unpriced: '0',
      averageCash: '10.5',
    },
  ],
};

const FILTERS: FarmerFilters = {
  crops: [
    { id: 1, name: 'corn', displayName: 'Corn' },
    { id: 2, name: 'soybeans', displayName: 'Soybeans' },
  ],
  cropYears: [2026, 2025],
  statuses: ['open', 'completed', 'cancelled'],
  priceStatuses: ['unpriced', 'futures_set', 'basis_set', 'partially_priced', 'priced'],
  markets: [{ id: 10, label: 'Ames Elevator' }],
};

export const detail = (row: FarmerContractRow, extra: Partial<FarmerContractDetail> = {}): FarmerContractDetail => ({
  contract: row,
  pricingEvents: [
    {
      id: 1,
      quantity: '5000',
      futuresPrice: '4.6',
      basis: '-0.35',
      cashPrice: '4.25',
      pricedAt: '2026-05-04T15:00:00.000Z',
    },
  ],
  ticketApplications: [
    {
      id: 7,
      scaleTicketId: 70,
      displayScaleTicketId: 'T-500070',
      deliveryDate: '2026-10-20',
      quantity: '2000',
      splitPct: '100',
    },
  ],
  amendments: [
    {
      id: 3,
      displayContractAmendmentId: 'A-200003',
      action: 'futures_roll',
      createdAt: '2026-06-01T15:00:00.000Z',
      changes: { fromOptionMonth: '2026-09', toOptionMonth: '2026-12' },
    },
  ],
  documents: [],
  ...extra,
});

export const BALANCES: BalancesResponse = {
  rows: [{ ...SUMMARY.rows[0]!, unappliedTickets: '812.5', unappliedTicketCount: 2 }],
};

export const ticketRow = (id: number, extra: Partial<FarmerTicketRow> = {}): FarmerTicketRow => ({
  id,
  displayScaleTicketId: `T-${500000 + id}`,
  marketId: 10,
  market: 'Ames Elevator',
  clientId: 501,
  clientName: 'Fieldman Family Farms',
  cropId: 1,
  crop: 'Corn',
  cropYear: 2026,
  deliveryDate: '2026-10-20',
  quantity: '1000.5',
  quantityUnit: 'bushels',
  weight: '62000',
  applied: '1000.5',
  unapplied: '0',
  moisture: '15.5',
  testWeight: '56.2',
  foreignMaterial: '0.8',
  damage: '1.2',
  shrinkQuantity: '0',
  dryingCharge: '0',
  discountAmount: '0',
  applications: [{ contractId: 1, displayContractId: 'C-100001', quantity: '1000.5', splitPct: '100' }],
  ...extra,
});

export const paged = <T>(rows: T[], extra: Record<string, unknown> = {}) => ({
  rows,
  totalCount: rows.length,
  paginationToken: null,
  page: 1,
  pageSize: 20,
  ...extra,
});

type Reply = { status: number; body?: unknown };
type Call = { url: URL; method: string };
export type Handler = (call: Call, path: string) => Reply | undefined;

/** Stubs fetch: `handler` answers first; then summary and filters defaults; 404 for anything else. */
export function serveMsl(handler: Handler) {
  const calls: Call[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const call: Call = { url, method: init?.method ?? 'GET' };
    calls.push(call);
    const path = url.pathname.replace('/api/commodities/profit-center', '');
    let reply = handler(call, path);
    if (!reply) {
      if (path === '/summary') reply = { status: 200, body: SUMMARY };
      else if (path === '/filters') reply = { status: 200, body: FILTERS };
      else reply = { status: 404, body: { code: 'not_found', message: 'Not found' } };
    }
    return Promise.resolve(
      new Response(JSON.stringify(reply.body ?? null), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
