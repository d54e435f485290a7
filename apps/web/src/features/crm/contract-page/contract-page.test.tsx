import type { ContractEsignStatus, ContractListRow, ContractPageData, CrmMarketRow } from '@granary/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubCall, type StubReply } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { settlementDetail } from '../../../lib/trading/settlement-test-fixtures';
import { BOOTSTRAP, crmMarket } from '../test-fixtures';

afterEach(() => vi.restoreAllMocks());

const markets: CrmMarketRow[] = [
  crmMarket(10, 'Ames Elevator', { userPermissions: ['dashboard', 'contracts', 'deliveries', 'contract_documents'] }),
];

const row = {
  kind: 'contract',
  id: 41,
  clientId: 7,
  marketId: 10,
  cropId: 1,
  contractType: 'mp',
  client: 'Fieldman Family Farms',
  contractStatus: 'open',
  quantity: '5000',
  quantityUnit: 'bushels',
  deliveryStartIsoStr: '2026-10-01',
  deliveryEndIsoStr: '2026-10-31',
  delivery: null,
  priceStatus: 'partially_priced',
  averageFutures: '4.2675',
  averageBasis: '-0.35',
  averageCash: '3.9175',
  deliveredQuantity: '1000',
  optionMonth: '2026-12',
  undeliveredQuantity: '3800',
  expiration: '2026-11-20',
  expirationDay: 10,
  inTheMoney: null,
  daysAccumulated: null,
  offerPrice: null,
  lastTicketDate: null,
  strike: '4.5',
  callOptionFee: '0.12',
  document: 'contract-C-1041.pdf',
  date: '2026-09-15',
  outstanding: 3,
  description: null,
  eSignEligible: true,
  eSignSent: true,
  signed: false,
  scaleTicketNum: null,
  scaleTicketId: null,
  deliveryDate: null,
  relationship: null,
  splitPct: null,
  split: null,
  weight: null,
  actualUnapplied: null,
  actualApplied: null,
  average: null,
  deliveryCombo: null,
  commodity: 'Corn',
  specialty: null,
  unpricedQuantity: '2500',
  mpOption: null,
  moisture: null,
  testWeight: null,
  foreignMaterial: null,
  damage: null,
  cropYear: 2026,
  displayContractId: 'C-1041',
  displayContractAmendmentId: 'C-1041-A1',
  displayScaleTicketId: null,
  cancelledQuantity: '200',
} satisfies ContractListRow;

const page: ContractPageData = {
  contract: row,
  version: 4,
  direction: 'purchase',
  termsHash: 'b'.repeat(64),
  signedTermsHash: null,
  pricingEvents: [
    {
      id: 1,
      quantity: '2500',
      futuresPrice: '4.2675',
      basis: '-0.35',
      cashPrice: '3.9175',
      pricedAt: '2026-09-15T15:00:00.000Z',
    },
  ],
  amendments: [
    {
      id: 91,
      displayContractAmendmentId: 'C-1041-A1',
      action: 'partial_cancel',
      details: { cancelledQuantity: '200', reason: 'Short crop' },
      createdBy: { id: 'u1', name: 'Dana Merchant' },
      createdAt: '2026-10-02T15:00:00.000Z',
    },
  ],
  ticketApplications: [
    {
      id: 5,
      scaleTicketId: 9,
      displayScaleTicketId: 'T-5009',
      deliveryDate: '2026-10-05',
      quantity: '1000',
      splitPct: '100',
    },
  ],
  documents: [],
  allowedOperations: ['note', 'partial_cancel', 'cancel'],
  terms: {
    marketName: 'Ames Elevator',
    paymentTerms: 'Net 30',
    program: 'Harvest Advantage',
    pricingPeriodStart: null,
    pricingPeriodEnd: null,
    deferredPaymentDate: null,
  },
};

