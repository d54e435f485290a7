import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { allMessages as messages } from '../../test/messages';
import { failureOf, oidcFailureOf } from './failures';

describe('failureOf', () => {
  it('says the combination is wrong, with the MFA line on a failed password login (grain-marketing.md 8)', () => {
    const failure = failureOf(new ApiError(401, 'invalid_credentials', 'x'), 'password');
    expect(failure).toEqual({
      messageId: 'identity.error.invalidCredentials',
      descriptionId: 'identity.error.incorrectMfaCode',
    });
    expect(messages[failure.messageId!]).toBe('Incorrect username/password combination.');
    expect(messages[failure.descriptionId!]).toBe('Incorrect MFA code supplied.');
  });

  it('shows the locked message with the description of the answer, or the spec’s description', () => {
    expect(
      failureOf(new ApiError(423, 'account_locked', 'x', { details: { description: 'Check your e-mail.' } })),
    ).toEqual({
      messageId: 'identity.error.accountLocked',
      description: 'Check your e-mail.',
    });
    expect(failureOf(new ApiError(423, 'account_locked', 'x')).descriptionId).toBe(
      'identity.error.accountLockedDescription',
    );
    expect(messages['identity.error.accountLocked']).toBe(
      'Your account is locked, please wait a while before trying again.',
    );
  });

  it('maps the account problems, codes and links to the spec’s messages', () => {
    expect(failureOf(new ApiError(403, 'account_suspended', 'x'))).toMatchObject({
      messageId: 'identity.error.accountSuspended',
      support: true,
    });
    expect(failureOf(new ApiError(403, 'account_deleted', 'x'))).toMatchObject({
      messageId: 'identity.error.accountDeleted',
    });
    expect(failureOf(new ApiError(400, 'code_invalid', 'x')).messageId).toBe('identity.error.incorrectMfaCode');
    expect(failureOf(new ApiError(410, 'link_invalid', 'x'), 'reset').messageId).toBe('identity.error.linkInvalid');
    expect(failureOf(new ApiError(410, 'link_invalid', 'x'), 'magic-link').messageId).toBe(
      'identity.error.magicLinkInvalid',
    );
    expect(failureOf(new ApiError(400, 'incorrect_password', 'x')).messageId).toBe(
      'identity.error.incorrectCurrentPassword',
    );
    expect(failureOf(new ApiError(409, 'email_taken', 'x')).messageId).toBe('identity.error.cannotCreateAccount');
    expect(failureOf(new ApiError(400, 'bot_check_failed', 'TRY_AGAIN')).messageId).toBe(
      'identity.error.botCheckFailed',
    );
  });

  it('shows the server’s own sentence for 400s, but never a schema dump', () => {
    expect(failureOf(new ApiError(400, 'invalid_request', 'The password must be at least 4 characters long.'))).toEqual(
      {
        text: 'The password must be at least 4 characters long.',
      },
    );
    expect(failureOf(new ApiError(400, 'invalid_request', 'Invalid body: token Required'))).toEqual({
      messageId: 'error.unexpected',
    });
    expect(failureOf(new ApiError(400, 'insecure_password', 'Too common.'))).toEqual({ text: 'Too common.' });
  });

  it('falls back to the default and the disconnected message', () => {
    expect(failureOf(new ApiError(404, 'not_found', 'No route'))).toEqual({ messageId: 'error.unexpected' });
    expect(failureOf(new ApiError(0, 'disconnected', 'x'))).toEqual({ messageId: 'error.disconnected' });
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
