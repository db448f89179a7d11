import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { sites } from '@atelier/contracts';
import { prepareDatabase } from '../../boot.js';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser } from '../../test/users.js';

type List<T> = { rows: T[]; count: number };

describe('sites: public config calls', () => {
  let t: TestApp;
  let admin: { authorization: string };

  const get = <T>(url: string, host = 'unknown.example.org') =>
    call<T>(t.app, { url, headers: { host, 'x-lang': 'en-US' } });
  const post = <T>(url: string, payload: object) =>
    call<T>(t.app, { method: 'POST', url, payload, headers: { ...admin, 'x-lang': 'en-US' } });

  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer((await createUser(t.app, { role: 'admin' })).token);
  });
  afterAll(async () => t.close());

  it('gives an unknown host the seeded default site and the global defaults', async () => {
    const res = await get<sites.FrontConfig>('/api/config/queryFronet', 'localhost');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, success: true });
    const { site, global } = res.body.data;
    expect(site).toMatchObject({ domain: 'default', isDefault: true, siteName: 'Atelier' });
    expect(site.recharge).toBe(1);
    // A first visit follows the browser's language unless the operator pins one.
    expect(site.language).toBe('browser');
    expect(site.advertisement.enabled).toBe(false);
    expect(site.description['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
    expect(site.keywords['en-US']).toContain('AI');
    expect(global).toEqual({
      clientHomePath: '',
      clientFavoIconPath: '/favicon.svg',
      siteName: 'AI',
      baiduCode: '',
      clientMenuList: [],
    });
  });

  it('gives a configured host its own branding, with or without www. and port', async () => {
    const created = await post<sites.SiteConfig>('/api/admin/sites/create', {
      domain: 'Brand.Example.com',
      siteName: 'Brand Studio',
      appLogo: 'https://cdn.example.com/brand.png',
      recharge: 2,
      menu: false,
      index_path: '/music',
      language: 'en-US',
      code: 'ICP 12345',
    });
    expect(created.status).toBe(200);
    expect(created.body.data.domain).toBe('brand.example.com');

    for (const host of ['brand.example.com', 'www.brand.example.com:8080', 'BRAND.example.com']) {
      const { site } = (await get<sites.FrontConfig>('/api/config/queryFronet', host)).body.data;
      expect(site).toMatchObject({
        domain: 'brand.example.com',
        siteName: 'Brand Studio',
        appLogo: 'https://cdn.example.com/brand.png',
        recharge: 2,
        language: 'en-US',
      });
      // Copied from the default site where the admin said nothing.
      expect(site.description['en-US']).toContain('Atelier');
    }
    const other = (await get<sites.FrontConfig>('/api/config/queryFronet', 'other.example.com'))
      .body.data.site;
    expect(other.siteName).toBe('Atelier');
    expect(other.language).toBe('browser');
    const pinned = await post<sites.SiteConfig>('/api/admin/sites/update', {
      id: created.body.data.id,
      language: 'zh-CN',
    });
    expect(pinned.body.data.language).toBe('zh-CN');
    const refused = await post('/api/admin/sites/update', {
      id: created.body.data.id,
      language: 'fr-FR',
    });
    expect(refused.status).toBe(400);
    await post('/api/admin/sites/update', { id: created.body.data.id, language: 'en-US' });

    const about = await get<List<sites.AboutEntry>>(
      '/api/config/getaboutList',
      'brand.example.com',
    );
    expect(about.body.data).toMatchObject({
      count: 1,
      rows: [
        {
          domain: 'brand.example.com',
          siteName: 'Brand Studio',
          appName: 'Brand Studio',
          code: 'ICP 12345',
          recharge: 2,
          menu: false,
          index_path: '/music',
          pay: true,
        },
      ],
    });
    const domains = await get<List<sites.DomainConfig>>(
      '/api/config/domainList',
      'brand.example.com',
    );
    expect(domains.body.data.rows).toEqual([
      { domain: 'brand.example.com', index_path: '/music', menu: false },
    ]);
    const list = await get<List<sites.SiteConfig>>('/api/config/siteList');
    expect(list.body.data.rows.map((s) => s.domain)).toEqual(['default']);
  });

  it('falls back to the global name and icon when a site leaves them empty', async () => {
    await post('/api/admin/global/update', { siteName: 'Global AI', clientFavoIconPath: '/g.ico' });
    const created = await post<sites.SiteConfig>('/api/admin/sites/create', {
      domain: 'bare.example.com',
      appIco: '',
    });
    expect(created.status).toBe(200);
    const { site, global } = (
      await get<sites.FrontConfig>('/api/config/queryFronet', 'bare.example.com')
    ).body.data;
    expect(site.appIco).toBe('/g.ico');
    expect(global.siteName).toBe('Global AI');
    const g = await get<sites.GlobalConfig>('/api/config/global');
    expect(g.body.data.clientFavoIconPath).toBe('/g.ico');
  });

  it('lists enabled notices of the site and of all sites, by kind', async () => {
    const brand = (await get<sites.FrontConfig>('/api/config/queryFronet', 'brand.example.com'))
      .body.data.site;
    const own = await post<sites.Notice>('/api/admin/notices/create', {
      siteId: brand.id,
      kind: 'notice',
      title: { 'en-US': 'Brand news', 'zh-CN': '品牌新闻' },
      content: '**New** models',
      sort: -1,
    });
    expect(own.status).toBe(200);
    expect(own.body.data.title['zh-TW']).toBe('品牌新闻');
    await post('/api/admin/notices/create', {
      kind: 'notice',
      title: 'Hidden',
      enabled: false,
    });

    const onBrand = await get<List<sites.Notice>>('/api/config/notice', 'brand.example.com');
    expect(onBrand.body.data.rows.map((n) => n.title['en-US'])).toEqual([
      'Brand news',
      'Welcome to Atelier',
    ]);
    const elsewhere = await get<List<sites.Notice>>('/api/config/notice');
    expect(elsewhere.body.data.rows.map((n) => n.title['en-US'])).toEqual(['Welcome to Atelier']);
    const mj = await get<List<sites.Notice>>('/api/config/mjNotice');
    expect(mj.body.data.count).toBe(1);
    expect(mj.body.data.rows[0]!.kind).toBe('mj');
  });

  it('pages the FAQ by size and filters it by status', async () => {
    const all = await get<List<sites.FaqEntry>>('/api/autoreply/queryQa?size=99');
    expect(all.body.data.count).toBe(6);
    expect(all.body.data.rows).toHaveLength(6);
    const sorts = all.body.data.rows.map((f) => f.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    for (const f of all.body.data.rows) {
      expect(f.question['en-US']).not.toBe('');
      expect(f.question['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
    }

    const two = await get<List<sites.FaqEntry>>('/api/autoreply/queryQa?size=2&page=2');
    expect(two.body.data.count).toBe(6);
    expect(two.body.data.rows.map((f) => f.id)).toEqual(
      all.body.data.rows.slice(2, 4).map((f) => f.id),
    );

    expect(
      (await get<List<sites.FaqEntry>>('/api/autoreply/queryQa?status=0')).body.data.count,
    ).toBe(0);
    await post('/api/admin/faqs/update', { id: all.body.data.rows[0]!.id, status: 0 });
    const off = await get<List<sites.FaqEntry>>('/api/autoreply/queryQa?status=0');
    expect(off.body.data.rows.map((f) => f.id)).toEqual([all.body.data.rows[0]!.id]);
    expect(
      (await get<List<sites.FaqEntry>>('/api/autoreply/queryQa?size=99')).body.data.count,
    ).toBe(5);
  });

  it('lists the side menu with every screen enabled, by size and status', async () => {
    const menu = await get<List<sites.MenuEntry>>('/api/autoreply/queryMenu?size=1000&status=1');
    expect(menu.status).toBe(200);
    expect(menu.body.data.rows.map((m) => m.name)).toEqual([
      'Chat',
      'Midjourney',
      'draw',
      'sd3',
      'tools',
      'sddraw',
      'video',
      'music',
      'separation',
      'market',
      'history',
      'user-center',
      'role',
      'app-store',
      'pay',
      'mind',
    ]);
    expect(menu.body.data.rows[0]).toMatchObject({
      path: '/Chat',
      icon: 'MessageOutlined',
      title: { 'en-US': 'AI Agent' },
    });
    const five = await get<List<sites.MenuEntry>>('/api/autoreply/queryMenu?size=5&status=1');
    expect(five.body.data).toMatchObject({ count: 16 });
    expect(five.body.data.rows).toHaveLength(5);

    const mind = menu.body.data.rows.find((m) => m.name === 'mind')!;
    await post('/api/admin/menus/update', { id: mind.id, status: 0 });
    const on = await get<List<sites.MenuEntry>>('/api/autoreply/queryMenu?size=1000&status=1');
    expect(on.body.data.count).toBe(15);
    const off = await get<List<sites.MenuEntry>>('/api/autoreply/queryMenu?size=1000&status=0');
    expect(off.body.data.rows.map((m) => m.name)).toEqual(['mind']);
  });

  it('lists only active ad jumps', async () => {
    expect((await get<List<sites.AdJump>>('/api/autoreply/queryJump')).body.data.count).toBe(0);
    const active = await post<sites.AdJump>('/api/admin/jumps/create', {
      ad: 'vip.example.com',
      domain: 'www.old.example.com',
      type: 2,
    });
    expect(active.body.data).toMatchObject({ domain: 'old.example.com', status: 1, type: 2 });
    await post('/api/admin/jumps/create', {
      ad: 'https://x.example.com/',
      domain: 'y.example.com',
      status: 0,
    });
    const rows = (await get<List<sites.AdJump>>('/api/autoreply/queryJump')).body.data.rows;
    expect(rows).toEqual([
      expect.objectContaining({
        ad: 'vip.example.com',
        domain: 'old.example.com',
        status: 1,
        type: 2,
      }),
    ]);
  });

  it('answers bad list queries with the envelope naming the field in data.errors', async () => {
    for (const [url, field] of [
      ['/api/autoreply/queryQa?size=0', 'size'],
      ['/api/autoreply/queryMenu?size=5000', 'size'],
      ['/api/autoreply/queryMenu?status=7', 'status'],
      ['/api/autoreply/queryQa?page=abc', 'page'],
    ] as const) {
      const res = await get<{ errors: Array<{ field: string }> }>(url);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false });
      // A sentence for people; the field as the API spells it only for the form.
      expect(res.body.message).toMatch(/^A value sent (must|is)/);
      expect(res.body.data.errors[0]!.field).toBe(field);
    }
  });

  it('seeds once: a second start adds nothing back', async () => {
    const before = await get<List<sites.FaqEntry>>('/api/autoreply/queryQa?size=99');
    const first = before.body.data.rows[0]!;
    expect((await post('/api/admin/faqs/delete', { id: first.id })).status).toBe(200);
    expect(await prepareDatabase(t.app.ctx)).not.toContainEqual(expect.stringContaining('Sites'));
    const after = await get<List<sites.FaqEntry>>('/api/autoreply/queryQa?size=99');
    expect(after.body.data.count).toBe(before.body.data.count - 1);
    const sitesList = await call<List<sites.SiteConfig>>(t.app, {
      url: '/api/admin/sites',
      headers: admin,
    });
    expect(sitesList.body.data.rows.filter((s) => s.isDefault)).toHaveLength(1);
  });

  it('answers the start-up calls in one: each part as its own call answers it', async () => {
    const host = 'brand.example.com';
    const start = await get<sites.StartConfig>('/api/config/start', host);
    expect(start.status).toBe(200);
    const own = async (url: string) => (await get<unknown>(url, host)).body.data;
    const { config, about, menu, jumps, notices } = start.body.data;
    expect(config).toEqual(await own('/api/config/queryFronet'));
    expect(about).toEqual(await own('/api/config/getaboutList'));
    expect(menu).toEqual(await own('/api/autoreply/queryMenu?page=1&size=1000&status=1'));
    expect(jumps).toEqual(await own('/api/autoreply/queryJump'));
    expect(notices).toEqual(await own('/api/config/notice'));
    expect(notices.rows.length).toBeGreaterThan(0);
    expect(menu.rows.every((m) => m.status === 1)).toBe(true);
  });

  it('describes its calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/config/queryFronet',
        '/api/autoreply/queryMenu',
        '/api/admin/sites/update',
      ]),
    );
  });
});