const sentAt = '2026-10-03T15:00:00.000Z';
const status = (extra: Partial<ContractEsignStatus> = {}): ContractEsignStatus => ({
  contractId: 41,
  state: 'sent',
  canSend: true,
  amendmentsRequireSignature: true,
  request: {
    id: 12,
    provider: 'builtin',
    state: 'open',
    sentAt,
    sentBy: 'Dana Merchant',
    expiresAt: '2026-10-17T15:00:00.000Z',
    signedAt: null,
    signerName: null,
    documentId: 77,
  },
  signed: null,
  documents: [
    {
      id: 77,
      fileName: 'amendment-C-1041-A1.pdf',
      status: 'sent',
      createdAt: sentAt,
      amendmentId: 91,
      files: [{ kind: 'generated', sha256: 'a'.repeat(64), size: 3000, createdAt: sentAt }],
    },
  ],
  ...extra,
});

function serve(extra: (call: StubCall) => StubReply | undefined = () => undefined): StubCall[] {
  return stubFetch((call) => {
    const path = call.url.pathname;
    const answer = extra(call);
    if (answer) return answer;
    if (path.endsWith('/merchandising/bootstrap')) return { status: 200, body: BOOTSTRAP };
    if (path.endsWith('/markets')) return { status: 200, body: { markets } };
    if (path === '/api/commodities/ctrm/contracts/41') return { status: 200, body: page };
    if (path === '/api/commodities/profit-center/contracts/41/signing') return { status: 200, body: status() };
    return undefined;
  });
}

