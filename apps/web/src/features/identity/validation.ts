import {
  NEW_PASSWORD_MIN_LENGTH,
  RESET_EMAIL_PATTERN,
  SIGN_IN_PASSWORD_MIN_LENGTH,
  VERIFICATION_CODE_PATTERN,
  isValidPhone,
} from '@granary/domain';
import type { MessageId } from '../../lib/i18n/messages';

/** The client-side rules of grain-marketing.md 5 and platform.md 5.1–5.2; each answers a message id or null. */

/** Signing in with an existing password (the spec's 4); a password being set needs NEW_PASSWORD_MIN_LENGTH. */
const MIN_PASSWORD_LENGTH = SIGN_IN_PASSWORD_MIN_LENGTH;

export function emailRule(value: string): MessageId | null {
  return value.trim() ? null : 'identity.error.emailRequired';
}

/** The reset-password (and magic link) e-mail: required, then local part '@' domain labels of 1–63 characters. */
export function resetEmailRule(value: string): MessageId | null {
  if (!value.trim()) return 'identity.error.emailRequired';
  return RESET_EMAIL_PATTERN.test(value.trim()) ? null : 'identity.error.emailInvalid';
}

export function passwordRule(value: string, required: MessageId = 'identity.error.passwordRequired'): MessageId | null {
  if (!value) return required;
  return value.length < MIN_PASSWORD_LENGTH ? 'identity.error.passwordTooShort' : null;
}

/**
 * A password being set (reset link, password change, one-time-password reset): required and at least 8 characters
 * (domain NEW_PASSWORD_MIN_LENGTH, docs/decisions/024). Whether it is too easy to guess only the server can say.
 */
export function newPasswordRule(
  value: string,
  required: MessageId = 'identity.error.newPasswordRequired',
): MessageId | null {
  if (!value) return required;
  return value.length < NEW_PASSWORD_MIN_LENGTH ? 'identity.error.newPasswordTooShort' : null;
}

export function confirmationRule(newPassword: string, confirmation: string): MessageId | null {
  const basic = newPasswordRule(confirmation, 'identity.error.confirmationRequired');
  if (basic) return basic;
  return confirmation === newPassword ? null : 'identity.error.passwordConfirmationMismatch';
}

export function phoneRule(value: string): MessageId | null {
  if (!value.trim()) return 'identity.error.phoneRequired';
  return isValidPhone(value) ? null : 'identity.error.phoneInvalid';
}

/** Verification code: exactly 6 digits. */
export function codeRule(value: string): MessageId | null {
  return VERIFICATION_CODE_PATTERN.test(value.trim()) ? null : 'identity.error.codeInvalid';
}
