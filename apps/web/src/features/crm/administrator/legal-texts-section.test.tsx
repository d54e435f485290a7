import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartnerProvider } from '../../../lib/brand/partner-context';
import { testPartner } from '../../../test/fixtures';
import { allMessages } from '../../../test/messages';
import { LegalTextsSection } from './legal-texts-section';

// The legal texts' editor on /crm/administrator (issue 13): the text beside its preview, published with PUT.

const DOCS = [
  'terms-of-service',
  'privacy-policy',
  'ccpa-privacy-policy',
  'community-content-policy',
  'electronic-funds-transfer',
];

function serve() {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const json =
      init?.method === 'PUT'
        ? {
            document: url.split('/').pop(),
            body: JSON.parse(String(init.body)).body,
            updatedAt: '2026-11-27T10:00:00Z',
          }
        : { texts: DOCS.map((document) => ({ document, body: `# ${document}\n\nOld text.`, updatedAt: null })) };
    return Promise.resolve(
      new Response(JSON.stringify(json), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <IntlProvider locale="en-US" messages={allMessages}>
          <PartnerProvider partner={testPartner}>
            <LegalTextsSection />
          </PartnerProvider>
        </IntlProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('legal texts editor', () => {
  it('previews the text as it is typed and publishes it', async () => {
    const fetchMock = serve();
    renderSection();
    const text = (await screen.findByLabelText('Text')) as HTMLTextAreaElement;
    expect(text.value).toBe('# terms-of-service\n\nOld text.');
    fireEvent.change(text, { target: { value: '# Our terms\n\nBe **fair**.' } });
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Our terms' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toContain('/api/legal-texts/terms-of-service');
    expect(JSON.parse(String(put[1]?.body))).toEqual({ body: '# Our terms\n\nBe **fair**.' });
  });

  it('refuses an empty text before sending it', async () => {
    const fetchMock = serve();
    renderSection();
    fireEvent.change(await screen.findByLabelText('Text'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Enter the text of the document.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
