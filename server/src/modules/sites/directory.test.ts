import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { sites } from '@atelier/contracts';
import { call, createTestApp, type TestApp } from '../../test/harness.js';
import { normalizeHost } from './directory.js';

describe('normalizeHost', () => {
  it('drops case, port, trailing dot and www.', () => {
    expect(normalizeHost('WWW.Example.COM:8080')).toBe('example.com');
    expect(normalizeHost('example.com.')).toBe('example.com');
    expect(normalizeHost('localhost')).toBe('localhost');
    expect(normalizeHost('[::1]:3000')).toBe('[::1]');
    expect(normalizeHost('wwwx.example.com')).toBe('wwwx.example.com');
    expect(normalizeHost(undefined)).toBe('');
  });
});

describe('site config cache', () => {
  let t: TestApp;
  const siteName = async () =>
    (await call<sites.FrontConfig>(t.app, { url: '/api/config/queryFronet' })).body.data.site
      .siteName;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  afterEach(() => vi.useRealTimers());

  it('serves reads from memory for a few seconds, then reloads', async () => {
    expect(await siteName()).toBe('Atelier');
    // A change made behind the server's back (another instance, the CLI, a hand edit).
    await t.app.ctx.db.kysely
      .updateTable('sites')
      .set({ site_name: 'Changed elsewhere' })
      .where('is_default', '=', 1)
      .execute();
    expect(await siteName()).toBe('Atelier');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6000 });
    expect(await siteName()).toBe('Changed elsewhere');
  });
});
