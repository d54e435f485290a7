import type { Offer } from '@granary/domain';
import { vi } from 'vitest';

/** A request the page sent, as a test reads it back (a body that is not JSON, e.g. a CSV file, as its text). */
export type StubCall = { url: URL; method: string; body: unknown; ifMatch: string | null };
/** What the stubbed server answers; no body sends an empty one. */
export type StubReply = { status: number; body?: unknown; headers?: Record<string, string> };

function jsonOrText(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

const NOT_FOUND: StubReply = { status: 404, body: { code: 'not_found', message: 'Not found' } };

/**
 * Stubs the global fetch with a little server: each request is recorded (URL, method, JSON body, If-Match) and
 * answered by `route` as JSON; a request `route` does not answer (undefined) gets the API's 404. Returns the calls.
 */
export function stubFetch(route: (call: StubCall) => StubReply | undefined): StubCall[] {
  const calls: StubCall[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const headers = new Headers(init?.headers);
    const call: StubCall = {
      url,
      method: init?.method ?? 'GET',
      body: init?.body ? jsonOrText(String(init.body)) : undefined,
      ifMatch: headers.get('if-match'),
    };
    calls.push(call);
    const reply = route(call) ?? NOT_FOUND;
    return Promise.resolve(
      new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json', ...reply.headers },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** An offer as the API returns it: a farmer's working offer on Ames Elevator's Dec 2026 corn bid, with `extra` over it. */
export function offerFixture(id: number, extra: Partial<Offer> = {}): Offer {
  return {
    id,
    marketId: 10,
    marketName: 'Ames Elevator',
    instrumentId: 7,
    clientId: 501,
    clientName: 'Fieldman Family Farms',
    cropId: 1,
    crop: 'Corn',
    cropYear: 2026,
    deliveryPeriod: 'Dec 2026',
    deliveryStart: '2026-12-01',
    deliveryEnd: '2026-12-31',
    futuresSymbol: 'ZCZ26',
    quantity: '5000.0000',
    quantityUnit: 'bushels',
    targetCashPrice: '4.5200',
    currentCashPrice: '4.4900',
    distanceToTarget: '-0.0300',
    status: 'working',
    expiresAt: '2026-12-06T05:59:59.999Z',
    expiresOn: '2026-12-05',
    priceHitAt: null,
    priceHitCash: null,
    filledAt: null,
    contractId: null,
    displayContractId: null,
    cancelledAt: null,
    placedBy: { id: 'u1', name: 'Sam Fieldman' },
    placedByFarmer: true,
    note: null,
    createdAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
    version: 1,
    actions: ['edit', 'cancel'],
    ...extra,
  };
}
