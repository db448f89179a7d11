import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, type Endpoint } from '@atelier/contracts';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser } from '../../test/users.js';

type List<T> = { rows: T[]; count: number };
type Errors = { errors?: Array<{ field: string; message: string }> } | null;

const adminEndpoints = Object.values(sites)
  .flatMap((v) => (v && typeof v === 'object' && 'list' in v ? Object.values(v) : [v]))
  .filter((v): v is Endpoint => !!v && typeof v === 'object' && 'access' in v)
  .filter((e) => e.access === 'admin');

/** A body each admin call accepts, so that only the caller's role decides the answer. */
function validBody(e: Endpoint): object | undefined {
  if (e.method === 'GET') return undefined;
  if (e.path === '/admin/global/update') return { siteName: 'X' };
  if (e.path.endsWith('/update') || e.path.endsWith('/delete')) return { id: 1 };
  if (e.path === '/admin/sites/create') return { domain: 'x.example.com' };
  if (e.path === '/admin/notices/create') return { kind: 'notice', title: 'T' };
  if (e.path === '/admin/faqs/create') return { question: 'Q', answer: 'A' };
  if (e.path === '/admin/menus/create') return { name: 'extra', title: 'Extra' };
  if (e.path === '/admin/jumps/create') return { ad: 'a.example.com', domain: 'b.example.com' };
  return {};
}

