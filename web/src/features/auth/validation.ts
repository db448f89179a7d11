/**
 * Checks of the sign-in, sign-up and password forms, run before anything is sent. Each check
 * answers an i18n key of the `auth` namespace (with its values) per invalid field, so the
 * message is in the user's language and names the field. The rules mirror the contracts in
 * `contracts/src/auth.ts` so the server rarely has to refuse.
 */

import type { Checked, KeyIssue } from '../../lib/field-form';
import { isPhone } from '../../lib/phone';

export const USERNAME_MIN = 2;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
const EMAIL_MAX = 254;

const usernameChars = /^[\p{L}\p{N}_.-]+$/u;
// The shape browsers use for <input type="email">: something@something.something.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkUsername(raw: string): KeyIssue | undefined {
  const name = raw.trim();
  if (!name) return { key: 'auth:validation.required', values: { field: 'auth:fields.username' } };
  if (name.length < USERNAME_MIN || name.length > USERNAME_MAX)
    return {
      key: 'auth:validation.usernameLength',
      values: { min: USERNAME_MIN, max: USERNAME_MAX },
    };
  if (!usernameChars.test(name)) return { key: 'auth:validation.usernameChars' };
  return undefined;
}

function checkNewPassword(password: string, confirm: string): Checked<'password' | 'confirm'> {
  const issues: Checked<'password' | 'confirm'> = {};
  if (!password)
    issues.password = {
      key: 'auth:validation.required',
      values: { field: 'auth:fields.password' },
    };
  else if (password.length < PASSWORD_MIN)
    issues.password = { key: 'auth:validation.passwordShort', values: { min: PASSWORD_MIN } };
  else if (password.length > PASSWORD_MAX)
    issues.password = { key: 'auth:validation.passwordLong', values: { max: PASSWORD_MAX } };
  if (!confirm)
    issues.confirm = { key: 'auth:validation.required', values: { field: 'auth:fields.confirm' } };
  else if (confirm !== password) issues.confirm = { key: 'auth:validation.confirmMismatch' };
  return issues;
}

export interface LoginValues {
  username: string;
  password: string;
}

export function validateLogin(v: LoginValues): Checked<keyof LoginValues> {
  const issues: Checked<keyof LoginValues> = {};
  if (!v.username.trim())
    issues.username = { key: 'auth:validation.required', values: { field: 'auth:fields.account' } };
  if (!v.password)
    issues.password = {
      key: 'auth:validation.required',
      values: { field: 'auth:fields.password' },
    };
  return issues;
}

export interface RegisterValues {
  username: string;
  email: string;
  password: string;
  confirm: string;
}

export function validateRegister(v: RegisterValues): Checked<keyof RegisterValues> {
  const issues: Checked<keyof RegisterValues> = { ...checkNewPassword(v.password, v.confirm) };
  const username = checkUsername(v.username);
  if (username) issues.username = username;
  const email = v.email.trim();
  if (email && (email.length > EMAIL_MAX || !emailShape.test(email)))
    issues.email = { key: 'auth:validation.email' };
  return issues;
}

function checkEmail(raw: string): KeyIssue | undefined {
  const email = raw.trim();
  if (!email) return { key: 'auth:validation.required', values: { field: 'auth:fields.email' } };
  if (email.length > EMAIL_MAX || !emailShape.test(email)) return { key: 'auth:validation.email' };
  return undefined;
}

export interface EmailCodeValues {
  email: string;
  code: string;
}

/** Sending a code needs the address only; signing in needs the code too. */
export function validateEmailCode(
  v: EmailCodeValues,
  withCode = true,
): Checked<keyof EmailCodeValues> {
  const issues: Checked<keyof EmailCodeValues> = {};
  const email = checkEmail(v.email);
  if (email) issues.email = email;
  if (withCode && !/^\d{6}$/.test(v.code.trim())) issues.code = { key: 'auth:validation.code' };
  return issues;
}

export function validateForgot(v: { email: string }): Checked<'email'> {
  const email = checkEmail(v.email);
  return email ? { email } : {};
}

export function validateReset(v: {
  password: string;
  confirm: string;
}): Checked<'password' | 'confirm'> {
  return checkNewPassword(v.password, v.confirm);
}

export { isPhone, normalizePhone } from '../../lib/phone';

export interface PhoneCodeValues {
  phone: string;
  code: string;
}

/** Sending a code needs the number only; signing in needs the code too. */
export function validatePhoneCode(
  v: PhoneCodeValues,
  withCode = true,
): Checked<keyof PhoneCodeValues> {
  const issues: Checked<keyof PhoneCodeValues> = {};
  if (!isPhone(v.phone)) issues.phone = { key: 'auth:validation.phone' };
  if (withCode && !/^\d{6}$/.test(v.code.trim())) issues.code = { key: 'auth:validation.smsCode' };
  return issues;
}
