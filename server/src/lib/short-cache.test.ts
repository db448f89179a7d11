import { describe, expect, it } from 'vitest';
import { ShortCache } from './short-cache.js';

describe('ShortCache', () => {
  it('keeps a read per database and key until the time is up or it is forgotten', async () => {
    const cache = new ShortCache<string, number>(50);
    const dbA = {};
    const dbB = {};
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.get(dbA, 'k', read)).toBe(1);
    expect(await cache.get(dbA, 'k', read)).toBe(1);
    // Another database (another app in the same process) reads its own.
    expect(await cache.get(dbB, 'k', read)).toBe(2);
    cache.forget();
    expect(await cache.get(dbA, 'k', read)).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.get(dbA, 'k', read)).toBe(4);
  });

  it('does not keep a read that a write overtook', async () => {
    const cache = new ShortCache<string, string>(10_000);
    const db = {};
    let release!: () => void;
    const slow = cache.get(
      db,
      'k',
      () => new Promise<string>((resolve) => (release = () => resolve('old'))),
    );
    cache.forget();
    release();
    expect(await slow).toBe('old');
    expect(await cache.get(db, 'k', async () => 'new')).toBe('new');
  });
});
