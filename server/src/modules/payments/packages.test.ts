import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.js';
import { seedPackages } from './packages.js';

type Text = Record<'en-US' | 'zh-CN' | 'zh-TW', string>;
interface Pkg {
  id: number;
  name: Text;
  description: Text;
}

describe('packages in the three languages', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('lists the seeded packages with their names and descriptions in every language', async () => {
    const res = await call<{ rows: Pkg[] }>(t.app, {
      url: '/api/autoreply/queryPrice?page=1&size=100',
    });
    // Names and descriptions in the three languages, like every other text.
    expect(res.body.data.rows[0]!.name).toEqual({
      'en-US': 'Starter',
      'zh-CN': '入门包',
      'zh-TW': '入門包',
    });
    for (const p of res.body.data.rows) expect(p.description['zh-CN']).toMatch(/积分/);
  });

  it('gives starter packages seeded in English only their three languages at the next start', async () => {
    const db = t.app.ctx.db.kysely;
    await db
      .updateTable('packages')
      .set({ name: 'Starter', description: '100 credits to try every tool' })
      .where('id', '=', 1)
      .execute();
    await db.updateTable('packages').set({ name: 'My own' }).where('id', '=', 2).execute();
    await seedPackages(t.app.ctx);
    const res = await call<{ rows: Pkg[] }>(t.app, { url: '/api/autoreply/queryPrice?size=100' });
    const byId = (id: number) => res.body.data.rows.find((p) => p.id === id)!;
    expect(byId(1).name['zh-TW']).toBe('入門包');
    expect(byId(1).description['zh-CN']).toBe('100 积分，体验每一个工具');
    // An operator's own text stays as written.
    expect(byId(2).name).toEqual({ 'en-US': 'My own', 'zh-CN': 'My own', 'zh-TW': 'My own' });
  });
});
