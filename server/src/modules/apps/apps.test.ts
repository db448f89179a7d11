import { describe, expect, it } from 'vitest';
import { apps } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import fs from 'node:fs';
import path from 'node:path';
import { bearer } from '../../test/harness.js';
import { seedCatalogue } from './seed.js';
import { seedApps, seedCategories } from './seed-data.js';
import { t, admin, alice, bob, webPublic, storeApps, appNamed, useAppsApp } from './apps.setup.js';

useAppsApp();

describe('the seeded store', () => {
  it('has every category and app, texts in the caller’s language', async () => {
    const cats = await callEndpoint(t.app, apps.listCategories, { lang: 'zh-CN' });
    expect(cats.body.data.rows.map((c) => c.name)).toEqual(
      seedCategories.map((c) => c.name['zh-CN']),
    );
    expect(cats.body.data.rows.reduce((n, c) => n + c.count, 0)).toBe(seedApps.length);
    for (const lang of ['en-US', 'zh-CN', 'zh-TW'] as const) {
      const { rows, count } = await storeApps({ size: 200 }, lang);
      expect(count).toBe(seedApps.length);
      expect(rows.map((a) => a.name)).toEqual(seedApps.map((a) => a.name[lang]));
      expect(rows.every((a) => a.systemPrompt.length > 40 && !a.own && !a.collected)).toBe(true);
    }
  });

  it('filters by category and searches name and description, with paging', async () => {
    const cats = (await callEndpoint(t.app, apps.listCategories)).body.data.rows;
    const code = cats.find((c) => c.name === 'Programming')!;
    const inCode = await storeApps({ categoryId: code.id });
    expect(inCode.count).toBe(code.count);
    expect(inCode.rows.every((a) => a.categoryId === code.id)).toBe(true);
    expect((await storeApps({ keyword: 'sql' })).rows.map((a) => a.name)).toEqual(['SQL Expert']);
    expect((await storeApps({ keyword: '翻译' }, 'zh-CN')).rows.map((a) => a.name)).toContain(
      '翻译官',
    );
    expect((await storeApps({ categoryId: code.id, keyword: 'translat' })).count).toBe(0);
    const page2 = await storeApps({ size: 5, page: 2 });
    expect(page2.count).toBe(seedApps.length);
    expect(page2.rows.map((a) => a.name)).toEqual(
      seedApps.slice(5, 10).map((a) => a.name['en-US']),
    );
    expect(
      (await callEndpoint(t.app, apps.listApps, { query: { categoryId: 'abc' } })).status,
    ).toBe(400);
  });

  it('is seeded once and keeps the operator’s edits and deletions', async () => {
    const polish = await appNamed('Writing Polisher');
    const poet = await appNamed('Poet');
    const h = bearer(admin.token);
    const edited = await callEndpoint(t.app, apps.adminUpdateApp, {
      headers: h,
      body: {
        id: polish.id,
        name: { 'en-US': 'House Editor' },
        sort: -5,
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.name).toMatchObject({ 'en-US': 'House Editor', 'zh-CN': '文章润色' });
    expect(
      (await callEndpoint(t.app, apps.adminDeleteApp, { headers: h, body: { id: poet.id } }))
        .status,
    ).toBe(200);
    expect(await seedCatalogue(t.app.ctx)).toEqual([]);
    const { rows, count } = await storeApps({ size: 200 });
    expect(count).toBe(seedApps.length - 1);
    expect(rows[0]!.name).toBe('House Editor');
    expect(rows.map((a) => a.name)).not.toContain('Poet');
  });

  it('gives seeded apps pictures, not emoji, and moves an older install’s emoji once', async () => {
    const { rows } = await storeApps({ size: 200 });
    const seededRows = rows.filter((r) => seedApps.some((a) => a.name['en-US'] === r.name));
    expect(seededRows.length).toBeGreaterThan(20);
    for (const r of seededRows) expect(r.cover).toMatch(/^\/app-icons\/[a-z0-9]+\.svg$/);
    for (const a of seedApps)
      expect(fs.existsSync(path.join(webPublic, a.cover)), a.cover).toBe(true);
    // An install seeded before: emoji covers, one of them chosen again by the operator.
    const db = t.app.ctx.db.kysely;
    const chef = await appNamed('Home Chef');
    const sql = await appNamed('SQL Expert');
    await db.updateTable('apps').set({ cover: '🍳' }).where('id', '=', chef.id).execute();
    await db.updateTable('apps').set({ cover: '🧪' }).where('id', '=', sql.id).execute();
    await db.deleteFrom('app_seed_keys').where('key', '=', 'upgrade:cover-icons').execute();
    expect(await seedCatalogue(t.app.ctx)).toEqual(['Apps: 1 emoji covers replaced by pictures']);
    expect((await appNamed('Home Chef')).cover).toBe('/app-icons/chef.svg');
    expect((await appNamed('SQL Expert')).cover).toBe('🧪');
    // Once: an operator who picks the emoji again keeps it.
    await db.updateTable('apps').set({ cover: '🍳' }).where('id', '=', chef.id).execute();
    expect(await seedCatalogue(t.app.ctx)).toEqual([]);
    expect((await appNamed('Home Chef')).cover).toBe('🍳');
  });
});

describe('my apps', () => {
  it('adds, lists in order, reorders and removes', async () => {
    const h = bearer(alice.token);
    const [a, b, c] = await Promise.all(['SQL Expert', 'Translator', 'Home Chef'].map(appNamed));
    for (const app of [a!, b!, c!, a!])
      expect(
        (await callEndpoint(t.app, apps.collectApp, { headers: h, body: { appId: app.id } }))
          .status,
      ).toBe(200);
    const mine = await callEndpoint(t.app, apps.myApps, { headers: h });
    expect(mine.body.data.rows.map((x) => x.id)).toEqual([a!.id, b!.id, c!.id]);
    expect(mine.body.data.rows.every((x) => x.collected)).toBe(true);
    const listed = await storeApps({ keyword: 'sql' }, 'en-US', h);
    expect(listed.rows[0]!.collected).toBe(true);
    const sorted = await callEndpoint(t.app, apps.sortApps, {
      headers: h,
      body: { appIds: [c!.id, a!.id] },
    });
    expect(sorted.body.data.rows.map((x) => x.id)).toEqual([c!.id, a!.id, b!.id]);
    expect(
      (await callEndpoint(t.app, apps.sortApps, { headers: h, body: { appIds: [a!.id, a!.id] } }))
        .status,
    ).toBe(400);
    const other = await appNamed('Poet Nope').catch(() => undefined);
    expect(other).toBeUndefined();
    expect(
      (await callEndpoint(t.app, apps.uncollectApp, { headers: h, body: { appId: a!.id } })).status,
    ).toBe(200);
    const after = await callEndpoint(t.app, apps.myApps, { headers: h });
    expect(after.body.data.rows.map((x) => x.id)).toEqual([c!.id, b!.id]);
    const notMine = await callEndpoint(t.app, apps.sortApps, {
      headers: h,
      body: { appIds: [a!.id] },
    });
    expect(notMine.status).toBe(404);
    expect((await callEndpoint(t.app, apps.collectApp, { body: { appId: a!.id } })).status).toBe(
      401,
    );
  });

  it('drops an app the operator disables or deletes from everyone’s list', async () => {
    const h = bearer(bob.token);
    const created = await callEndpoint(t.app, apps.adminCreateApp, {
      token: admin.token,
      body: {
        name: 'Short-lived',
        systemPrompt: 'You are short-lived.',
      },
    });
    const id = created.body.data.id;
    await callEndpoint(t.app, apps.collectApp, { headers: h, body: { appId: id } });
    const ids = async () =>
      (await callEndpoint(t.app, apps.myApps, { headers: h })).body.data.rows.map((x) => x.id);
    expect(await ids()).toContain(id);
    await callEndpoint(t.app, apps.adminUpdateApp, {
      token: admin.token,
      body: { id, enabled: false },
    });
    expect(await ids()).not.toContain(id);
    expect((await callEndpoint(t.app, apps.appDetail, { headers: h, query: { id } })).status).toBe(
      404,
    );
    await callEndpoint(t.app, apps.adminDeleteApp, { token: admin.token, body: { id } });
    const left = await t.app.ctx.db.kysely
      .selectFrom('user_apps')
      .select('id')
      .where('app_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });
});
