import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicatorLicence } from '@granary/domain';
import { renderApp } from '../../../test/render-app';

afterEach(() => vi.restoreAllMocks());

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const licence = (id: number, expiresOn: string, extra: Partial<ApplicatorLicence> = {}): ApplicatorLicence => ({
  id,
  holderName: 'Dale Fieldman',
  licenceNumber: `IA-${id}`,
  jurisdiction: 'IA',
  expiresOn,
  valid: expiresOn >= day(0),
  ...extra,
});

type Sent = { method: string; url: URL; body: unknown };

/** Answers the licence and upload calls; records what was sent. */
function serve(answer: (method: string, url: URL) => { status: number; body?: unknown } | undefined) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(raw, 'http://localhost');
      const method = init?.method ?? 'GET';
      sent.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const reply = answer(method, url) ?? {
        status: 404,
        body: { code: 'not_found', message: 'The page you are looking for does not exist.' },
      };
      return Promise.resolve(
        new Response(JSON.stringify(reply.body ?? null), {
          status: reply.status,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
  return sent;
}

describe('applicator page', () => {
  it('lists the licences with their state or province and an Expired / Expires soon chip', async () => {
    renderApp('/direct/applicator', 'farmer');
    serve((method, url) => {
      if (url.pathname === '/api/store/applicator-licences') {
        return {
          status: 200,
          body: { licences: [licence(1, day(-3)), licence(2, day(10), { jurisdiction: 'SK' }), licence(3, day(300))] },
        };
      }
      if (url.pathname === '/api/uploads') {
        const files =
          url.searchParams.get('parentGuid') === 'applicator-licence:3'
            ? [
                {
                  guid: '11111111-1111-4111-8111-111111111111',
                  parentGuid: 'applicator-licence:3',
                  fileName: 'scan.pdf',
                  contentType: 'application/pdf',
                  size: 2048,
                  sha256: 'a'.repeat(64),
                  status: 'completed',
                  createdAt: '2026-03-10T12:00:00.000Z',
                },
              ]
            : [];
        return { status: 200, body: { files } };
      }
      return undefined;
    });
    const expired = await screen.findByRole('article', { name: 'Dale Fieldman IA-1' });
    expect(within(expired).getByText('Expired')).toBeTruthy();
    const soon = screen.getByRole('article', { name: 'Dale Fieldman IA-2' });
    expect(within(soon).getByText('Expires soon')).toBeTruthy();
    expect(within(soon).getByText('Saskatchewan')).toBeTruthy();
    const valid = screen.getByRole('article', { name: 'Dale Fieldman IA-3' });
    expect(within(valid).getByText('Valid')).toBeTruthy();
    expect(within(valid).getByText('Iowa')).toBeTruthy();
    const link = await within(valid).findByRole('link', { name: 'Download scan.pdf' });
    expect(link.getAttribute('href')).toBe('/api/uploads/11111111-1111-4111-8111-111111111111');
    expect(within(expired).getByText('No scan attached yet.')).toBeTruthy();
  });

  it('adds a licence: empty fields are refused in the form, a complete one is sent', async () => {
    renderApp('/direct/applicator', 'farmer');
    let licences: ApplicatorLicence[] = [];
    const sent = serve((method, url) => {
      if (url.pathname !== '/api/store/applicator-licences')
        return url.pathname === '/api/uploads' ? { status: 200, body: { files: [] } } : undefined;
      if (method === 'POST') {
        licences = [licence(7, day(90), { licenceNumber: 'IA-PA-1' })];
        return { status: 201, body: licences[0] };
      }
      return { status: 200, body: { licences } };
    });
    await screen.findByText('No applicator license on file yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Add license' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an applicator license' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);
    expect(within(dialog).getByText('Choose a state or province.')).toBeTruthy();
    expect(sent.some((s) => s.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/License holder/), { target: { value: ' Dale Fieldman ' } });
    fireEvent.change(within(dialog).getByLabelText(/License number/), { target: { value: 'IA-PA-1' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Issuing state or province/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Iowa' }));
    fireEvent.change(within(dialog).getByLabelText(/Expiry date/), { target: { value: day(90) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
        holderName: 'Dale Fieldman',
        licenceNumber: 'IA-PA-1',
        jurisdiction: 'IA',
        expiresOn: day(90),
      }),
    );
    await screen.findByRole('article', { name: 'Dale Fieldman IA-PA-1' });
  });

  it("passes an admin's ids to the API and shows a not-found page for someone else's licences", async () => {
    renderApp('/direct/applicator/22222222-2222-4222-8222-222222222222/33333333-3333-4333-8333-333333333333', 'farmer');
    const sent = serve(() => undefined);
    await screen.findByText('The page you are looking for does not exist.');
    const call = sent.find((s) => s.url.pathname === '/api/store/applicator-licences')!;
    expect(call.url.searchParams.get('enterpriseId')).toBe('22222222-2222-4222-8222-222222222222');
    expect(call.url.searchParams.get('userId')).toBe('33333333-3333-4333-8333-333333333333');
    expect(screen.queryByRole('button', { name: 'Add license' })).toBeNull();
  });
});
