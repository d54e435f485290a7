import { QueryClientProvider } from '@tanstack/react-query';
import type { ContractDetail, ContractEsignStatus } from '@granary/domain';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/providers';
import { PartnerProvider } from '../../../lib/brand/partner-context';
import { allMessages } from '../../../test/messages';
import { testPartner } from '../../../test/fixtures';
import { EsignSection } from './esign-section';

const detail = (eSignEligible: boolean) =>
  ({
    contract: { id: 41, clientId: 7, eSignEligible, displayContractId: 'C-1041' },
    version: 3,
  }) as unknown as ContractDetail;

function status(overrides: Partial<ContractEsignStatus> = {}): ContractEsignStatus {
  return {
    contractId: 41,
    state: 'eligible',
    canSend: true,
    amendmentsRequireSignature: true,
    request: null,
    signed: null,
    documents: [],
    ...overrides,
  };
}

const sentRequest = {
  id: 5,
  provider: 'builtin',
  state: 'open' as const,
  sentAt: '2026-05-04T15:00:00.000Z',
  sentBy: 'Dana Merchant',
  expiresAt: '2026-05-18T15:00:00.000Z',
  signedAt: null,
  signerName: null,
  documentId: 77,
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderSection(fetchMock: ReturnType<typeof vi.fn>, eligible = true) {
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en-US" messages={allMessages}>
        <PartnerProvider partner={testPartner}>
          <EsignSection detail={detail(eligible)} />
        </PartnerProvider>
      </IntlProvider>
    </QueryClientProvider>,
  );
}

const posts = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EsignSection', () => {
  it('sends an eligible contract for signature and then shows it sent, with its PDF', async () => {
    const sent = status({
      state: 'sent',
      request: sentRequest,
      documents: [
        {
          id: 77,
          fileName: 'contract-C-1041.pdf',
          status: 'sent',
          createdAt: sentRequest.sentAt,
          files: [{ kind: 'generated', sha256: 'a'.repeat(64), size: 3000, createdAt: sentRequest.sentAt }],
        },
      ],
    });
    const fetchMock = vi.fn((_input: RequestInfo | URL, init?: RequestInit) =>
      Promise.resolve(init?.method === 'POST' ? json({ status: sent, notified: 1 }) : json(status())),
    );
    renderSection(fetchMock);
    const section = await screen.findByRole('region', { name: 'E-signature' });
    expect(await within(section).findByText('Eligible for e-signing. Not sent yet.')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Send for signature' }));
    expect(await within(section).findByText('Sent for signature to 1 user of the client.')).toBeTruthy();
    expect(within(section).getByText(/^Sent for signature on .* by Dana Merchant\.$/)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Contract PDF' }).getAttribute('href')).toBe(
      '/api/commodities/merchandising/document/77?format=pdf&file=generated',
    );
    expect(within(section).getByRole('button', { name: 'Resend' })).toBeTruthy();
    const [url, init] = posts(fetchMock)[0]!;
    expect(String(url)).toBe('/api/commodities/profit-center/contracts/sign');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ contractId: 41 });
  });

  it('shows who signed, and links both PDFs; a signed contract is not sent again', async () => {
    renderSection(
      vi.fn(() =>
        Promise.resolve(
          json(
            status({
              state: 'signed',
              canSend: false,
              request: {
                ...sentRequest,
                state: 'signed',
                signedAt: '2026-05-05T14:00:00.000Z',
                signerName: 'Sam Fieldman',
              },
              signed: { documentId: 77, signedAt: '2026-05-05T14:00:00.000Z', signerName: 'Sam Fieldman' },
              documents: [
                {
                  id: 77,
                  fileName: 'contract-C-1041.pdf',
                  status: 'signed',
                  createdAt: sentRequest.sentAt,
                  files: [
                    { kind: 'generated', sha256: 'a'.repeat(64), size: 3000, createdAt: sentRequest.sentAt },
                    { kind: 'signed', sha256: 'b'.repeat(64), size: 3300, createdAt: '2026-05-05T14:00:00.000Z' },
                  ],
                },
              ],
            }),
          ),
        ),
      ),
    );
    const section = await screen.findByRole('region', { name: 'E-signature' });
    expect(await within(section).findByText(/^Signed by Sam Fieldman on /)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Signed PDF' }).getAttribute('href')).toBe(
      '/api/commodities/merchandising/document/77?format=pdf&file=signed',
    );
    expect(within(section).queryByRole('button', { name: /Send for signature|Resend/ })).toBeNull();
  });

  it('flags a signature mismatch and resends the amended terms', async () => {
    const fetchMock = vi.fn((_input: RequestInfo | URL, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'POST'
          ? json(
              {
                code: 'conflict',
                message: 'No user of Prairie Acres Farm is onboarded to sign.',
                details: { reason: 'no_signer' },
              },
              409,
            )
          : json(
              status({
                state: 'mismatch',
                signed: { documentId: 70, signedAt: '2026-04-05T14:00:00.000Z', signerName: 'Sam Fieldman' },
              }),
            ),
      ),
    );
    renderSection(fetchMock);
    const section = await screen.findByRole('region', { name: 'E-signature' });
    expect(
      await within(section).findByText(/^Signature mismatch: the terms changed after Sam Fieldman signed on /),
    ).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Resend' }));
    expect(await within(section).findByRole('alert')).toHaveProperty(
      'textContent',
      'No user of this client is onboarded to sign. Invite them to the app first.',
    );
    expect(String(posts(fetchMock)[0]![0])).toBe('/api/commodities/profit-center/contract-amendments/sign');
  });

  it('reads a contract the demo data marked sent, without a signing request, as sent and offers Resend', async () => {
    renderSection(vi.fn(() => Promise.resolve(json(status({ state: 'sent' })))));
    const section = await screen.findByRole('region', { name: 'E-signature' });
    expect(await within(section).findByText('Sent for signature.')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Resend' })).toBeTruthy();
  });

  it('says a contract is not eligible without asking the server', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(json(status())));
    renderSection(fetchMock, false);
    expect(await screen.findByText('This contract is not eligible for e-signing.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
