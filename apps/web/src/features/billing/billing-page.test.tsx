import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/api/query-keys';
import { stubFetch, type StubCall, type StubReply } from '../../test/fetch-stub';
import { fakeBootstrap } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// /billing (issue 17, platform.md 7.5, decision 056): the current farm business's cards and bank accounts (added through
// the test card provider's form, micro-deposits verified, removed after a confirmation), what it paid and was paid
// (money and dates through the domain's formatters, payout tabs and the CSV), and the access-denied for a member
// without financial access.

const E = 'e7';
const BASE = `/api/effu/enterprise/${E}`;
const CARD = {
  id: 1,
  kind: 'card',
  brand: 'Visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2029,
  bank_name: null,
  account_holder_name: null,
  account_type: null,
  status: 'verified',
  verification_method: null,
  attempts_left: null,
  is_default: true,
  created_at: '2026-11-20T15:00:00.000Z',
};
const PENDING_BANK = {
  ...CARD,
  id: 2,
  kind: 'bank_account',
  brand: null,
  last4: '6789',
  exp_month: null,
  exp_year: null,
  bank_name: 'Test Bank',
  account_holder_name: 'Fieldman Family Farms',
  account_type: 'checking',
  status: 'pending_verification',
  verification_method: 'micro_deposits',
  attempts_left: 3,
  is_default: false,
};
const HISTORY = {
  payments: [
    {
      order_id: 'o1',
      order_number: 'GS-104233',
      placed_at: '2026-11-02T16:00:00.000Z',
      amount: '12345.60',
      currency: 'USD',
      payment_terms: 'check',
      payment_status: 'pending',
      order_status: 'placed',
    },
  ],
  page: 1,
  page_size: 25,
  total: 1,
};
const PAYOUTS = {
  payouts: [
    {
      id: 9,
      reference: 'ACH-20261126-4-ABCD',
      amount: '21748.37',
      currency: 'USD',
      status: 'sent',
      sent_at: '2026-11-26T15:00:00.000Z',
      settles_on: '2026-11-27',
      settled_at: null,
      payee: 'Fieldman Family Farms',
      market: 'Ames Elevator',
      settlements: ['S-000123'],
    },
  ],
  page: 1,
  page_size: 25,
  total: 1,
};

function serve(extra?: (call: StubCall, path: string) => StubReply | undefined) {
  return stubFetch((call) => {
    const path = call.url.pathname;
    const own = extra?.(call, path);
    if (own) return own;
    if (path === `${BASE}/cards`) return { status: 200, body: { cards: [CARD], card_provider: 'test' } };
    if (path === `${BASE}/bank_accounts` && call.method === 'GET')
      return { status: 200, body: { bank_accounts: [PENDING_BANK] } };
    if (path === `${BASE}/payment_history`) return { status: 200, body: HISTORY };
    if (path === `${BASE}/refunds`) return { status: 200, body: { refunds: [], page: 1, page_size: 25, total: 0 } };
    if (path === `${BASE}/coupons`)
      return { status: 200, body: { applied: [], available: [], page: 1, page_size: 25, total: 0 } };
    if (path === `${BASE}/payouts/manual_ach/pages/1`) return { status: 200, body: PAYOUTS };
    if (path === `${BASE}/payouts/eft/pages/1`)
      return { status: 200, body: { payouts: [], page: 1, page_size: 25, total: 0 } };
    return undefined;
  });
}

function open(route?: (call: StubCall, path: string) => StubReply | undefined) {
  const view = renderApp('/billing', 'farmer');
  const calls = serve(route);
  const boot = fakeBootstrap('farmer');
  act(() =>
    view.queryClient.setQueryData(queryKeys.bootstrap, {
      ...boot,
      enterprises: {
        '7': { id: 7, legacyId: 7, publicId: E, name: 'Fieldman Family Farms', countryCode: 'US', role: 'owner' },
      },
      current_enterprise_id: 7,
    }),
  );
  return { ...view, calls };
}

afterEach(() => vi.restoreAllMocks());