describe('sites: admin calls', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let user: Record<string, string>;

  const send = <T = unknown>(
    url: string,
    payload?: object,
    headers: Record<string, string> = admin,
    lang = 'en-US',
  ) =>
    call<T>(t.app, {
      method: payload ? 'POST' : 'GET',
      url: `/api${url}`,
      ...(payload ? { payload } : {}),
      headers: { ...headers, 'x-lang': lang },
    });

  /** A 4xx answer: the envelope, and a message that names the field. */
  const expectRefusal = async (
    res: Promise<{
      status: number;
      body: { code: number; success: boolean; message: string; data: unknown };
    }>,
    status: number,
    field: string,
  ) => {
    const { status: got, body } = await res;
    expect({ got, message: body.message }).toMatchObject({ got: status });
    expect(body).toMatchObject({ code: status, success: false });
    expect(body.message).toContain(field);
    const errors = (body.data as Errors)?.errors;
    if (errors) expect(errors.map((e) => e.field.split('.')[0])).toContain(field);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer((await createUser(t.app, { role: 'admin' })).token);
    user = bearer((await createUser(t.app)).token);
  });
  afterAll(async () => t.close());

  it('has an admin call for each kind of row', () => {
    expect(adminEndpoints.map((e) => `${e.method} ${e.path}`)).toHaveLength(22);
  });

  it('refuses every admin call to a user (403) and to nobody (401)', async () => {
    for (const e of adminEndpoints) {
      const payload = validBody(e);
      const asUser = await send(e.path, payload, user);
      expect({ path: e.path, status: asUser.status }).toEqual({ path: e.path, status: 403 });
      expect(asUser.body).toMatchObject({ code: 403, success: false });
      const asNobody = await send(e.path, payload, {});
      expect({ path: e.path, status: asNobody.status }).toEqual({ path: e.path, status: 401 });
    }
    // The caller is checked before the request: a bad body does not turn 401/403 into 400.
    expect((await send('/admin/sites/create', { bogus: 1 }, user)).status).toBe(403);
    expect((await send('/admin/sites/create', { bogus: 1 }, {})).status).toBe(401);
    // Nothing was written by the refused calls.
    const jumps = await send<List<sites.AdJump>>('/admin/jumps');
    expect(jumps.body.data.count).toBe(0);
  });

  it('creates, edits and deletes site configurations', async () => {
    const list = await send<List<sites.SiteConfig>>('/admin/sites');
    expect(list.status).toBe(200);
    const def = list.body.data.rows[0]!;
    expect(def.isDefault).toBe(true);

    const created = await send<sites.SiteConfig>('/admin/sites/create', {
      domain: 'shop.example.com',
      siteName: 'Shop',
      advertisement: { enabled: true, image: '/ad.png', link: 'https://shop.example.com/sale' },
      contact: { qrImage: 'https://cdn.example.com/qr.png', text: 'Scan to add us' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.advertisement).toMatchObject({ enabled: true, image: '/ad.png' });
    const id = created.body.data.id;

    // Nested groups merge field by field; a partial localized text fills the other languages.
    const updated = await send<sites.SiteConfig>('/admin/sites/update', {
      id,
      advertisement: { text: { 'zh-CN': '限时优惠' } },
      top_banner: 'Free credits this week',
      recharge: 2,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.advertisement).toEqual({
      enabled: true,
      image: '/ad.png',
      link: 'https://shop.example.com/sale',
      text: { 'en-US': '限时优惠', 'zh-CN': '限时优惠', 'zh-TW': '限时优惠' },
    });
    expect(updated.body.data.contact.text['zh-TW']).toBe('Scan to add us');
    expect(updated.body.data.top_banner['en-US']).toBe('Free credits this week');
    expect(updated.body.data.recharge).toBe(2);

    const front = await call<sites.FrontConfig>(t.app, {
      url: '/api/config/queryFronet',
      headers: { host: 'shop.example.com' },
    });
    expect(front.body.data.site).toMatchObject({ siteName: 'Shop', recharge: 2 });

    // The default site's branding is editable too.
    const renamed = await send<sites.SiteConfig>('/admin/sites/update', {
      id: def.id,
      siteName: 'Atelier Pro',
    });
    expect(renamed.body.data.siteName).toBe('Atelier Pro');

    expect((await send('/admin/sites/delete', { id })).status).toBe(200);
    const after = await call<sites.FrontConfig>(t.app, {
      url: '/api/config/queryFronet',
      headers: { host: 'shop.example.com' },
    });
    expect(after.body.data.site.siteName).toBe('Atelier Pro');
  });

  it('refuses site changes that break the rules, naming the field', async () => {
    const def = (await send<List<sites.SiteConfig>>('/admin/sites')).body.data.rows[0]!;
    await send('/admin/sites/create', { domain: 'twin.example.com' });
    await expectRefusal(
      send('/admin/sites/create', { domain: 'www.twin.example.com' }),
      409,
      'domain',
    );
    await expectRefusal(send('/admin/sites/create', { domain: 'default' }), 400, 'domain');
    await expectRefusal(send('/admin/sites/create', { domain: 'not a host' }), 400, 'domain');
    await expectRefusal(send('/admin/sites/create', { siteName: 'No domain' }), 400, 'domain');
    await expectRefusal(
      send('/admin/sites/update', { id: def.id, domain: 'x.example.com' }),
      400,
      'domain',
    );
    await expectRefusal(send('/admin/sites/delete', { id: def.id }), 400, 'id');
    await expectRefusal(send('/admin/sites/update', { id: 9999, siteName: 'X' }), 404, 'id');
    await expectRefusal(send('/admin/sites/delete', { id: 9999 }), 404, 'id');
    await expectRefusal(
      send('/admin/sites/update', { id: def.id, appLogo: 'javascript:alert(1)' }),
      400,
      'appLogo',
    );
    await expectRefusal(send('/admin/sites/update', { id: def.id, recharge: 3 }), 400, 'recharge');
    await expectRefusal(
      send('/admin/sites/update', { id: def.id, index_path: 'Chat' }),
      400,
      'index_path',
    );
    await expectRefusal(send('/admin/sites/update', { id: def.id, siteName: '' }), 400, 'siteName');
    await expectRefusal(send('/admin/sites/update', { siteName: 'X' }), 400, 'id');
    await expectRefusal(
      send('/admin/sites/update', { id: def.id, advertisement: { colour: 'red' } }),
      400,
      'advertisement',
    );
    // In the caller's language too.
    const cn = await send('/admin/sites/delete', { id: def.id }, admin, 'zh-CN');
    expect(cn.body.message).toBe('id：默认站点不能删除');
  });

  it('edits notices, and a deleted site takes its own notices with it', async () => {
    const site = (await send<sites.SiteConfig>('/admin/sites/create', { domain: 'n.example.com' }))
      .body.data;
    const created = await send<sites.Notice>('/admin/notices/create', {
      siteId: site.id,
      kind: 'mj',
      title: { 'en-US': 'Queue', 'zh-CN': '排队', 'zh-TW': '排隊' },
      content: 'Busy today',
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const updated = await send<sites.Notice>('/admin/notices/update', {
      id,
      sort: 5,
      enabled: false,
    });
    expect(updated.body.data).toMatchObject({
      sort: 5,
      enabled: false,
      kind: 'mj',
      siteId: site.id,
    });
    expect(updated.body.data.title['zh-TW']).toBe('排隊');

    await expectRefusal(send('/admin/notices/create', { kind: 'notice' }), 400, 'title');
    await expectRefusal(send('/admin/notices/create', { kind: 'other', title: 'x' }), 400, 'kind');
    await expectRefusal(
      send('/admin/notices/create', { kind: 'notice', title: 'x', siteId: 999 }),
      400,
      'siteId',
    );
    await expectRefusal(send('/admin/notices/update', { id: 999, sort: 1 }), 404, 'id');

    await send('/admin/sites/delete', { id: site.id });
    const notices = await send<List<sites.Notice>>('/admin/notices');
    expect(notices.body.data.rows.map((n) => n.id)).not.toContain(id);

    const welcome = notices.body.data.rows.find((n) => n.kind === 'notice')!;
    expect((await send('/admin/notices/delete', { id: welcome.id })).status).toBe(200);
    const pub = await call<List<sites.Notice>>(t.app, { url: '/api/config/notice' });
    expect(pub.body.data.count).toBe(0);
  });

  it('edits frequent questions', async () => {
    const created = await send<sites.FaqEntry>('/admin/faqs/create', {
      question: { 'en-US': 'Is there an API?', 'zh-CN': '有 API 吗？' },
      answer: 'Yes.',
      sort: 1,
    });
    expect(created.body.data).toMatchObject({ sort: 1, status: 1 });
    const id = created.body.data.id;
    const pub = await call<List<sites.FaqEntry>>(t.app, { url: '/api/autoreply/queryQa?size=1' });
    expect(pub.body.data.rows[0]!.id).toBe(id);
    const updated = await send<sites.FaqEntry>('/admin/faqs/update', {
      id,
      answer: { 'en-US': 'Soon.' },
    });
    expect(updated.body.data.answer).toEqual({
      'en-US': 'Soon.',
      'zh-CN': 'Soon.',
      'zh-TW': 'Soon.',
    });
    expect(updated.body.data.question['zh-TW']).toBe('有 API 吗？');
    await expectRefusal(send('/admin/faqs/create', { question: 'Q' }), 400, 'answer');
    await expectRefusal(send('/admin/faqs/update', { id, status: 2 }), 400, 'status');
    await expectRefusal(send('/admin/faqs/update', { id, question: '' }), 400, 'question');
    expect((await send('/admin/faqs/delete', { id })).status).toBe(200);
    await expectRefusal(send('/admin/faqs/delete', { id }), 404, 'id');
  });

  it('edits side-menu entries; names stay unique', async () => {
    const created = await send<sites.MenuEntry>('/admin/menus/create', {
      name: 'gallery',
      title: { 'en-US': 'Gallery', 'zh-CN': '画廊' },
      icon: 'PictureOutlined',
      sort: 5,
    });
    expect(created.body.data).toMatchObject({ name: 'gallery', path: '/gallery', status: 1 });
    const id = created.body.data.id;
    const pub = await call<List<sites.MenuEntry>>(t.app, {
      url: '/api/autoreply/queryMenu?size=1000&status=1',
    });
    expect(pub.body.data.rows[0]!.name).toBe('gallery');

    await expectRefusal(send('/admin/menus/create', { name: 'Chat', title: 'Again' }), 409, 'name');
    await expectRefusal(send('/admin/menus/update', { id, name: 'Midjourney' }), 409, 'name');
    await expectRefusal(send('/admin/menus/create', { name: '../x', title: 'Bad' }), 400, 'name');
    await expectRefusal(send('/admin/menus/update', { id, icon: '<svg>' }), 400, 'icon');
    const renamed = await send<sites.MenuEntry>('/admin/menus/update', { id, name: 'works' });
    expect(renamed.body.data.path).toBe('/works');
    expect((await send('/admin/menus/delete', { id })).status).toBe(200);
  });

  it('edits ad jumps', async () => {
    const created = await send<sites.AdJump>('/admin/jumps/create', {
      ad: 'new.example.com',
      domain: 'old.example.com',
    });
    expect(created.body.data).toMatchObject({ status: 1, type: 1 });
    const id = created.body.data.id;
    const paused = await send<sites.AdJump>('/admin/jumps/update', { id, status: 0 });
    expect(paused.body.data.status).toBe(0);
    const pub = await call<List<sites.AdJump>>(t.app, { url: '/api/autoreply/queryJump' });
    expect(pub.body.data.rows.map((j) => j.id)).not.toContain(id);
    await expectRefusal(
      send('/admin/jumps/create', { ad: 'ftp://x', domain: 'a.example.com' }),
      400,
      'ad',
    );
    await expectRefusal(send('/admin/jumps/create', { ad: 'a.example.com' }), 400, 'domain');
    await expectRefusal(send('/admin/jumps/update', { id, type: 3 }), 400, 'type');
    expect((await send('/admin/jumps/delete', { id })).status).toBe(200);
    expect((await send<List<sites.AdJump>>('/admin/jumps')).body.data.count).toBe(0);
  });

  it('edits the global config', async () => {
    const before = await send<sites.GlobalConfig>('/admin/global');
    expect(before.body.data).toEqual(sites.globalConfigDefaults);
    const saved = await send<sites.GlobalConfig>('/admin/global/update', {
      clientHomePath: '/Chat',
      baiduCode:
        '<script>var _hmt=_hmt||[];(function(){var hm=document.createElement("script");hm.src="https://hm.baidu.com/hm.js?0123456789abcdef0123456789abcdef";})();</script>',
      clientMenuList: ['Chat', 'draw'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      ...sites.globalConfigDefaults,
      clientHomePath: '/Chat',
      baiduCode: '0123456789abcdef0123456789abcdef',
      clientMenuList: ['Chat', 'draw'],
    });
    const pub = await call<sites.FrontConfig>(t.app, { url: '/api/config/queryFronet' });
    expect(pub.body.data.global.clientMenuList).toEqual(['Chat', 'draw']);

    await expectRefusal(
      send('/admin/global/update', { clientHomePath: 'Chat' }),
      400,
      'clientHomePath',
    );
    await expectRefusal(send('/admin/global/update', { baiduCode: 'alert(1)' }), 400, 'baiduCode');
    await expectRefusal(
      send('/admin/global/update', { clientMenuList: ['ok', 'no way'] }),
      400,
      'clientMenuList',
    );
    await expectRefusal(
      send('/admin/global/update', { clientFavoIconPath: '' }),
      400,
      'clientFavoIconPath',
    );
    const unknown = await send<Errors>('/admin/global/update', { theme: 'light' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('theme');
  });
});
