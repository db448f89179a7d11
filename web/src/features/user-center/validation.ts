/**
 * Checks of the profile and password-change forms, run before anything is sent. Each answers an
 * i18n key of the `user` namespace per invalid field. The bounds are those of
 * `contracts/src/user.ts`.
 */

import type { Checked } from '../../lib/field-form';

export const NICKNAME_MAX = 32;
export const SIGN_MAX = 200;
export const PERSONA_MAX = 2000;
export const AVATAR_MAX = 1000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export interface ProfileValues {
  avatar: string;
  nickname: string;
  sign: string;
  personaRole: string;
}

/** A link the browser can show as an image: http(s) only, so no `javascript:` or `data:`. */
export function isImageLink(raw: string): boolean {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * What an avatar may be (the server stores it as our own public picture): an https:// link,
 * or a link to a picture of this site (`/api/files/…`).
 */
export function isAvatarLink(raw: string): boolean {
  const text = raw.trim();
  try {
    const url = new URL(text, window.location.href);
    if (url.origin === window.location.origin) return url.pathname.startsWith('/api/files/');
    return url.protocol === 'https:' && /^https:\/\//i.test(text);
  } catch {
    return false;
  }
}

export function validateProfile(v: ProfileValues): Checked<keyof ProfileValues> {
  const issues: Checked<keyof ProfileValues> = {};
  const avatar = v.avatar.trim();
  if (avatar && (avatar.length > AVATAR_MAX || !isAvatarLink(avatar)))
    issues.avatar = { key: 'user:validation.avatarLink' };
  const nickname = v.nickname.trim();
  if (!nickname)
    issues.nickname = {
      key: 'user:validation.required',
      values: { field: 'user:profile.nickname' },
    };
  else if (nickname.length > NICKNAME_MAX)
    issues.nickname = {
      key: 'user:validation.tooLong',
      values: { field: 'user:profile.nickname', max: NICKNAME_MAX },
    };
  if (v.sign.trim().length > SIGN_MAX)
    issues.sign = {
      key: 'user:validation.tooLong',
      values: { field: 'user:profile.sign', max: SIGN_MAX },
    };
  if (v.personaRole.trim().length > PERSONA_MAX)
    issues.personaRole = {
      key: 'user:validation.tooLong',
      values: { field: 'user:profile.personaRole', max: PERSONA_MAX },
    };
  return issues;
}

export interface PasswordChangeValues {
  oldPassword: string;
  password: string;
  confirm: string;
}

export function validatePasswordChange(
  v: PasswordChangeValues,
): Checked<keyof PasswordChangeValues> {
  const issues: Checked<keyof PasswordChangeValues> = {};
  if (!v.oldPassword)
    issues.oldPassword = {
      key: 'user:validation.required',
      values: { field: 'user:password.old' },
    };
  if (!v.password)
    issues.password = { key: 'user:validation.required', values: { field: 'user:password.new' } };
  else if (v.password.length < PASSWORD_MIN)
    issues.password = { key: 'user:validation.passwordShort', values: { min: PASSWORD_MIN } };
  else if (v.password.length > PASSWORD_MAX)
    issues.password = { key: 'user:validation.passwordLong', values: { max: PASSWORD_MAX } };
  else if (v.password === v.oldPassword) issues.password = { key: 'user:validation.passwordSame' };
  if (!v.confirm)
    issues.confirm = {
      key: 'user:validation.required',
      values: { field: 'user:password.confirm' },
    };
  else if (v.confirm !== v.password) issues.confirm = { key: 'user:validation.confirmMismatch' };
  return issues;
}

/** The changed fields only, trimmed, so an untouched field is not sent. */
export function profileChanges(
  before: ProfileValues,
  after: ProfileValues,
): Partial<ProfileValues> {
  const changes: Partial<ProfileValues> = {};
  for (const key of Object.keys(after) as (keyof ProfileValues)[]) {
    const value = after[key].trim();
    if (value !== before[key].trim()) changes[key] = value;
  }
  return changes;
}

export type OwnEndpointField = 'name' | 'baseUrl' | 'model' | 'apiKey';

/** The own-endpoint form (`contracts/src/chat.ts` addGptModelUser); a new one needs a key. */
export function validateOwnEndpoint(
  v: Record<OwnEndpointField, string>,
  isNew: boolean,
): Checked<OwnEndpointField> {
  const issues: Checked<OwnEndpointField> = {};
  const required = (field: OwnEndpointField, label: string, max: number) => {
    const value = v[field].trim();
    if (!value) issues[field] = { key: 'user:validation.required', values: { field: label } };
    else if (value.length > max)
      issues[field] = { key: 'user:validation.tooLong', values: { field: label, max } };
  };
  required('name', 'user:endpoints.name', 64);
  if (!v.baseUrl.trim())
    issues.baseUrl = {
      key: 'user:validation.required',
      values: { field: 'user:endpoints.baseUrl' },
    };
  else if (!isImageLink(v.baseUrl)) issues.baseUrl = { key: 'user:endpoints.baseUrlInvalid' };
  required('model', 'user:endpoints.model', 200);
  if (isNew) required('apiKey', 'user:endpoints.apiKey', 500);
  else if (v.apiKey.trim().length > 500)
    issues.apiKey = {
      key: 'user:validation.tooLong',
      values: { field: 'user:endpoints.apiKey', max: 500 },
    };
  return issues;
}
