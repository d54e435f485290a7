import { describe, expect, it } from 'vitest';
import { NEW_PASSWORD_MIN_LENGTH, SIGN_IN_PASSWORD_MIN_LENGTH, newPasswordLengthProblem } from './passwords.ts';

describe('password length rules', () => {
  it('wants 8 characters for a new password, while signing in keeps the spec’s 4', () => {
    expect(NEW_PASSWORD_MIN_LENGTH).toBe(8);
    expect(SIGN_IN_PASSWORD_MIN_LENGTH).toBe(4);
    expect(newPasswordLengthProblem('abcd')).toBe('too_short');
    expect(newPasswordLengthProblem('abcdefg')).toBe('too_short');
    expect(newPasswordLengthProblem('abcdefgh')).toBeNull();
    expect(newPasswordLengthProblem('x'.repeat(257))).toBe('too_long');
  });
});
