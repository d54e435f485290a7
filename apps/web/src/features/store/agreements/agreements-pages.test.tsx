import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgreementDetail, AgreementSummary, OnboardingReport } from '@granary/domain';
import { renderApp } from '../../../test/render-app';

afterEach(() => vi.restoreAllMocks());

const ENT = '0b7c0000-0000-4000-8000-000000000001';
type Sent = { method: string; url: URL; body: unknown };

function serve(answer: (method: string, url: URL, body: unknown) => { status: number; body?: unknown } | undefined) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(raw, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, url, body });
      const reply = answer(method, url, body) ?? {
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

const summary = (
  type: AgreementSummary['type'],
  title: string,
  extra: Partial<AgreementSummary> = {},
): AgreementSummary => ({
  type,
  title,
  summary: `About ${title}.`,
  version: 1,
  status: 'not_signed',
  signature: null,
  requiredFor: {
    everyOrder: type === 'terms-of-sale',
    productKinds: type === 'seed-technology-use' ? ['treated_seed'] : [],
    restrictedUse: type === 'restricted-use-pesticide',
    paymentTermGroups: type === 'credit-application-terms' ? ['financing'] : [],
  },
  ...extra,
});
const signature = {
  version: 1,
  signedName: 'Dale Fieldman',
  signedAt: '2026-11-20T15:00:00.000Z',
  signedBy: { userId: 'u1', name: 'Dale Fieldman' },
};
const list = () => ({
  enterprise: { publicId: ENT, name: 'Fieldman Farms' },
  userId: 'u1',
  agreements: [
    summary('terms-of-sale', 'Prairie Direct terms of sale', { status: 'signed', signature }),
    summary('seed-technology-use', 'Seed technology use agreement'),
    summary('restricted-use-pesticide', 'Restricted-use pesticide acknowledgement', {
      status: 'new_version',
      signature: { ...signature, version: 0 },
    }),
    summary('credit-application-terms', 'Prairie credit application terms'),
  ],
});
const detail = (extra: Partial<AgreementDetail> = {}): AgreementDetail => ({
  ...summary('seed-technology-use', 'Seed technology use agreement'),
  paragraphs: ['Seed may be planted for a single crop.', 'Refuge requirements apply.'],
  enterprise: { publicId: ENT, name: 'Fieldman Farms' },
  user: { id: 'u1', name: 'Dale Fieldman' },
  canSign: true,
  ...extra,
});

describe('agreements page (/direct/{brand}-agreements)', () => {
  it("answers the partner's word under /direct/:page: each agreement with its status chip and Review and sign", async () => {
    renderApp('/direct/prairie-agreements', 'farmer');
    serve((_m, url) => (url.pathname === '/api/store/agreements' ? { status: 200, body: list() } : undefined));
    const seed = await screen.findByRole('region', { name: 'Seed technology use agreement' });
    expect(within(seed).getByText('Not signed')).toBeTruthy();
    expect(within(seed).getByText('Required for: treated and traited seed')).toBeTruthy();
    expect(
      within(seed)
        .getByRole('link', { name: /Review and sign/ })
        .getAttribute('href'),
    ).toBe(`/direct/agreement/seed-technology-use/${ENT}/u1`);
    const terms = screen.getByRole('region', { name: 'Prairie Direct terms of sale' });
    expect(within(terms).getByText('Signed')).toBeTruthy();
    expect(within(terms).getByText(/Signed by Dale Fieldman on 11\/20\/2026/)).toBeTruthy();
    expect(within(terms).getByRole('link', { name: /View/ })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Restricted-use pesticide acknowledgement' })).getByText(
        'New version to sign',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Agreements Fieldman Farms signs/)).toBeTruthy();
  });

  it('asks a guest to sign in, and calls nothing', async () => {
    renderApp('/direct/prairie-agreements', 'anonymous');
    const sent = serve(() => undefined);
    expect(
      within((await screen.findByText(/Sign in to see/)).parentElement!).getByRole('link', { name: 'Sign in' }),
    ).toBeTruthy();
    expect(sent.some((s) => s.url.pathname.startsWith('/api/store/agreements'))).toBe(false);
  });
});

