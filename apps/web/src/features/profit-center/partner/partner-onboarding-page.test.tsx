import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubCall, type StubReply } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { queryKeys } from '../../../lib/api/query-keys';
import { fakeBootstrap } from '../../../test/fixtures';

// Partner onboarding (issue 17, decision 060): the farmer finds their grain account at the partner, gets a code and
// links it; a visitor is sent to sign in and back; no match says whom to contact; no phone says the merchandiser fixes it.

const CONTACT = {
  contactId: 11,
  contactName: 'Frank Fieldman',
  legalEntityId: 501,
  legalEntityName: 'Fieldman Grain LLC',
  email: 'fa•••@demo.test',
  phone: '•••-•••-0142',
  state: 'linkable',
  linkedEnterpriseId: null,
};
const STATE = {
  intent: 'demo',
  partnerName: 'Granary Demo Grain',
  completed: false,
  contacts: [CONTACT],
  enterprises: [
    { id: 7, name: 'Fieldman Family Farms' },
    { id: 8, name: 'Fieldman North' },
  ],
};

function serve(route: (call: StubCall) => StubReply | undefined) {
  return stubFetch(route);
}

afterEach(() => vi.restoreAllMocks());

describe('/profit-center/partner/:intent', () => {
  it("skips the finished step: a farmer whose bootstrap lists '<intent>-onboarding' is told it is linked, no code asked", async () => {
    const view = renderApp('/profit-center/partner/demo/landing', 'farmer');
    const boot = fakeBootstrap('farmer');
    act(() =>
      view.queryClient.setQueryData(queryKeys.bootstrap, {
        ...boot,
        user: { ...boot.user, completed_onboarding_steps: ['demo-onboarding'] },
      }),
    );
    const calls = serve((call) =>
      call.url.pathname === '/api/commodities/profit-center/onboarding/demo' ? { status: 200, body: STATE } : undefined,
    );
    expect(await screen.findByRole('link', { name: 'Open the profit center' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'E-mail me a code' })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/commodities/profit-center/onboarding/demo')).toBe(false);
    act(() => void view.router.navigate('/profit-center/partner/demo/confirm-code'));
    expect(await screen.findByRole('link', { name: 'Open the profit center' })).toBeTruthy();
    expect(screen.queryByLabelText('Code')).toBeNull();
  });

  it('sends a code to the contact on file, then links with it to the farm business picked', async () => {
    const { router } = renderApp('/profit-center/partner/demo/landing', 'farmer');
    const calls = serve((call) => {
      const path = call.url.pathname;
      if (path === '/api/commodities/profit-center/onboarding/demo') return { status: 200, body: STATE };
      if (path === '/api/commodities/le/email/verify/initiate')
        return { status: 200, body: { token: 'tok', channel: 'email', sentTo: 'fa•••@demo.test' } };
      if (path === '/api/commodities/email/verify/demo-onboarding') {
        const body = call.body as { code: string };
        if (body.code === '111111') return { status: 400, body: { code: 'code_invalid', message: 'Incorrect' } };
        return {
          status: 200,
          body: {
            legalEntityId: 501,
            legalEntityName: 'Fieldman Grain LLC',
            enterpriseId: 8,
            completedOnboardingSteps: ['demo-onboarding'],
          },
        };
      }
      return undefined;
    });
    const card = await screen.findByRole('region', { name: 'Fieldman Grain LLC' });
    expect(within(card).getByText('On file: fa•••@demo.test · •••-•••-0142')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'E-mail me a code' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profit-center/partner/demo/verify-email');
    expect(calls.find((c) => c.url.pathname.endsWith('/initiate'))?.body).toEqual({
      intent: 'demo',
      contactId: 11,
      channel: 'email',
    });

    const code = screen.getByLabelText('Code');
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link my grain account' }));
    expect(await screen.findByText('The code is 6 digits.')).toBeTruthy();

    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link my grain account' }));
    expect(await screen.findByText('That code is not right. Check it and try again.')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Farm business to link' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fieldman North' }));
    fireEvent.change(code, { target: { value: '482913' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link my grain account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profit-center'));
    const verify = calls.filter((c) => c.url.pathname.endsWith('/demo-onboarding')).pop();
    expect(verify?.body).toEqual({ token: 'tok', code: '482913', enterpriseId: 8 });
  });

  it('offers "Resend code" on confirm-code after a cooldown: a new code on the same session, the limit said', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderApp('/profit-center/partner/demo/landing', 'farmer');
      let resends = 0;
      const calls = serve((call) => {
        const path = call.url.pathname;
        if (path === '/api/commodities/profit-center/onboarding/demo') return { status: 200, body: STATE };
        if (path === '/api/commodities/le/email/verify/initiate')
          return { status: 200, body: { token: 'tok', channel: 'sms', sentTo: '•••-•••-0142' } };
        if (path === '/api/commodities/le/email/verify/resend') {
          resends += 1;
          return resends === 1
            ? { status: 200, body: { token: 'tok', channel: 'sms', sentTo: '•••-•••-0142' } }
            : { status: 429, body: { code: 'rate_limited', message: 'Too many' } };
        }
        return undefined;
      });
      const card = await screen.findByRole('region', { name: 'Fieldman Grain LLC' });
      fireEvent.click(within(card).getByRole('button', { name: 'Text me a code' }));
      expect(await screen.findByRole('heading', { name: 'Check your phone' })).toBeTruthy();
      const waiting = screen.getByRole('button', { name: 'Resend code in 30 s' }) as HTMLButtonElement;
      expect(waiting.disabled).toBe(true);
      act(() => void vi.advanceTimersByTime(30_000));
      const resend = (await screen.findByRole('button', { name: 'Resend code' })) as HTMLButtonElement;
      expect(resend.disabled).toBe(false);
      fireEvent.click(resend);
      expect(
        await screen.findByText('We sent a new code to •••-•••-0142. The earlier one no longer works.'),
      ).toBeTruthy();
      expect(calls.filter((c) => c.url.pathname.endsWith('/resend')).map((c) => c.body)).toEqual([
        { intent: 'demo', token: 'tok' },
      ]);
      // The cooldown starts again after each send.
      expect((screen.getByRole('button', { name: 'Resend code in 30 s' }) as HTMLButtonElement).disabled).toBe(true);
      act(() => void vi.advanceTimersByTime(30_000));
      fireEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
      expect(
        await screen.findByText('Too many codes were sent. Please wait a while before trying again.'),
      ).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers a visitor sign-in and signup that come back to the page', async () => {
    renderApp('/profit-center/partner/demo/landing', 'anonymous');
    serve(() => undefined);
    const back = encodeURIComponent('/profit-center/partner/demo/landing');
    await screen.findByText('Sign in or create an account first; you will come back here.');
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toContain(`/sign-in/password?redirect=${back}`);
    expect(hrefs).toContain(`/signup?redirect=${back}`);
  });

  it('says whom to contact when no grain account has the farmer’s e-mail or phone', async () => {
    renderApp('/profit-center/partner/demo', 'farmer');
    serve((call) =>
      call.url.pathname === '/api/commodities/profit-center/onboarding/demo'
        ? { status: 200, body: { ...STATE, contacts: [] } }
        : undefined,
    );
    expect(await screen.findByRole('heading', { name: /We found no grain account for you at/ })).toBeTruthy();
    const support = screen.getByRole('region', { name: 'Contact Prairie Test Grain' });
    expect(within(support).getByRole('link', { name: 'help@prairie.test' }).getAttribute('href')).toBe(
      'mailto:help@prairie.test',
    );
    // The dialer gets the digits only, as the brokerage tab's link does.
    expect(within(support).getByRole('link', { name: '1-800-555-0199' }).getAttribute('href')).toBe('tel:18005550199');
  });

  it("shows the server's reason when the grain accounts cannot load, with a retry", async () => {
    renderApp('/profit-center/partner/demo', 'farmer');
    serve((call) =>
      call.url.pathname === '/api/commodities/profit-center/onboarding/demo'
        ? { status: 503, body: { code: 'unavailable', message: 'The grain system is down for maintenance.' } }
        : undefined,
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    await waitFor(() => expect(within(alert).getByText('The grain system is down for maintenance.')).toBeTruthy());
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('sends a contact without a phone on file to update-phone, which says the merchandiser must fix it', async () => {
    const { router } = renderApp('/profit-center/partner/demo/landing', 'farmer');
    serve((call) => {
      const path = call.url.pathname;
      if (path === '/api/commodities/profit-center/onboarding/demo')
        return { status: 200, body: { ...STATE, contacts: [{ ...CONTACT, phone: null }] } };
      if (path === '/api/commodities/le/email/verify/initiate')
        return { status: 400, body: { code: 'contact_phone_missing', message: 'No phone' } };
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByRole('heading', { name: 'No phone number on file' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profit-center/partner/demo/update-phone');
    expect(screen.getByText(/ask your merchandiser to update your phone number/)).toBeTruthy();
  });

  it('shows the partner’s marketing landing at get{brand} and store links only where the partner has them', async () => {
    renderApp('/profit-center/partner/demo/getprairie', 'anonymous');
    serve(() => undefined);
    expect(await screen.findByRole('heading', { name: 'Prairie: your grain marketing in one place' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Get the Prairie app' }));
    expect(await screen.findByRole('heading', { name: 'Get the Prairie app' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download on the App Store' })).toBeNull();
  });
});
