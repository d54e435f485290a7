// Password length rules shared by the server and the web (grain-marketing.md 5; docs/decisions/024-password-strength.md).

/** Signing in with an existing password: the spec's 'The password must be at least 4 characters long.' */
export const SIGN_IN_PASSWORD_MIN_LENGTH = 4;

/**
 * Setting a password (reset link, password update, the one-time-password reset): at least 8 characters. The
 * server also refuses common and easily guessed passwords (zxcvbn score below 3); the web checks the length only.
 */
export const NEW_PASSWORD_MIN_LENGTH = 8;

/** Long enough for any passphrase, short enough that hashing can't be used to burn CPU. */
export const PASSWORD_MAX_LENGTH = 256;

/** Whether a password being set is too short or too long (null when its length is fine). */
export function newPasswordLengthProblem(password: string): 'too_short' | 'too_long' | null {
  if (password.length < NEW_PASSWORD_MIN_LENGTH) return 'too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'too_long';
  return null;
}
