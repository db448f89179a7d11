import { describe, expect, it } from 'vitest';
import {
  isImageLink,
  profileChanges,
  validateOwnEndpoint,
  validatePasswordChange,
  validateProfile,
} from './validation';

const profile = { avatar: '', nickname: 'Ada', sign: '', personaRole: '' };

describe('profile checks', () => {
  it('accepts an empty, https or own-picture avatar link only', () => {
    expect(validateProfile(profile)).toEqual({});
    expect(validateProfile({ ...profile, avatar: 'https://cdn.example.com/a.png' })).toEqual({});
    expect(validateProfile({ ...profile, avatar: '/api/files/r/1/a.png' })).toEqual({});
    expect(validateProfile({ ...profile, avatar: 'http://cdn.example.com/a.png' }).avatar).toEqual({
      key: 'user:validation.avatarLink',
    });
    expect(isImageLink('javascript:alert(1)')).toBe(false);
    expect(isImageLink('data:image/png;base64,AAAA')).toBe(false);
    expect(validateProfile({ ...profile, avatar: 'not a link' }).avatar?.key).toBe(
      'user:validation.avatarLink',
    );
  });

  it('wants a name of 1–32 characters and bounds the sign and persona', () => {
    expect(validateProfile({ ...profile, nickname: '   ' }).nickname).toEqual({
      key: 'user:validation.required',
      values: { field: 'user:profile.nickname' },
    });
    expect(validateProfile({ ...profile, nickname: 'n'.repeat(33) }).nickname?.values).toEqual({
      field: 'user:profile.nickname',
      max: 32,
    });
    expect(validateProfile({ ...profile, sign: 's'.repeat(201) }).sign?.key).toBe(
      'user:validation.tooLong',
    );
    expect(validateProfile({ ...profile, personaRole: 'p'.repeat(2001) }).personaRole?.key).toBe(
      'user:validation.tooLong',
    );
  });

  it('sends only what changed, trimmed', () => {
    expect(profileChanges(profile, { ...profile, nickname: ' Ada ', sign: ' hi ' })).toEqual({
      sign: 'hi',
    });
    expect(profileChanges({ ...profile, avatar: 'https://x.io/a.png' }, profile)).toEqual({
      avatar: '',
    });
  });
});

describe('password change checks', () => {
  const good = { oldPassword: 'old-password', password: 'new-password', confirm: 'new-password' };

  it('accepts a valid change', () => {
    expect(validatePasswordChange(good)).toEqual({});
  });

  it('names missing fields and refuses a short, unchanged or unconfirmed password', () => {
    expect(validatePasswordChange({ oldPassword: '', password: '', confirm: '' })).toEqual({
      oldPassword: { key: 'user:validation.required', values: { field: 'user:password.old' } },
      password: { key: 'user:validation.required', values: { field: 'user:password.new' } },
      confirm: { key: 'user:validation.required', values: { field: 'user:password.confirm' } },
    });
    expect(
      validatePasswordChange({ ...good, password: 'short', confirm: 'short' }).password?.key,
    ).toBe('user:validation.passwordShort');
    expect(
      validatePasswordChange({ ...good, password: 'old-password', confirm: 'old-password' })
        .password?.key,
    ).toBe('user:validation.passwordSame');
    expect(validatePasswordChange({ ...good, confirm: 'other-password' }).confirm?.key).toBe(
      'user:validation.confirmMismatch',
    );
  });
});

describe('own endpoint checks', () => {
  const endpoint = {
    name: 'My OpenAI',
    baseUrl: 'https://api.openai.com/v1',
    model: 'gpt-4o',
    apiKey: 'sk-1',
  };

  it('names every missing field, and wants a key only for a new endpoint', () => {
    const empty = { name: ' ', baseUrl: '', model: '', apiKey: '' };
    expect(Object.keys(validateOwnEndpoint(empty, true)).sort()).toEqual([
      'apiKey',
      'baseUrl',
      'model',
      'name',
    ]);
    expect(validateOwnEndpoint({ ...endpoint, apiKey: '' }, false)).toEqual({});
    expect(validateOwnEndpoint({ ...endpoint, apiKey: '' }, true).apiKey?.values).toEqual({
      field: 'user:endpoints.apiKey',
    });
  });

  it('takes http(s) base URLs only', () => {
    expect(validateOwnEndpoint(endpoint, true)).toEqual({});
    expect(validateOwnEndpoint({ ...endpoint, baseUrl: 'ftp://host/v1' }, true).baseUrl?.key).toBe(
      'user:endpoints.baseUrlInvalid',
    );
    expect(validateOwnEndpoint({ ...endpoint, model: 'm'.repeat(201) }, true).model?.key).toBe(
      'user:validation.tooLong',
    );
  });
});
