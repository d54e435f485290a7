import { describe, expect, it } from 'vitest';
import { allMessages as messages } from '../../test/messages';
import { failureOf, oidcFailureOf } from './failures';

describe('failureOf', () => {
  it('says the combination is wrong, with the MFA line on a failed password login (grain-marketing.md 8)', () => {
    const failure = failureOf({ code: 'invalid_credentials', message: 'x' }, 401, 'password');
    expect(failure).toEqual({
      messageId: 'identity.error.invalidCredentials',
      descriptionId: 'identity.error.incorrectMfaCode',
    });
    expect(messages[failure.messageId!]).toBe('Incorrect username/password combination.');
    expect(messages[failure.descriptionId!]).toBe('Incorrect MFA code supplied.');
  });

  it('shows the locked message with the description of the answer, or the spec’s description', () => {
    expect(
      failureOf({ code: 'account_locked', message: 'x', details: { description: 'Check your e-mail.' } }, 423),
    ).toEqual({
      messageId: 'identity.error.accountLocked',
      description: 'Check your e-mail.',
    });
    expect(failureOf({ code: 'account_locked', message: 'x' }, 423).descriptionId).toBe(
      'identity.error.accountLockedDescription',
    );
    expect(messages['identity.error.accountLocked']).toBe(
      'Your account is locked, please wait a while before trying again.',
    );
  });

  it('maps the account problems, codes and links to the spec’s messages', () => {
    expect(failureOf({ code: 'account_suspended', message: 'x' }, 403)).toMatchObject({
      messageId: 'identity.error.accountSuspended',
      support: true,
    });
    expect(failureOf({ code: 'account_deleted', message: 'x' }, 403)).toMatchObject({
      messageId: 'identity.error.accountDeleted',
    });
    expect(failureOf({ code: 'code_invalid', message: 'x' }, 400).messageId).toBe('identity.error.incorrectMfaCode');
    expect(failureOf({ code: 'link_invalid', message: 'x' }, 410, 'reset').messageId).toBe(
      'identity.error.linkInvalid',
    );
    expect(failureOf({ code: 'link_invalid', message: 'x' }, 410, 'magic-link').messageId).toBe(
      'identity.error.magicLinkInvalid',
    );
    expect(failureOf({ code: 'incorrect_password', message: 'x' }, 400).messageId).toBe(
      'identity.error.incorrectCurrentPassword',
    );
    expect(failureOf({ code: 'email_taken', message: 'x' }, 409).messageId).toBe('identity.error.cannotCreateAccount');
    expect(failureOf({ code: 'bot_check_failed', message: 'TRY_AGAIN' }, 400).messageId).toBe(
      'identity.error.botCheckFailed',
    );
  });

  it('shows the server’s own sentence for 400s, but never a schema dump', () => {
    expect(
      failureOf({ code: 'invalid_request', message: 'The password must be at least 4 characters long.' }, 400),
    ).toEqual({
      text: 'The password must be at least 4 characters long.',
    });
    expect(failureOf({ code: 'invalid_request', message: 'Invalid body: token Required' }, 400)).toEqual({
      messageId: 'error.unexpected',
    });
    expect(failureOf({ code: 'insecure_password', message: 'Too common.' }, 400)).toEqual({ text: 'Too common.' });
  });

  it('falls back to the default and the disconnected message', () => {
    expect(failureOf({ code: 'not_found', message: 'No route' }, 404)).toEqual({ messageId: 'error.unexpected' });
    expect(failureOf({ code: 'disconnected', message: 'x' }, 0)).toEqual({ messageId: 'error.disconnected' });
  });
});

describe('oidcFailureOf', () => {
  it('names the provider of a failed attempt', () => {
    const failure = oidcFailureOf(new URLSearchParams('error=oauth&provider=Google'));
    expect(failure).toEqual({ messageId: 'identity.error.oauthFailed', values: { provider: 'Google' } });
    expect(messages['identity.error.oauthFailed'].replace('{provider}', 'Apple')).toBe(
      'Could not sign in with your Apple account.',
    );
  });

  it('never repeats arbitrary text from the link', () => {
    expect(oidcFailureOf(new URLSearchParams('error=oauth&provider=<script>'))).toEqual({
      messageId: 'identity.error.oauthFailedNoName',
    });
    expect(oidcFailureOf(new URLSearchParams(`error=oauth&provider=${'A'.repeat(60)}`))?.messageId).toBe(
      'identity.error.oauthFailedNoName',
    );
  });

  it('covers the account problems of the callback and ignores other pages’ errors', () => {
    expect(oidcFailureOf(new URLSearchParams('error=no_account&provider=Apple'))).toEqual({
      messageId: 'identity.error.noAccountFor',
      values: { provider: 'Apple' },
    });
    expect(oidcFailureOf(new URLSearchParams('error=account_suspended'))?.messageId).toBe(
      'identity.error.accountSuspended',
    );
    expect(oidcFailureOf(new URLSearchParams('error=account_deleted'))?.messageId).toBe(
      'identity.error.accountDeleted',
    );
    expect(oidcFailureOf(new URLSearchParams('error=other'))).toBeNull();
    expect(oidcFailureOf(new URLSearchParams(''))).toBeNull();
  });
});
