import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EXPIRE_SECONDS, storage } from './storage';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('storage with expiry', () => {
  it('keeps a value for 7 days by default, then forgets it', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    storage.set('k', { a: 1 });
    vi.setSystemTime(Date.now() + DEFAULT_EXPIRE_SECONDS * 1000 - 1);
    expect(storage.get('k')).toEqual({ a: 1 });
    vi.setSystemTime(Date.now() + 2);
    expect(storage.get('k')).toBeNull();
    expect(localStorage.getItem('k')).toBeNull();
  });

  it('honours a custom expiry and null for forever', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    storage.set('short', 'x', 60);
    storage.set('forever', 'y', null);
    vi.setSystemTime(Date.now() + 61_000);
    expect(storage.get('short')).toBeNull();
    expect(storage.get('forever')).toBe('y');
  });

  it('reads a broken entry as null', () => {
    localStorage.setItem('bad', '{oops');
    localStorage.setItem('plain', '"text"');
    expect(storage.get('bad')).toBeNull();
    expect(storage.get('plain')).toBeNull();
  });
});
