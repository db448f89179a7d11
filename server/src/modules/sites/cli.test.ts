import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { sites } from '@atelier/contracts';
import { call, createTestApp, type TestApp } from '../../test/harness.js';
import { runAdmin } from '../../test/admin-cli.js';

describe('sites: admin commands', () => {
  let t: TestApp;
  let printed: string[];

  /** Runs `npm run admin -- <argv>` against the test app's database. */
  const admin = async (...argv: string[]) => {
    const { code, text } = await runAdmin(t.app.ctx, argv[0]!, argv.slice(1));
    printed = [text];
    return code;
  };
  /** What the web reads for a host. */
  const front = async (host = 'unknown.example.org') => {
    return (
      await call<sites.FrontConfig>(t.app, {
        url: '/api/config/queryFronet',
        headers: { host },
      })
    ).body.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  afterEach(() => vi.useRealTimers());

  it('sets global config keys and refuses bad ones', async () => {
    expect(await admin('set-config', 'clientHomePath', '/Chat')).toBe(0);
    expect(printed.join('')).toContain('clientHomePath = "/Chat"');
    expect(await admin('set-config', 'clientMenuList', 'Chat, draw')).toBe(0);
    expect(await admin('set-config', 'siteName', 'My AI')).toBe(0);

    expect(await admin('set-config', 'clientHomePath', 'Chat')).toBe(2);
    expect(printed.join('')).toContain('clientHomePath');
    expect(await admin('set-config', 'colour', 'red')).toBe(2);
    expect(printed.join('')).toContain('keys: clientHomePath');

    expect(await admin('set-config')).toBe(0);
    const shown = JSON.parse(printed.join('')) as sites.GlobalConfig;
    expect(shown).toMatchObject({
      clientHomePath: '/Chat',
      clientMenuList: ['Chat', 'draw'],
      siteName: 'My AI',
    });
  });

  it('creates and edits a domain, one language at a time if asked', async () => {
    expect(await admin('site', 'www.Cli.example.com', 'siteName', 'CLI Site')).toBe(0);
    expect(printed.join('')).toContain('(created)');
    expect(await admin('site', 'cli.example.com', 'recharge', '2')).toBe(0);
    expect(await admin('site', 'cli.example.com', 'language', 'browser')).toBe(0);
    expect(await admin('site', 'cli.example.com', 'language', 'fr-FR')).toBe(2);
    expect(printed.join('')).toContain('language');
    expect(await admin('site', 'cli.example.com', 'advertisement.enabled', 'yes')).toBe(0);
    expect(await admin('site', 'cli.example.com', 'description', 'English text')).toBe(0);
    expect(
      await admin('site', 'cli.example.com', 'description', '中文介绍', '--lang', 'zh-CN'),
    ).toBe(0);

    // The CLI writes the database; a running server sees it once its snapshot expires.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10_000 });
    const { site } = await front('cli.example.com');
    expect(site).toMatchObject({ siteName: 'CLI Site', recharge: 2, language: 'browser' });
    expect(site.advertisement.enabled).toBe(true);
    expect(site.description).toEqual({
      'en-US': 'English text',
      'zh-CN': '中文介绍',
      'zh-TW': 'English text',
    });

    expect(await admin('site', 'cli.example.com')).toBe(0);
    expect((JSON.parse(printed.join('')) as sites.SiteConfig).siteName).toBe('CLI Site');
  });

  it('edits the default site and refuses what the API refuses', async () => {
    expect(await admin('site', 'default', 'siteName', 'Renamed')).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 20_000 });
    expect((await front()).site.siteName).toBe('Renamed');

    expect(await admin('site', 'default', 'recharge', '3')).toBe(2);
    expect(printed.join('')).toContain('recharge');
    expect(await admin('site', 'default', 'colour', 'red')).toBe(2);
    expect(await admin('site', 'default', 'siteName', 'x', '--lang', 'fr')).toBe(2);
    expect(await admin('site', 'bad host!', 'siteName', 'x')).toBe(2);
    expect(await admin('site', 'default', 'delete')).toBe(1);
    expect(printed.join('')).toContain('default site cannot be deleted');
    expect(await admin('site', 'nowhere.example.com')).toBe(1);

    expect(await admin('site', 'cli.example.com', 'delete')).toBe(0);
    expect(await admin('site', 'cli.example.com')).toBe(1);
  });
});
