import { describe, expect, it } from 'vitest';
import { hasIssues } from '../../lib/field-form';
import { validateLogin, validateRegister } from './validation';

const good = { username: 'ada_l', email: '', password: 'long-enough', confirm: 'long-enough' };

describe('sign-in checks', () => {
  it('names each empty field', () => {
    expect(validateLogin({ username: '  ', password: '' })).toEqual({
      username: { key: 'auth:validation.required', values: { field: 'auth:fields.account' } },
      password: { key: 'auth:validation.required', values: { field: 'auth:fields.password' } },
    });
  });

  it('accepts a username or an email with any password', () => {
    expect(hasIssues(validateLogin({ username: 'a@b.co', password: 'x' }))).toBe(false);
  });
});

describe('sign-up checks', () => {
  it('accepts a valid form, with or without an email', () => {
    expect(validateRegister(good)).toEqual({});
    expect(validateRegister({ ...good, email: 'ada@example.com' })).toEqual({});
  });

  it('bounds the username to 2–32 letters, digits, _ . -', () => {
    expect(validateRegister({ ...good, username: 'a' }).username?.key).toBe(
      'auth:validation.usernameLength',
    );
    expect(validateRegister({ ...good, username: 'a'.repeat(33) }).username?.key).toBe(
      'auth:validation.usernameLength',
    );
    expect(validateRegister({ ...good, username: 'a'.repeat(32) }).username).toBeUndefined();
    expect(validateRegister({ ...good, username: ' 张三 ' }).username).toBeUndefined();
    expect(validateRegister({ ...good, username: 'ada lovelace' }).username?.key).toBe(
      'auth:validation.usernameChars',
    );
    expect(validateRegister({ ...good, username: '' }).username).toEqual({
      key: 'auth:validation.required',
      values: { field: 'auth:fields.username' },
    });
  });

  it('checks the email only when one is given', () => {
    expect(validateRegister({ ...good, email: 'not-an-email' }).email?.key).toBe(
      'auth:validation.email',
    );
    expect(validateRegister({ ...good, email: 'a@b' }).email?.key).toBe('auth:validation.email');
  });

  it('wants a password of at least 8 characters, confirmed', () => {
    const short = validateRegister({ ...good, password: 'short12', confirm: 'short12' });
    expect(short.password).toEqual({ key: 'auth:validation.passwordShort', values: { min: 8 } });
    expect(short.confirm).toBeUndefined();
    expect(validateRegister({ ...good, confirm: 'long-enougH' }).confirm?.key).toBe(
      'auth:validation.confirmMismatch',
    );
    expect(validateRegister({ ...good, confirm: '' }).confirm?.key).toBe(
      'auth:validation.required',
    );
    expect(
      validateRegister({ ...good, password: 'x'.repeat(129), confirm: 'x'.repeat(129) }).password
        ?.key,
    ).toBe('auth:validation.passwordLong');
  });
});