describe('the contract page', () => {
  it('shows the header, every term of its type, pricing, amendments with their PDF and signature, deliveries and history', async () => {
    renderApp('/crm/contracts/41', 'buyer');
    serve();
    await screen.findByRole('heading', { name: 'Contract C-1041', level: 1 });
    const client = screen.getByRole('link', { name: 'Fieldman Family Farms' });
    expect(client.getAttribute('href')).toBe('/crm/client/7?market_id=10');
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      '/api/commodities/profit-center/contracts/41/pdf',
    );

    const terms = screen.getByRole('region', { name: 'Terms' });
    const term = (label: string) => within(terms).getByText(label).nextElementSibling?.textContent;
    expect(term('Type')).toBe('Minimum price');
    expect(term('Direction')).toBe('Purchase');
    expect(term('Quantity')).toBe('5,000 bushels');
    // A minimum price contract shows its strike, fee and expiration; prices in the partner's notation.
    expect(term('Strike')).toBe('$4.50/bu');
    expect(term('Call option fee')).toBe('$0.12/bu');
    expect(term('Basis')).toBe('-35 Z');
    expect(term('Program')).toBe('Harvest Advantage');
    expect(term('Payment terms')).toBe('Net 30');

    const amendments = screen.getByRole('region', { name: 'Amendments' });
    expect(within(amendments).getByText(/^C-1041-A1 · /)).toBeTruthy();
    expect(await within(amendments).findByText('Sent for signature')).toBeTruthy();
    expect(within(amendments).getByRole('link', { name: 'Amendment C-1041-A1 PDF' }).getAttribute('href')).toBe(
      '/api/commodities/profit-center/contract-amendments/91/pdf',
    );
    expect(within(screen.getByRole('region', { name: 'Deliveries' })).getByText('T-5009')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'History' })).getByText('Short crop')).toBeTruthy();
    const money = screen.getByRole('region', { name: 'Settlements and payments' });
    expect(within(money).getByText('No settlements for this contract yet.')).toBeTruthy();
  });

  it('lists the settlements and payment requests, money with two decimals, day under the name', async () => {
    const settlement = { ...settlementDetail({ status: 'final' }), net: '7446.9', bushels: '4633' };
    const payment = {
      id: 5,
      status: 'approved',
      method: 'ach',
      amount: '7446.9',
      source: 'farmer',
      marketId: 10,
      market: 'Ames Elevator',
      clientId: 7,
      clientName: 'Fieldman Family Farms',
      settlementIds: [9],
      contracts: [{ id: 41, displayContractId: 'C-1041' }],
      requestedBy: 'Sam Fieldman',
      requestedAt: '2026-12-02T15:00:00.000Z',
      decidedAt: null,
      note: null,
      payment: null,
      version: 1,
    };
    const paged = { totalCount: 1, paginationToken: null, page: 1, pageSize: 100 };
    renderApp('/crm/contracts/41', 'buyer');
    serve((call) => {
      const path = call.url.pathname;
      if (path.endsWith('/merchandising/settlements') && call.url.searchParams.get('contract_id') === '41')
        return { status: 200, body: { ...paged, rows: [settlement] } };
      if (path.endsWith('/merchandising/payment-requests'))
        return { status: 200, body: { ...paged, paymentRequests: [payment] } };
      return undefined;
    });
    const money = await screen.findByRole('region', { name: 'Settlements and payments' });
    const settlements = await within(money).findByRole('table', { name: 'Settlements' });
    const [, row] = within(settlements).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['S-00000912/01/2026', 'Final', '4,633.00', '$7,446.90']);
    const payments = within(money).getByRole('table', { name: 'Payments' });
    const [, paid] = within(payments).getAllByRole('row');
    expect(within(paid!).getAllByRole('cell').at(-1)!.textContent).toBe('$7,446.90');
  });

  it('an amendment not sent reads Not sent for signature when the partner has amendments signed, else No signature needed', async () => {
    const futuresSet = {
      id: 92,
      displayContractAmendmentId: 'C-1041-A2',
      action: 'futures_set',
      details: { quantity: '4633', futuresPrice: '4.35', priceStatus: { from: 'basis_set', to: 'priced' } },
      createdBy: { id: 'u1', name: 'Dana Merchant' },
      createdAt: '2026-10-04T15:00:00.000Z',
    };
    for (const [required, words] of [
      [true, 'Not sent for signature'],
      [false, 'No signature needed'],
    ] as const) {
      renderApp('/crm/contracts/41', 'buyer');
      serve((call) => {
        const path = call.url.pathname;
        if (path === '/api/commodities/ctrm/contracts/41')
          return { status: 200, body: { ...page, amendments: [...page.amendments, futuresSet] } };
        if (path.endsWith('/contracts/41/signing'))
          return { status: 200, body: status({ amendmentsRequireSignature: required }) };
        return undefined;
      });
      const amendments = await screen.findByRole('region', { name: 'Amendments' });
      const item = within(amendments).getByText('C-1041-A2 · Futures set at $4.35 on 4,633 bu').closest('li')!;
      expect(await within(item as HTMLElement).findByText(words)).toBeTruthy();
      cleanup();
    }
  });

  it('voids the open signing request after confirming, and shows the server’s refusal when sending again', async () => {
    renderApp('/crm/contracts/41', 'buyer');
    const calls = serve((call) => {
      if (call.method !== 'POST') return undefined;
      if (call.url.pathname.endsWith('/contracts/41/signing/void'))
        return {
          status: 200,
          body: status({
            state: 'eligible',
            request: { ...status().request!, state: 'void' },
            documents: [{ ...status().documents[0]!, status: 'void' }],
          }),
        };
      if (call.url.pathname.endsWith('/contracts/sign'))
        return {
          status: 400,
          body: {
            code: 'invalid_request',
            message:
              'Contract C-1041 cannot be sent for signature: Fieldman Family Farms has no e-mail address. Add one to the client first.',
            details: { reason: 'missing_email' },
          },
        };
      return undefined;
    });
    const documents = await screen.findByRole('region', { name: 'Documents and signatures' });
    await within(documents).findByText(/^Sent for signature on .* by Dana Merchant\.$/);
    fireEvent.click(within(documents).getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void the signing request?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void request' }));
    await within(documents).findByText('Eligible for e-signing. Not sent yet.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      '/api/commodities/profit-center/contracts/41/signing/void',
    ]);
    expect(within(documents).queryByRole('button', { name: 'Void' })).toBeNull();

    fireEvent.click(within(documents).getByRole('button', { name: 'Send for signature' }));
    const alert = await within(documents).findByRole('alert');
    expect(alert.textContent).toContain('has no e-mail address');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
  });
});
