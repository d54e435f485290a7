import type { ApiError } from '../../lib/api/api-error';
import type { MessageId, MessageValues } from '../../lib/i18n/messages';

/**
 * What a form shows when a call fails: a catalogue message (the specs' wording) or, where the server's own text is
 * the product's wording (400 validation, insecure password reasons, rate limits), that text; optionally a
 * description under it.
 */
export type Failure = {
  messageId?: MessageId;
  values?: MessageValues;
  text?: string;
  description?: string;
  descriptionId?: MessageId;
  /** Show the partner's support contact under the message (account problems). */
  support?: boolean;
};

export type FailureContext = 'password' | 'magic-link' | 'sms' | 'reset' | 'update' | 'signup' | 'generic';

/** The server's 400 messages are user-facing sentences, except the schema validator's 'Invalid body: …'. */
function serverText(error: ApiError): string | null {
  const message = error.message.trim();
  if (!message) return null;
  if (/^Invalid (body|querystring|params|headers|request)\b/.test(message)) return null;
  return message;
}

function description(details: unknown): string | null {
  const value = (details as { description?: unknown } | undefined)?.description;
  return typeof value === 'string' && value.trim() ? value : null;
}

/** Maps an error answer of the identity API to what the page shows (grain-marketing.md 8 'Sign-in and password'). */
export function failureOf(error: ApiError, context: FailureContext = 'generic'): Failure {
  if (error.status === 0) return { messageId: 'error.disconnected' };
  switch (error.code) {
    case 'invalid_credentials':
      // 'Incorrect MFA code supplied.' is shown on any failed password login (grain-marketing.md 8).
      return context === 'password'
        ? { messageId: 'identity.error.invalidCredentials', descriptionId: 'identity.error.incorrectMfaCode' }
        : { messageId: 'identity.error.invalidCredentials' };
    case 'account_locked': {
      const text = description(error.details);
      return text
        ? { messageId: 'identity.error.accountLocked', description: text }
        : { messageId: 'identity.error.accountLocked', descriptionId: 'identity.error.accountLockedDescription' };
    }
    case 'account_suspended':
      return { messageId: 'identity.error.accountSuspended', support: true };
    case 'account_deleted':
      return { messageId: 'identity.error.accountDeleted', support: true };
    case 'no_account':
      return { messageId: 'identity.error.noAccount' };
    case 'code_invalid':
      return { messageId: 'identity.error.incorrectMfaCode' };
    case 'link_invalid':
      if (context === 'magic-link') return { messageId: 'identity.error.magicLinkInvalid' };
      if (context === 'sms') return { messageId: 'identity.error.codeExpired' };
      return { messageId: 'identity.error.linkInvalid' };
    case 'incorrect_password':
      return { messageId: 'identity.error.incorrectCurrentPassword' };
    case 'bot_check_failed':
      return { messageId: 'identity.error.botCheckFailed' };
    case 'email_taken':
      return { messageId: 'identity.error.cannotCreateAccount', support: true };
    case 'invalid_request':
    case 'invalid_signup':
    case 'insecure_password':
    case 'rate_limited': {
      const text = serverText(error);
      return text ? { text } : { messageId: 'error.unexpected' };
    }
    default:
      return { messageId: 'error.unexpected' };
  }
}

/**
 * What an OpenID Connect callback that failed asks the sign-in page to say: `?error=oauth|no_account|
 * account_suspended|account_deleted&provider=<display name>`. The provider name is shown only when it is a plausible
 * name (never arbitrary text from a link).
 */
export function oidcFailureOf(search: URLSearchParams): Failure | null {
  const error = search.get('error');
  if (!error) return null;
  const raw = (search.get('provider') ?? '').trim();
  const provider = /^[A-Za-z][A-Za-z0-9 .-]{0,29}$/.test(raw) ? raw : null;
  switch (error) {
    case 'oauth':
      return provider
        ? { messageId: 'identity.error.oauthFailed', values: { provider } }
        : { messageId: 'identity.error.oauthFailedNoName' };
    case 'no_account':
      return provider
        ? { messageId: 'identity.error.noAccountFor', values: { provider } }
        : { messageId: 'identity.error.noAccount' };
    case 'account_suspended':
      return { messageId: 'identity.error.accountSuspended', support: true };
    case 'account_deleted':
      return { messageId: 'identity.error.accountDeleted', support: true };
    default:
      return null;
  }
}
