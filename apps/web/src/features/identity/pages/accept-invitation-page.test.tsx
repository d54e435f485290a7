import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvitationInfo } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageLocation } from '../../../lib/browser/page-location';
import type { StubReply } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { serveAnonymous } from './identity-test-server';

const INFO: InvitationInfo = {
  email: 'jordan@demo.test',
  firstName: 'Jordan',
  lastName: 'Hale',
  partnerName: 'Demo Grain',
  inviterName: 'Dana Merchant',
  accountExists: false,
  signedInAsInvitee: false,
  expiresAt: '2026-12-04T10:00:00.000Z',
};

const PATH = '/api/auth/invitations/tok-1';

afterEach(() => vi.restoreAllMocks());

describe('the invitation page (/invitation/:token)', () => {
  it('says who invites, takes a password twice and lands in the CRM', async () => {
    const assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => {});
    let accept: StubReply = {
      status: 400,
      body: { code: 'insecure_password', message: 'This password is too easy to guess.' },
    };
    renderApp('/invitation/tok-1', 'anonymous');
    const calls = serveAnonymous((c) =>
      c.url.pathname === PATH ? { status: 200, body: INFO } : c.url.pathname === `${PATH}/accept` ? accept : undefined,
    );
    expect(await screen.findByText('Dana Merchant invited you to Demo Grain. Set your password to join.')).toBeTruthy();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Jordan');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findAllByText('The new password must be at least 8 characters long.')).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Summer2026' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Summer2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(
      within(await screen.findByTestId('form-alert')).getByText('This password is too easy to guess.'),
    ).toBeTruthy();

    accept = { status: 200, body: { redirect: '/crm' } };
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wheat-harvest-Moon-42' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'wheat-harvest-Moon-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/crm'));
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      firstName: 'Jordan',
      lastName: 'Hale',
      password: 'wheat-harvest-Moon-42',
    });
  });

  it('says clearly when the link was used, revoked or has expired', async () => {
    renderApp('/invitation/tok-1', 'anonymous');
    serveAnonymous((c) =>
      c.url.pathname === PATH
        ? { status: 410, body: { code: 'invitation_invalid', message: 'This invitation is no longer valid.' } }
        : undefined,
    );
    expect(await screen.findByText(/This invitation is no longer valid/)).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('asks an existing account to sign in first', async () => {
    renderApp('/invitation/tok-1', 'anonymous');
    serveAnonymous((c) =>
      c.url.pathname === PATH ? { status: 200, body: { ...INFO, accountExists: true } } : undefined,
    );
    expect(await screen.findByText(/An account with jordan@demo.test exists already/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/sign-in/password?redirect=%2Finvitation%2Ftok-1',
    );
  });
});
