import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { drawing as D } from '@atelier/contracts';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakes/openai.js';
import { galleries } from './gallery-data.js';

let t: TestApp;
let user: TestUser;
let admin: TestUser;
let openai: FakeOpenAI;

beforeAll(async () => {
  [t, openai] = await Promise.all([createTestApp(), startFakeOpenAI()]);
  [user, admin] = await Promise.all([createUser(t.app), createUser(t.app, { role: 'admin' })]);
});
afterAll(async () => {
  await openai.close();
  await t.close();
});

const get = <T>(url: string, headers: Record<string, string> = {}) =>
  call<T>(t.app, { method: 'GET', url: `/api${url}`, headers });

describe('galleries', () => {
  it('lists example, case and param categories in the caller’s language, with pictures drawn on demand', async () => {
    const cats = await get<{ rows: D.GalleryCategory[] }>('/midjourney/fenlei', {
      'x-lang': 'zh-CN',
    });
    expect(cats.status).toBe(200);
    expect(cats.body.data.rows.map((c) => c.name)).toEqual(
      galleries.filter((g) => g.kind === 'example').map((g) => g.name['zh-CN']),
    );
    const first = cats.body.data.rows[0]!;
    const list = await get<{ rows: D.GalleryItem[]; count: number }>(
      `/midjourney/getList?categoryId=${first.id}&page=1&size=2`,
    );
    expect(list.body.data.count).toBe(galleries[0]!.items.length);
    expect(list.body.data.rows).toHaveLength(2);
    const featured = await get<{ rows: D.GalleryItem[] }>('/midjourney/getExampleList?size=3');
    expect(featured.body.data.rows).toHaveLength(3);

    const item = list.body.data.rows[0]!;
    const img = await t.app.inject({ method: 'GET', url: item.thumbUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta.width).toBe(256); // 16:9 thumbnail, long side 256
    expect(meta.height).toBe(144);
    const again = await t.app.inject({ method: 'GET', url: item.thumbUrl });
    expect(again.rawPayload.equals(img.rawPayload)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/midjourney/gallery/999999-full.png' }))
        .statusCode,
    ).toBe(404);

    const cases = await get<{ rows: D.GalleryCategory[] }>('/midjourney/getCasesCategory', {
      'x-lang': 'zh-TW',
    });
    expect(cases.body.data.rows[0]!.name).toBe('構圖');
    const caseList = await get<{ rows: D.GalleryItem[] }>('/midjourney/getCasesList');
    expect(caseList.body.data.rows[0]!.description.length).toBeGreaterThan(10);
    const params = await get<{ rows: D.ParamItem[] }>('/midjourney/getParamsList?size=100');
    expect(params.body.data.rows.map((p) => p.value)).toContain('--style raw');
  });

  it('remembers each user’s parameters and refuses invalid ones naming the field', async () => {
    const h = bearer(user.token);
    const saved = await get<D.MjParams>(
      `/midjourney/saveUserParam?params=${encodeURIComponent(JSON.stringify({ aspect: '16:9', stylize: 300 }))}`,
      h,
    );
    expect(saved.body.data).toEqual({ aspect: '16:9', stylize: 300 });
    expect((await get<D.MjParams>('/midjourney/getUserParam', h)).body.data).toEqual({
      aspect: '16:9',
      stylize: 300,
    });
    expect(
      (await get<D.MjParams>('/midjourney/getUserParam', bearer(admin.token))).body.data,
    ).toEqual({});
    const bad = await get(
      `/midjourney/saveUserParam?params=${encodeURIComponent(JSON.stringify({ stylize: 5000 }))}`,
      h,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.data)).toContain('params');
  });
});

describe('words', () => {
  it('translates and suggests offline with the demo word list', async () => {
    const h = bearer(user.token);
    const en = await get<D.DrawListData & { text: string; demo: boolean; untranslated: string[] }>(
      `/fanyi/translate?text=${encodeURIComponent('一只猫在森林里，日落')}`,
      h,
    );
    expect(en.body.data.demo).toBe(true);
    expect(en.body.data.text).toMatch(/cat/);
    expect(en.body.data.text).toMatch(/forest/);
    expect(en.body.data.text).toMatch(/sunset/);
    expect(en.body.data.untranslated).toEqual([]);
    const unknown = await get<{ text: string; untranslated: string[] }>(
      `/fanyi/translate?text=${encodeURIComponent('狐狸喝奶茶')}`,
      h,
    );
    expect(unknown.body.data).toMatchObject({ text: 'fox', untranslated: ['喝奶茶'] });
    const zh = await get<{ text: string }>(
      `/fanyi/translateToZh?text=${encodeURIComponent('a cat in the forest at sunset')}`,
      h,
    );
    expect(zh.body.data.text).toContain('猫');
    expect(zh.body.data.text).toContain('森林');
    const ideas = await call<{ suggestions: string[]; demo: boolean }>(t.app, {
      method: 'POST',
      url: '/api/chatgpt/mj-associate',
      headers: h,
      payload: { prompt: '红色的狐狸', count: 3 },
    });
    expect(ideas.body.data.suggestions).toHaveLength(3);
    expect(ideas.body.data.suggestions[0]).toMatch(/red fox/);
  });

  it('goes through a real chat model when one is configured', async () => {
    const h = bearer(admin.token);
    const provider = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/chat/providers/create',
      headers: h,
      payload: { name: 'words-upstream', protocol: 'openai', baseUrl: openai.url, apiKey: 'k' },
    });
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/chat/models/create',
      headers: h,
      payload: {
        name: 'words-model',
        upstreamModel: 'gpt-words',
        providerId: provider.body.data.id,
        priceKey: 'demo-chat:chat',
      },
    });
    openai.reply = 'a fox in the snow';
    const r = await get<{ text: string; demo: boolean }>(
      `/fanyi/translate?text=${encodeURIComponent('雪中的狐狸')}`,
      bearer(user.token),
    );
    expect(r.body.data).toMatchObject({ text: 'a fox in the snow', demo: false });
    const sent = openai.requests.at(-1)!;
    expect(sent.body.model).toBe('gpt-words');
    expect(JSON.stringify(sent.body.messages)).toContain('雪中的狐狸');
    openai.reply = 'first idea\n2. second idea';
    const ideas = await call<{ suggestions: string[] }>(t.app, {
      method: 'POST',
      url: '/api/chatgpt/mj-associate',
      headers: bearer(user.token),
      payload: { prompt: 'fox', count: 2 },
    });
    expect(ideas.body.data.suggestions).toEqual(['first idea', 'second idea']);
    // The model's own --ar gives way to the one the user typed.
    openai.reply = 'a fox in the snow --ar 16:9';
    const typed = await call<{ suggestions: string[] }>(t.app, {
      method: 'POST',
      url: '/api/chatgpt/mj-associate',
      headers: bearer(user.token),
      payload: { prompt: 'fox --ar 1:1', count: 1 },
    });
    expect(typed.body.data.suggestions).toEqual(['a fox in the snow --ar 1:1']);
  });

  it('lists the drawing models with their prices; the offline demo is one', async () => {
    const models = await get<{ rows: D.MjModel[] }>('/autoreply/queryMjModel');
    const demo = models.body.data.rows.find((m) => m.demo)!;
    expect(demo.name).toContain('Offline demo');
    expect(demo.prices.find((p) => p.action === 'imagine')?.credits).toBeGreaterThan(0);
    expect(demo.prices.map((p) => p.action)).toEqual(
      expect.arrayContaining([
        'upscale',
        'variation',
        'zoom',
        'pan',
        'blend',
        'describe',
        'faceswap',
      ]),
    );
  });
});