describe('/billing', () => {
  it('shows the payment methods, what was paid and what was paid out, formatted by the domain', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Billing · Fieldman Family Farms' })).toBeTruthy();
    expect(await screen.findByText('Visa ending in 4242')).toBeTruthy();
    expect(screen.getByText('Expires 12/2029')).toBeTruthy();
    expect(await screen.findByText('Test Bank ending in 6789')).toBeTruthy();
    expect(screen.getByText(/Waiting for verification · 3 tries left/)).toBeTruthy();
    const history = screen.getByRole('region', { name: 'Payment history' });
    expect(await within(history).findByText('$12,345.60')).toBeTruthy();
    expect(within(history).getByText('11/02/2026')).toBeTruthy();
    const payouts = screen.getByRole('region', { name: 'Payouts' });
    expect(await within(payouts).findByText('$21,748.37')).toBeTruthy();
    expect(within(payouts).getAllByText('Sent · settles 11/27/2026').length).toBeGreaterThan(0);
    expect(within(payouts).getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `${BASE}/payouts/manual_ach/download`,
    );
    fireEvent.click(within(payouts).getByRole('tab', { name: 'EFT' }));
    expect(await within(payouts).findByText('No payouts of this kind yet.')).toBeTruthy();
  });

  it('pages the refunds as the history: 25 at a time with the total, the next page asked for by its number', async () => {
    const refund = (n: number) => ({
      order_number: `GS-${100000 + n}`,
      amount: '10.00',
      currency: 'USD',
      payment_terms: 'test_credit_card',
      created_at: '2026-11-02T16:00:00.000Z',
    });
    const { calls } = open((call, path) => {
      if (path !== `${BASE}/refunds`) return undefined;
      const page = Number(call.url.searchParams.get('page'));
      const rows = page === 1 ? Array.from({ length: 25 }, (_, i) => refund(i)) : [refund(25), refund(26)];
      return { status: 200, body: { refunds: rows, page, page_size: 25, total: 27 } };
    });
    const history = await screen.findByRole('region', { name: 'Payment history' });
    expect(await within(history).findByText(/GS-100000/)).toBeTruthy();
    expect(within(history).getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(within(history).getByRole('button', { name: 'Next page' }));
    expect(await within(history).findByText(/GS-100026/)).toBeTruthy();
    expect(within(history).queryByText(/GS-100000/)).toBeNull();
    expect(
      calls.filter((c) => c.url.pathname === `${BASE}/refunds`).map((c) => c.url.searchParams.get('page')),
    ).toEqual(['1', '2']);
  });

  it("pages the coupons used as the refunds, the store's automatic offers under every page", async () => {
    const used = (n: number) => ({
      code: `SAVE${n}`,
      name: 'Fall savings',
      order_number: `GS-${200000 + n}`,
      placed_at: '2026-11-02T16:00:00.000Z',
      discount: '15.00',
      currency: 'USD',
    });
    const offer = {
      name: 'Free delivery over $500',
      kind: 'free_shipping',
      value: '0.00',
      currency: 'USD',
      min_subtotal: '500.00',
      first_purchase_only: false,
      ends_at: null,
    };
    const { calls } = open((call, path) => {
      if (path !== `${BASE}/coupons`) return undefined;
      const page = Number(call.url.searchParams.get('page'));
      const rows = page === 1 ? Array.from({ length: 25 }, (_, i) => used(i)) : [used(25), used(26)];
      return { status: 200, body: { applied: rows, available: [offer], page, page_size: 25, total: 27 } };
    });
    const history = await screen.findByRole('region', { name: 'Payment history' });
    expect(await within(history).findByText('SAVE0 on order GS-200000: $15.00 off')).toBeTruthy();
    expect(within(history).getByText('Available now: Free delivery over $500')).toBeTruthy();
    // The refunds have none, so the only pager is the coupons'.
    expect(within(history).getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(within(history).getByRole('button', { name: 'Next page' }));
    expect(await within(history).findByText('SAVE26 on order GS-200026: $15.00 off')).toBeTruthy();
    expect(within(history).queryByText('SAVE0 on order GS-200000: $15.00 off')).toBeNull();
    expect(within(history).getByText('Page 2 of 2')).toBeTruthy();
    expect(within(history).getByText('Available now: Free delivery over $500')).toBeTruthy();
    expect(
      calls.filter((c) => c.url.pathname === `${BASE}/coupons`).map((c) => c.url.searchParams.get('page')),
    ).toEqual(['1', '2']);
  });

  it('says when the payouts CSV stops at its 10,000 rows, and not before', async () => {
    open((_call, path) =>
      path === `${BASE}/payouts/eft/pages/1`
        ? { status: 200, body: { ...PAYOUTS, payouts: [{ ...PAYOUTS.payouts[0], currency: 'CAD' }], total: 12_480 } }
        : undefined,
    );
    const payouts = await screen.findByRole('region', { name: 'Payouts' });
    expect(await within(payouts).findByText('$21,748.37')).toBeTruthy();
    expect(within(payouts).queryByText(/The CSV holds/)).toBeNull();
    fireEvent.click(within(payouts).getByRole('tab', { name: 'EFT' }));
    expect(
      await within(payouts).findByText(
        'The CSV holds the latest 10,000 of these 12,480 payouts; the older ones are on the pages below.',
      ),
    ).toBeTruthy();
    expect(within(payouts).getByText('Page 1 of 500')).toBeTruthy();
    expect(within(payouts).getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `${BASE}/payouts/eft/download`,
    );
  });

  it("adds a card through the test provider's form: a setup intent, confirmed with the card's token", async () => {
    const { calls } = open((call, path) => {
      if (path === `${BASE}/setup_intent`)
        return { status: 201, body: { setup_intent_id: 'seti_1', client_secret: 's', provider: 'test' } };
      if (path === `${BASE}/setup_intent/confirm`) {
        const token = (call.body as { token: string }).token;
        return token === 'tok_test_declined'
          ? { status: 402, body: { code: 'card_declined', message: 'declined' } }
          : { status: 201, body: { ...CARD, id: 3, is_default: false } };
      }
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    fireEvent.click(within(dialog).getByLabelText(/declined/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByText('Your card was declined. Please try a different card.')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText(/approved/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a card' })).toBeNull());
    const confirms = calls.filter((c) => c.url.pathname === `${BASE}/setup_intent/confirm`);
    expect(confirms.map((c) => c.body)).toEqual([
      { setup_intent_id: 'seti_1', token: 'tok_test_declined' },
      { setup_intent_id: 'seti_1', token: 'tok_test_visa' },
    ]);
  });

  it('adds a bank account (the form checks the routing number) and verifies its micro-deposits', async () => {
    const { calls } = open((call, path) => {
      if (path === `${BASE}/bank_accounts` && call.method === 'POST') return { status: 201, body: PENDING_BANK };
      if (path === `${BASE}/bank_accounts/2/verify`)
        return { status: 200, body: { ...PENDING_BANK, status: 'verified' } };
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add bank account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a bank account' });
    fireEvent.change(within(dialog).getByLabelText(/Account holder name/), {
      target: { value: 'Fieldman Family Farms' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Routing number/), { target: { value: '110000001' } });
    fireEvent.change(within(dialog).getByLabelText(/Account number/), { target: { value: '000123456789' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save bank account' }));
    expect(await within(dialog).findByText('A routing number is 9 digits (ABA), e.g. 110000000.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Routing number/), { target: { value: '110000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a bank account' })).toBeNull());
    expect(calls.find((c) => c.method === 'POST' && c.url.pathname === `${BASE}/bank_accounts`)?.body).toEqual({
      account_holder_name: 'Fieldman Family Farms',
      routing_number: '110000000',
      account_number: '000123456789',
      account_type: 'checking',
      verification_method: 'micro_deposits',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const verify = await screen.findByRole('dialog', { name: 'Verify the micro-deposits' });
    fireEvent.change(within(verify).getByLabelText('First amount'), { target: { value: '0.32' } });
    fireEvent.change(within(verify).getByLabelText('Second amount'), { target: { value: '.45' } });
    fireEvent.click(within(verify).getByRole('button', { name: 'Verify account' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${BASE}/bank_accounts/2/verify`)).toBe(true));
    expect(calls.find((c) => c.url.pathname === `${BASE}/bank_accounts/2/verify`)?.body).toEqual({
      amounts: ['0.32', '.45'],
    });
  });

  it('removes a payment method only after the confirmation', async () => {
    const { calls } = open((call, path) =>
      path === `${BASE}/cards/1` && call.method === 'DELETE' ? { status: 200, body: { removed: true } } : undefined,
    );
    const card = (await screen.findByText('Visa ending in 4242')).closest(
      '[data-testid="payment-method"]',
    ) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this payment method?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === `${BASE}/cards/1`)).toBe(true),
    );
  });

  it('shows placeholders while the bank accounts, the history and the payouts load', async () => {
    open();
    // Those three calls never answer: each section keeps its placeholder rather than going blank.
    const served = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = new URL(raw, 'http://localhost').pathname;
      return /\/(bank_accounts|payment_history|payouts\/)/.test(path)
        ? new Promise<Response>(() => undefined)
        : served(input, init);
    });
    expect(await screen.findByText('Visa ending in 4242')).toBeTruthy();
    const methods = screen.getByRole('region', { name: 'Payment methods' });
    const history = screen.getByRole('region', { name: 'Payment history' });
    const payouts = screen.getByRole('region', { name: 'Payouts' });
    for (const region of [methods, history, payouts]) expect(region.querySelector('.MuiSkeleton-root')).not.toBeNull();
  });

  it('says why bank accounts cannot be added without a provider, and why they did not load', async () => {
    open((_call, path) => {
      if (path === `${BASE}/cards`) return { status: 200, body: { cards: [], card_provider: null } };
      if (path === `${BASE}/bank_accounts`)
        return { status: 503, body: { code: 'unavailable', message: 'The bank link is down.' } };
      return undefined;
    });
    const methods = await screen.findByRole('region', { name: 'Payment methods' });
    expect(within(methods).getByRole('button', { name: 'Add bank account' }).hasAttribute('disabled')).toBe(true);
    expect(
      within(methods).getByText('Bank accounts cannot be added here: no payment provider is set up.'),
    ).toBeTruthy();
    const alert = await within(methods).findByRole('alert', {}, { timeout: 4000 });
    await waitFor(() => expect(within(alert).getByText('The bank link is down.')).toBeTruthy());
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('tells a member without financial access whom to ask, and shows nothing of the billing', async () => {
    open((_call, path) =>
      path.startsWith(BASE)
        ? { status: 403, body: { code: 'enterprise_access_required', message: 'Access denied' } }
        : undefined,
    );
    expect(
      await screen.findByText(
        'Access denied: contact the primary account owner, who can toggle permissions in My Team.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Payment history' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add card' })).toBeNull();
  });
});
