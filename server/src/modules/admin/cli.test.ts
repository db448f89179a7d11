import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../test/admin-cli.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakes/openai.js';

let t: TestApp;
let fake: FakeOpenAI;
beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeOpenAI();
  fake.apiKey = 'sk-cli';
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

const admin = (...argv: string[]) => runAdmin(t.app.ctx, argv[0]!, argv.slice(1));

describe('the admin CLI sets up providers, models and prices without API calls', () => {
  it('adds a provider, tests it, adds a price and a model on it, and lists them', async () => {
    const add = await admin(
      'provider',
      'add',
      '--name',
      'CLI OpenAI',
      '--protocol',
      'openai',
      '--base-url',
      fake.url,
      '--api-key',
      'sk-cli',
    );
    expect(add.code, add.text).toBe(0);
    const id = /#(\d+)/.exec(add.text)![1]!;
    const test = await admin('provider', 'test', id);
    expect(test.text).toContain('OK: 1 models listed');
    await admin('provider', 'set', id, '--api-key', 'sk-bad');
    const bad = await admin('provider', 'test', id);
    expect(bad.code).toBe(1);
    expect(bad.text).toContain('401 Unauthorized');
    const list = await admin('provider', 'list');
    expect(list.text).toContain('CLI OpenAI  openai');
    expect(list.text).not.toContain('sk-');

    const price = await admin(
      'price',
      'set',
      '--model',
      'cli-model',
      '--action',
      'chat',
      '--category',
      'chat',
      '--label',
      'CLI',
      '--credits',
      '4',
    );
    expect(price.text).toContain('Price cli-model:chat created.');
    expect(
      (
        await admin(
          'price',
          'set',
          '--model',
          'cli-model',
          '--action',
          'chat',
          '--category',
          'chat',
          '--label',
          'CLI',
          '--credits',
          '6',
        )
      ).text,
    ).toContain('changed');
    expect((await admin('price', 'list')).text).toContain('cli-model:chat  chat  6/call');

    const model = await admin(
      'model',
      'add',
      '--name',
      'CLI model',
      '--upstream-model',
      'gpt-x',
      '--provider-id',
      id,
      '--price-key',
      'cli-model:chat',
    );
    expect(model.code, model.text).toBe(0);
    expect((await admin('model', 'list')).text).toMatch(/CLI model {2}chat {2}gpt-x/);
    const wrong = await admin('model', 'add', '--name', 'x', '--provider-id', id);
    expect(wrong.code).toBe(2);
    expect(wrong.text).toContain('--upstreamModel');
  });
});
