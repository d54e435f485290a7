import { QueryClientProvider } from '@tanstack/react-query';
import type { SigningReview } from '@granary/domain';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/providers';
import { PartnerProvider } from '../../../lib/brand/partner-context';
import { allMessages } from '../../../test/messages';
import { testPartner } from '../../../test/fixtures';
import { ContractSignedPage } from './contract-signed-page';
import { SigningPage } from './signing-page';

const TOKEN = 'ab'.repeat(32);

function review(overrides: Partial<SigningReview> = {}): SigningReview {
  return {
    requestId: 12,
    provider: 'builtin',
    state: 'open',
    contractId: 41,
    documentId: 77,
    sentAt: '2026-05-04T15:00:00.000Z',
    expiresAt: '2026-05-18T15:00:00.000Z',
    signedAt: null,
    signerName: null,
    suggestedName: 'Sam Fieldman',
    terms: {
      partnerName: 'Granary Demo Grain Co.',
      marketName: 'Ames Elevator',
      clientName: 'Fieldman Family Farms',
      displayContractId: 'AM-26-0041',
      contractType: 'hta',
      direction: 'purchase',
      crop: 'Corn',
      cropYear: 2026,
      quantity: '5000',
      quantityUnit: 'bushels',
      deliveryStart: '2026-10-01',
      deliveryEnd: '2026-11-30',
      optionMonth: '2026-12',
      futuresPrice: '4.5625',
      basis: null,
      cashPrice: null,
      currency: 'USD',
      contractDate: '2026-05-04',
    },
    ...overrides,
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderPage(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/profit-center/:esignProvider/sign/:token', element: <SigningPage /> },
      { path: '/profit-center/:esignProvider/contract-signed', element: <ContractSignedPage /> },
      { path: '/my-sales-lite', element: <p>My Sales Lite</p> },
      { path: '/profit-center/sustainability', element: <p>Sustainability</p> },
      { path: '/my-sales-lite/structures', element: <p>Structures</p> },
    ],
    { initialEntries: [`/profit-center/builtin/sign/${TOKEN}`] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en-US" messages={allMessages}>
        <PartnerProvider partner={testPartner}>
          <RouterProvider router={router} />
        </PartnerProvider>
      </IntlProvider>
    </QueryClientProvider>,
  );
  return router;
}

const posts = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SigningPage', () => {
  it('shows the terms and the PDF, signs with the typed name and consent, and lands on Contract signed', async () => {
    const fetchMock = vi.fn((_input: RequestInfo | URL, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'POST'
          ? json({
              requestId: 12,
              contractId: 41,
              documentId: 77,
              provider: 'builtin',
              displayContractId: 'AM-26-0041',
              signerName: 'Sam Q. Fieldman',
              signedAt: '2026-05-05T14:00:00.000Z',
              sha256: 'f'.repeat(64),
              redirectTo: '/profit-center/builtin/contract-signed?contract=AM-26-0041',
            })
          : json(review()),
      ),
    );
    const router = renderPage(fetchMock);
    expect(await screen.findByRole('heading', { name: 'Sign contract AM-26-0041' })).toBeTruthy();
    const terms = screen.getByRole('region', { name: 'Contract terms' });
    expect(within(terms).getByText('5,000 bushels')).toBeTruthy();
    // The futures in the trade's notation with its unit, as the PDF writes it.
    expect(within(terms).getByText('$4.56¼/bu')).toBeTruthy();
    expect(within(terms).getByText('Fieldman Family Farms')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open the contract PDF/ }).getAttribute('href')).toBe(
      `/api/commodities/profit-center/signing/${TOKEN}/document`,
    );

    const name = screen.getByLabelText(/Your full name/) as HTMLInputElement;
    expect(name.value).toBe('Sam Fieldman');
    fireEvent.change(name, { target: { value: 'Sam Q. Fieldman' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /agree to sign it electronically/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign contract' }));

    expect(await screen.findByRole('heading', { name: 'Contract signed' })).toBeTruthy();
    expect(screen.getByText('Thank you. Contract AM-26-0041 is signed.')).toBeTruthy();
    expect(screen.getByText(/Signed by Sam Q\. Fieldman on/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Sales Lite' }).getAttribute('href')).toBe('/my-sales-lite');
    expect(screen.getByRole('link', { name: 'Open the signed PDF' }).getAttribute('href')).toBe(
      `/api/commodities/profit-center/signing/${TOKEN}/document`,
    );
    expect(router.state.location.pathname).toBe('/profit-center/builtin/contract-signed');
    const [url, init] = posts(fetchMock)[0]!;
    expect(String(url)).toBe(`/api/commodities/profit-center/signing/${TOKEN}/sign`);
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ name: 'Sam Q. Fieldman', consent: true });
  });

  it("shows a sustainability enrolment's terms and answers, signs it the same way and goes back to the programs", async () => {
    const enrolment = review({
      contractId: null,
      terms: null,
      enrolment: {
        enrolmentId: 9,
        partnerName: 'Granary Demo Grain Co.',
        marketName: 'Ames Elevator',
        clientName: 'Fieldman Family Farms',
        programName: 'Low-carbon corn 2027',
        crop: 'Corn',
        cropYear: 2027,
        premium: '0.1',
        premiumUnit: 'bushel',
        practices: ['Cover crops', 'Reduced tillage'],
        acres: '480.5',
        answers: [{ question: 'Which cover crop?', answer: 'Cereal rye' }],
      },
    });
    const fetchMock = vi.fn((_input: RequestInfo | URL, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'POST'
          ? json({
              requestId: 12,
              contractId: null,
              enrolmentId: 9,
              documentId: 77,
              provider: 'builtin',
              displayContractId: 'Low-carbon corn 2027',
              signerName: 'Sam Fieldman',
              signedAt: '2026-05-05T14:00:00.000Z',
              sha256: 'f'.repeat(64),
              redirectTo: '/profit-center/sustainability',
            })
          : json(enrolment),
      ),
    );
    const router = renderPage(fetchMock);
    expect(await screen.findByRole('heading', { name: 'Sign your enrollment in Low-carbon corn 2027' })).toBeTruthy();
    const terms = screen.getByRole('region', { name: 'Enrollment terms' });
    expect(within(terms).getByText('480.5 ac')).toBeTruthy();
    expect(within(terms).getByText('$0.10/bu premium')).toBeTruthy();
    expect(within(terms).getByText('Cereal rye')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open the enrollment PDF/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /reviewed this enrollment/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign enrollment' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/profit-center/sustainability'));
    expect(JSON.parse(String((posts(fetchMock)[0]![1] as RequestInit).body))).toEqual({
      name: 'Sam Fieldman',
      consent: true,
    });
  });

  it("shows a structure confirmation's levels and rules, signs it and goes on to the farmer's structures", async () => {
    const structure = review({
      contractId: null,
      terms: null,
      structure: {
        structureId: 31,
        partnerName: 'Granary Demo Grain Co.',
        marketName: 'Ames Elevator',
        clientName: 'Fieldman Family Farms',
        kindLabel: 'Accumulator',
        side: 'sale',
        crop: 'Corn',
        cropYear: 2026,
        futuresSymbol: 'ZCH27',
        optionMonth: '2027-03',
        quantity: '50000',
        start: '2026-12-01',
        end: '2027-01-15',
        fee: '0.05',
        currency: 'USD',
        levels: [
          { label: 'Accumulation level', price: '4.8' },
          { label: 'Knock-out', price: '4' },
        ],
        rules: ['On each trading day, 1,587.3 bu are priced at $4.80/bu as long as the structure is not knocked out.'],
      },
    });
    const fetchMock = vi.fn((_input: RequestInfo | URL, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'POST'
          ? json({
              requestId: 12,
              contractId: null,
              structureId: 31,
              documentId: 77,
              provider: 'builtin',
              displayContractId: 'Corn structure 31',
              signerName: 'Sam Fieldman',
              signedAt: '2026-11-30T14:00:00.000Z',
              sha256: 'f'.repeat(64),
              redirectTo: '/my-sales-lite/structures',
            })
          : json(structure),
      ),
    );
    const router = renderPage(fetchMock);
    expect(await screen.findByRole('heading', { name: 'Confirm your accumulator' })).toBeTruthy();
    const terms = screen.getByRole('region', { name: 'Structure terms' });
    expect(within(terms).getByText('50,000 bu')).toBeTruthy();
    expect(within(terms).getByText('Knock-out')).toBeTruthy();
    expect(within(terms).getByText('$4.00/bu')).toBeTruthy();
    expect(within(terms).getByText(/priced at \$4\.80\/bu/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open the confirmation PDF/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /reviewed this structure/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign confirmation' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/my-sales-lite/structures'));
  });

  it('asks for the consent and a name before sending anything', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(json(review({ suggestedName: null }))));
    renderPage(fetchMock);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign contract' }));
    expect(screen.getByText('Check the box to agree to sign electronically.')).toBeTruthy();
    expect(screen.getByText('Type your full name to sign.')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it.each([
    ['signed', 'This contract is already signed.'],
    ['expired', 'This signing link has expired. Ask your merchandiser to send the contract again.'],
    ['void', 'This signing link was replaced or withdrawn. Use the latest link you received.'],
    [
      'terms_changed',
      'The terms of this contract changed after it was sent. Your merchandiser must send it again before you can sign.',
    ],
  ] as const)('says why a %s link cannot be signed, and offers no signing', async (state, message) => {
    renderPage(
      vi.fn(() =>
        Promise.resolve(
          json(
            review({
              state,
              signerName: state === 'signed' ? 'Sam Fieldman' : null,
              signedAt: state === 'signed' ? '2026-05-05T14:00:00.000Z' : null,
            }),
          ),
        ),
      ),
    );
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign contract' })).toBeNull();
    if (state === 'signed') expect(screen.getByRole('link', { name: 'Open the signed PDF' })).toBeTruthy();
  });

  it('shows the refusal when another tab signed first', async () => {
    let signed = false;
    const fetchMock = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        signed = true;
        return Promise.resolve(
          json({ code: 'conflict', message: 'This contract is already signed.', details: { reason: 'signed' } }, 409),
        );
      }
      return Promise.resolve(
        json(
          review(signed ? { state: 'signed', signerName: 'Sam Fieldman', signedAt: '2026-05-05T14:00:00.000Z' } : {}),
        ),
      );
    });
    renderPage(fetchMock);
    fireEvent.click(await screen.findByRole('checkbox', { name: /agree to sign it electronically/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign contract' }));
    expect(await screen.findByText('This contract is already signed.')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Open the signed PDF' })).toBeTruthy();
  });

  it('says so when the link does not exist', async () => {
    renderPage(
      vi.fn(() => Promise.resolve(json({ code: 'not_found', message: 'This signing link does not exist.' }, 404))),
    );
    expect(
      await screen.findByText(
        'This signing link does not exist. Check that you opened the whole link from your e-mail.',
      ),
    ).toBeTruthy();
  });
});
