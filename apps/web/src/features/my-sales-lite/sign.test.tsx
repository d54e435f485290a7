import type { SellerAmendment, SellerContract } from '@granary/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { contractRow, detail, paged, serveMsl } from './test-server';

// The farmer's Sign (issue 14): "Needs your signature" with an open signing link (signing/urls) becomes a Sign button
// that opens the signing page; the contract dialog shows the amendment waiting for the signature.

afterEach(() => vi.restoreAllMocks());

const urls = (contractId: number, requestId: number) => ({
  rows: [
    {
      requestId,
      provider: 'builtin',
      contractId,
      displayContractId: `C-10000${contractId}`,
      clientName: 'Fieldman Family Farms',
      sentAt: '2026-10-03T15:00:00.000Z',
      expiresAt: '2026-10-17T15:00:00.000Z',
      url: `/profit-center/builtin/sign/${requestId}`,
    },
  ],
});

const seller = (extra: Partial<SellerContract> = {}): SellerContract => ({
  contractId: 2,
  displayContractId: 'C-100002',
  terms: {
    partnerName: 'Granary Demo Grain Co.',
    marketName: 'Ames Elevator',
    clientName: 'Fieldman Family Farms',
    displayContractId: 'C-100002',
    contractType: 'flat',
    direction: 'purchase',
    crop: 'Corn',
    cropYear: 2026,
    quantity: '5000',
    quantityUnit: 'bushels',
    deliveryStart: '2026-10-01',
    deliveryEnd: '2026-10-31',
    optionMonth: '2026-12',
    futuresPrice: '4.5',
    basis: '-0.25',
    cashPrice: '4.25',
    currency: 'USD',
    contractDate: '2026-09-15',
  },
  state: 'mismatch',
  signingUrl: '/profit-center/builtin/sign/31',
  signingAmendmentId: 90,
  amendments: [
    {
      id: 90,
      contractId: 2,
      displayContractAmendmentId: 'C-100002-A1',
      action: 'partial_cancel',
      createdAt: '2026-10-02T15:00:00.000Z',
      changes: { cancelledQuantity: '200', remainingQuantity: '4800' },
      signature: 'sent',
      signedAt: null,
      documentId: 80,
      signingUrl: '/profit-center/builtin/sign/31',
    },
  ],
  ...extra,
});

const amended = seller().amendments[0]!;

/** The amendment as the farmer's contract view (GET contracts/:id) gives it: the same one, without its signature. */
const asFarmerSees = (a: SellerAmendment) => ({
  id: a.id,
  displayContractAmendmentId: a.displayContractAmendmentId,
  action: a.action,
  createdAt: a.createdAt,
  changes: a.changes,
});

describe('my sales lite: signing', () => {
  it('turns Needs your signature into a Sign button that opens the signing page; a signed contract says Signed', async () => {
    const { router } = renderApp('/my-sales-lite', 'farmer');
    serveMsl((_call, path) => {
      if (path === '/contracts')
        return {
          status: 200,
          body: paged([
            contractRow(1, { signed: true }),
            contractRow(2, { displayContractId: 'C-100002', signatureNeeded: true }),
          ]),
        };
      if (path === '/signing/urls') return { status: 200, body: urls(2, 30) };
      return undefined;
    });
    const sign = await screen.findByRole('link', { name: 'Sign contract C-100002' });
    expect(sign.getAttribute('href')).toBe('/profit-center/builtin/sign/30');
    const list = screen.getByRole('list', { name: 'Your contracts' });
    expect(within(list).getAllByText('Needs your signature')).toHaveLength(1);
    const first = within(list).getByRole('button', { name: 'Open contract C-100001' });
    expect(within(first).getByText('Signed')).toBeTruthy();
    fireEvent.click(sign);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/profit-center/builtin/sign/30'));
  });

  it('the contract dialog shows the amendment waiting for a signature, with Sign and its PDF', async () => {
    renderApp('/my-sales-lite?contract=2', 'farmer');
    const row = contractRow(2, { displayContractId: 'C-100002' });
    serveMsl((_call, path) => {
      if (path === '/contracts') return { status: 200, body: paged([row]) };
      if (path === '/contracts/2') return { status: 200, body: detail(row, { amendments: [asFarmerSees(amended)] }) };
      if (path === '/contracts/2/seller') return { status: 200, body: seller() };
      return undefined;
    });
    const dialog = await screen.findByRole('dialog');
    const sign = await within(dialog).findByRole('link', { name: 'Sign amendment C-100002-A1' });
    expect(sign.getAttribute('href')).toBe('/profit-center/builtin/sign/31');
    // The amendment in the contract history's words, as the CRM writes it; its state in the CRM's words too.
    expect(within(dialog).getByText(/^C-100002-A1 · Cancell?ed 200 bu, 4,800 bu left$/)).toBeTruthy();
    expect(within(dialog).getByText('Sent for signature')).toBeTruthy();
    // Listed once, under Amendments (as the CRM's contract page lists them), not again under another heading.
    expect(within(dialog).getAllByText(/Cancell?ed 200 bu, 4,800 bu left/)).toHaveLength(1);
    expect(within(dialog).getAllByRole('heading', { name: 'Amendments' })).toHaveLength(1);
    expect(within(dialog).queryByRole('heading', { name: 'Changes' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Amendment C-100002-A1 PDF' }).getAttribute('href')).toBe(
      '/api/commodities/profit-center/contract-amendments/90/pdf',
    );
  });

  it('an amendment the partner does not have signed reads as the CRM writes it, with No signature needed', async () => {
    renderApp('/my-sales-lite?contract=2', 'farmer');
    const row = contractRow(2, { displayContractId: 'C-100002' });
    const futuresSet = {
      id: 91,
      contractId: 2,
      displayContractAmendmentId: 'C-100002-A2',
      action: 'futures_set',
      createdAt: '2026-10-05T15:00:00.000Z',
      changes: { quantity: '4633', futuresPrice: '4.35' },
      signature: 'not_required' as const,
      signedAt: null,
      documentId: null,
      signingUrl: null,
    };
    serveMsl((_call, path) => {
      if (path === '/contracts') return { status: 200, body: paged([row]) };
      if (path === '/contracts/2')
        return { status: 200, body: detail(row, { amendments: [asFarmerSees(futuresSet)] }) };
      if (path === '/contracts/2/seller')
        return {
          status: 200,
          body: seller({ state: 'signed', signingUrl: null, signingAmendmentId: null, amendments: [futuresSet] }),
        };
      return undefined;
    });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('C-100002-A2 · Futures set at $4.35 on 4,633 bu')).toBeTruthy();
    expect(within(dialog).getByText('No signature needed')).toBeTruthy();
    expect(within(dialog).queryByText(/Price status|basis_set/)).toBeNull();
    expect(within(dialog).queryByRole('link', { name: /^Sign/ })).toBeNull();
  });
});
