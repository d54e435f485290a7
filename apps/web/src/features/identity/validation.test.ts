import { describe, expect, it } from 'vitest';
import { allMessages as messages } from '../../test/messages';
import {
  codeRule,
  confirmationRule,
  emailRule,
  newPasswordRule,
  passwordRule,
  phoneRule,
  resetEmailRule,
} from './validation';

const text = (id: keyof typeof messages | null) => (id ? messages[id] : null);

describe('sign-in and password rules (grain-marketing.md 5, platform.md 5.2)', () => {
  it('require the e-mail and the password, at least 4 characters', () => {
    expect(text(emailRule(''))).toBe('The email field is required.');
    expect(text(emailRule('   '))).toBe('The email field is required.');
    expect(emailRule('a@b.co')).toBeNull();
    expect(text(passwordRule(''))).toBe('The password field is required.');
    expect(text(passwordRule('abc'))).toBe('The password must be at least 4 characters long.');
    expect(passwordRule('abcd')).toBeNull();
  });

  it('checks the reset e-mail format', () => {
    expect(text(resetEmailRule(''))).toBe('The email field is required.');
    expect(text(resetEmailRule('farmer@@demo'))).toBe('The email format is invalid.');
    expect(text(resetEmailRule('farmer@demo'))).toBeNull();
    expect(text(resetEmailRule(`farmer@${'a'.repeat(64)}.com`))).toBe('The email format is invalid.');
    expect(resetEmailRule(' farmer@demo.granary.test ')).toBeNull();
  });

  it('wants a password being set to have at least 8 characters (issue 11), while sign-in keeps 4', () => {
    expect(text(newPasswordRule(''))).toBe('The new password field is required.');
    expect(text(newPasswordRule('abcd'))).toBe('The new password must be at least 8 characters long.');
    expect(text(newPasswordRule('abcdefg'))).toBe('The new password must be at least 8 characters long.');
    expect(newPasswordRule('abcdefgh')).toBeNull();
    expect(passwordRule('abcd')).toBeNull();
    expect(text(confirmationRule('abcd', 'abcd'))).toBe('The new password must be at least 8 characters long.');
    expect(messages['identity.passwordHint']).toBe('At least 8 characters, and not easy to guess.');
  });

  it('wants the confirmation to match the new password', () => {
    expect(text(confirmationRule('secret-1', 'secret-2'))).toBe(
      'The password confirmation must match the new password.',
    );
    expect(text(confirmationRule('secret-1', ''))).toBe('The password confirmation field is required.');
    expect(confirmationRule('secret-1', 'secret-1')).toBeNull();
  });

  it('takes a phone of platform.md 5.1 and a code of exactly 6 digits', () => {
    expect(phoneRule('(515) 555-0110')).toBeNull();
    expect(text(phoneRule('555-01'))).toBe('Invalid phone number');
    expect(codeRule('123456')).toBeNull();
    expect(codeRule('12345')).not.toBeNull();
    expect(codeRule('1234567')).not.toBeNull();
    expect(codeRule('12a456')).not.toBeNull();
  });
});