describe('agreement page (/direct/agreement/:agreementType/:enterpriseId/:userId)', () => {
  it('shows the text; the form refuses a missing name or consent before sending, then signs', async () => {
    renderApp(`/direct/agreement/seed-technology-use/${ENT}/u1`, 'farmer');
    let current = detail();
    const sent = serve((method, url) => {
      if (url.pathname === '/api/store/agreements/seed-technology-use' && method === 'GET')
        return { status: 200, body: current };
      if (url.pathname === '/api/store/agreements/seed-technology-use/sign') {
        current = detail({ status: 'signed', canSign: false, signature });
        return { status: 200, body: current };
      }
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Seed technology use agreement', level: 1 })).toBeTruthy();
    expect(screen.getByText('1. Seed may be planted for a single crop.')).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Sign agreement' });
    fireEvent.click(send);
    expect(await screen.findByText('Type your full name to sign.')).toBeTruthy();
    expect(screen.getByText('Tick the box to agree to the terms.')).toBeTruthy();
    expect(sent.some((s) => s.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: /Full name/ }), { target: { value: 'Dale Fieldman' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /on behalf of Fieldman Farms/ }));
    fireEvent.click(send);
    await waitFor(() =>
      expect(sent.find((s) => s.method === 'POST')?.body).toEqual({
        enterpriseId: ENT,
        signedName: 'Dale Fieldman',
        consent: true,
      }),
    );
    expect(await screen.findByText(/Signed as "Dale Fieldman" by Dale Fieldman on 11\/20\/2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign agreement' })).toBeNull();
  });

  it("shows the server's refusal at its field", async () => {
    renderApp(`/direct/agreement/seed-technology-use/${ENT}/u1`, 'farmer');
    serve((method, url) => {
      if (method === 'GET' && url.pathname === '/api/store/agreements/seed-technology-use')
        return { status: 200, body: detail() };
      if (method === 'POST')
        return {
          status: 400,
          body: {
            code: 'invalid_request',
            message: 'Tick the box to agree to the terms.',
            details: { reason: 'consent_required' },
          },
        };
      return undefined;
    });
    fireEvent.change(await screen.findByRole('textbox', { name: /Full name/ }), { target: { value: 'Dale Fieldman' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /on behalf of/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign agreement' }));
    expect(await screen.findByText('Tick the box to agree to the terms.')).toBeTruthy();
  });

  it("is read-only for another user's page, with who signed when", async () => {
    renderApp(`/direct/agreement/terms-of-sale/${ENT}/u2`, 'farmer');
    const sent = serve((_m, url) =>
      url.pathname === '/api/store/agreements/terms-of-sale'
        ? {
            status: 200,
            body: detail({
              ...summary('terms-of-sale', 'Prairie Direct terms of sale', { status: 'signed', signature }),
              canSign: false,
              user: { id: 'u2', name: 'Hank Hand' },
            }),
          }
        : undefined,
    );
    expect(
      await screen.findByText(/Signed as "Dale Fieldman" by Dale Fieldman on 11\/20\/2026 \(version 1\)/),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Full name/ })).toBeNull();
    expect(sent.find((s) => s.url.pathname === '/api/store/agreements/terms-of-sale')!.url.search).toBe(
      `?enterpriseId=${ENT}&userId=u2`,
    );
  });

  it("a farm business that is not the caller's is a not-found page", async () => {
    renderApp(`/direct/agreement/terms-of-sale/${ENT}/u9`, 'farmer');
    serve(() => undefined);
    expect(await screen.findByText('The page you are looking for does not exist.')).toBeTruthy();
  });
});

describe('onboarding report (/direct/onboarding/report)', () => {
  it("lists the checklist with each item's state and a link to fix it", async () => {
    const report: OnboardingReport = {
      enterprise: { publicId: ENT, name: 'Fieldman Farms' },
      done: 3,
      total: 6,
      items: [
        {
          id: 'enterprise_profile',
          state: 'done',
          detail: { name: 'Fieldman Farms', country: 'USA' },
          fixPath: '/account',
        },
        { id: 'billing_address', state: 'done', detail: { count: 1 }, fixPath: '/direct/carts/checkout' },
        { id: 'input_purchasing', state: 'done', detail: { role: 'owner' }, fixPath: `/enterprise/${ENT}/team` },
        {
          id: 'applicator_licence',
          state: 'attention',
          detail: { licence: 'expiring' },
          fixPath: '/direct/applicator',
        },
        { id: 'agreements', state: 'todo', detail: { signed: 1, total: 4 }, fixPath: '/direct/prairie-agreements' },
        { id: 'first_order', state: 'todo', detail: { count: 0 }, fixPath: '/direct' },
      ],
    };
    renderApp('/en-ca/direct/onboarding/report', 'farmer');
    serve((_m, url) => (url.pathname === '/api/store/onboarding/report' ? { status: 200, body: report } : undefined));
    expect(await screen.findByText('3 of 6 done')).toBeTruthy();
    const licence = screen.getByRole('listitem', { name: 'Applicator licence' });
    expect(within(licence).getByText('Your licence expires soon. Add the renewed one.')).toBeTruthy();
    expect(within(licence).getByRole('link', { name: 'Fix: Applicator licence' }).getAttribute('href')).toBe(
      '/en-ca/direct/applicator',
    );
    const agreements = screen.getByRole('listitem', { name: 'Agreements' });
    expect(within(agreements).getByText('1 of 4 agreements signed.')).toBeTruthy();
    expect(within(agreements).getByRole('link', { name: 'Fix: Agreements' }).getAttribute('href')).toBe(
      '/en-ca/direct/prairie-agreements',
    );
    expect(
      within(screen.getByRole('listitem', { name: 'Billing address' })).getByRole('link', {
        name: 'Review: Billing address',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Agreements' }).getAttribute('data-state')).toBe('todo');
  });
});
