import { afterAll, beforeAll, expect } from 'vitest';
import { apps, chat, type BodyIn, type QueryIn } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakes/openai.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { grant } from '../credits/index.js';
export let fake: FakeOpenAI;
export let t: TestApp;
export let admin: TestUser;
export let alice: TestUser;
export let bob: TestUser;
export let configDir: string;
export const webPublic = path.resolve(import.meta.dirname, '../../../../web/public');
export const models: Record<string, number> = {};
export type Lang = 'en-US' | 'zh-CN' | 'zh-TW';

export const headersOf = (h: Record<string, string>, lang: Lang = 'en-US') => ({
  'x-lang': lang,
  ...h,
});
/** Starts a chat from an app and sends one message; returns the stream's lines. */
export async function chatFromApp(
  h: Record<string, string>,
  appId: number | null,
  body: Record<string, unknown>,
  lang: Lang = 'en-US',
) {
  const group = await callEndpoint(t.app, chat.createGroup, {
    headers: h,
    body: appId ? { appId } : {},
  });
  expect(group.status).toBe(200);
  // The answer is an NDJSON stream, not an envelope: the raw request reads it line by line.
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chatgpt/chat-process',
    headers: headersOf(h, lang),
    payload: { prompt: 'Hello', options: { groupId: group.body.data.id }, ...body },
  });
  expect(res.statusCode).toBe(200);
  const lines = res.body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as chat.ChatStreamLine);
  return { groupId: group.body.data.id, last: lines.at(-1)! };
}

export const lastUpstream = () => fake.requests.at(-1)!.body;
export const systemOf = (body: FakeOpenAI['requests'][number]['body']) =>
  body.messages.find((m) => m.role === 'system')?.content;
export const storeApps = async (
  query: QueryIn<typeof apps.listApps> = {},
  lang: Lang = 'en-US',
  h: Record<string, string> = {},
) => (await callEndpoint(t.app, apps.listApps, { query, lang, headers: h })).body.data;
export const appNamed = async (name: string) =>
  (await storeApps({ keyword: name })).rows.find((a) => a.name === name)!;
export const persona = (h: Record<string, string>, body: BodyIn<typeof apps.createPersona>) =>
  callEndpoint(t.app, apps.createPersona, { headers: h, body });

/** Starts the app and its fakes before this file's tests and stops them after. */
export function useAppsApp(): void {
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    fake.pieceSize = 1000;
    configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-apps-'));
    const file = path.join(configDir, 'atelier.yaml');
    const model = (name: string, upstream: string) =>
      `  - name: ${name}\n    provider: fake\n    upstreamModel: ${upstream}\n    priceKey: demo-chat:chat\n    contextWindow: 4096\n    maxOutput: 200\n`;
    fs.writeFileSync(
      file,
      [
        'providers:',
        '  - name: fake',
        '    protocol: openai',
        `    baseUrl: ${fake.url}`,
        '    apiKey: sk-fake',
        '    timeoutMs: 2000',
        'models:',
        model('Fake', 'gpt-fake'),
        model('Fake fixed', 'gpt-fixed'),
      ].join('\n'),
    );
    t = await createTestApp({ env: { ATELIER_CONFIG: file } });
    admin = await createUser(t.app, { role: 'admin' });
    alice = await createUser(t.app);
    bob = await createUser(t.app);
    for (const u of [alice, bob])
      await grant(t.app.ctx.db.kysely, {
        userId: u.userId,
        amount: 100_000,
        kind: 'admin_adjust',
        ref: 'test',
        idempotencyKey: `test:${u.userId}`,
      });
    const list = await callEndpoint(t.app, chat.adminListModels, { token: admin.token });
    for (const m of list.body.data.rows) models[m.name] = m.id;
  });
  afterAll(async () => {
    await fake?.close();
    await t?.close();
    fs.rmSync(configDir, { recursive: true, force: true });
  });
}
