import { readStorage, removeStorage, writeStorage } from '../../lib/browser/storage';
import { initiateSmsLogin } from './api/sms';
import { failureOf, type Failure } from './failures';

/** The SMS sign-in in progress (number and verification token), kept for the tab so a reload can continue. */
export type SmsLogin = { phone: string; verificationToken: string };
const SMS_LOGIN_KEY = 'granary_sms_login';

/** The value as an SMS sign-in in progress, or null when it is not one (a route's state, what the tab kept). */
export function asSmsLogin(value: unknown): SmsLogin | null {
  const login = value as Partial<SmsLogin> | null;
  return typeof login === 'object' &&
    login !== null &&
    typeof login.phone === 'string' &&
    typeof login.verificationToken === 'string'
    ? { phone: login.phone, verificationToken: login.verificationToken }
    : null;
}

export function readSmsLogin(): SmsLogin | null {
  try {
    return asSmsLogin(JSON.parse(readStorage(SMS_LOGIN_KEY, 'session') ?? 'null'));
  } catch {
    return null;
  }
}

export function writeSmsLogin(login: SmsLogin | null): void {
  if (login) writeStorage(SMS_LOGIN_KEY, JSON.stringify(login), 'session');
  else removeStorage(SMS_LOGIN_KEY, 'session');
}

/**
 * Texts a 6-digit code to the number (login/sms/initiate, with the bot check's token): the sign-in in progress,
 * kept for the tab, or the failure to show.
 */
export async function sendSmsCode(
  phone: string,
  redirect: string | null,
  botCheckToken: string | undefined,
): Promise<{ login: SmsLogin } | { failure: Failure }> {
  const result = await initiateSmsLogin(phone, redirect, botCheckToken);
  if (result.ok && typeof result.json.verification_token === 'string') {
    const login = { phone: phone.trim(), verificationToken: result.json.verification_token };
    writeSmsLogin(login);
    return { login };
  }
  return { failure: result.ok ? { messageId: 'error.unexpected' } : failureOf(result.error, 'sms') };
}
