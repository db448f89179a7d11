import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { chat as C, files as F } from '@atelier/contracts';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakes/openai.js';
import { grant } from '../credits/index.js';

/* Uploads as other parts use them: chat vision, and a guest that registers. */

let fake: FakeOpenAI;
let t: TestApp;
let configDir: string;
let alice: TestUser;
let bob: TestUser;
let visionModel = 0;

async function upload(headers: Record<string, string>) {
  const bytes = await sharp({
    create: { width: 20, height: 20, channels: 3, background: { r: 5, g: 6, b: 7 } },
  })
    .png()
    .toBuffer();
  const boundary = `----b${Math.random().toString(16).slice(2)}`;
  return call<F.UploadedFile>(t.app, {
    method: 'POST',
    url: '/api/upload/file',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-files-'));
  const file = path.join(configDir, 'atelier.yaml');
  fs.writeFileSync(
    file,
    [
      'providers:',
      '  - name: fake',
      '    protocol: openai',
      `    baseUrl: ${fake.url}`,
      '    apiKey: sk-fake',
      '    timeoutMs: 1000',
      'models:',
      '  - name: Fake vision',
      '    provider: fake',
      '    upstreamModel: gpt-vision',
      '    priceKey: fake-chat:chat',
      '    vision: true',
    ].join('\n'),
  );
  t = await createTestApp({ env: { ATELIER_CONFIG: file } });
  const admin = await createUser(t.app, { role: 'admin' });
  alice = await createUser(t.app);
  bob = await createUser(t.app);
  await call(t.app, {
    method: 'POST',
    url: '/api/admin/credits/prices/create',
    headers: bearer(admin.token),
    payload: { model: 'fake-chat', action: 'chat', category: 'chat', label: 'Fake', credits: 1 },
  });
  await grant(t.app.ctx.db.kysely, {
    userId: alice.userId,
    amount: 1000,
    kind: 'admin_adjust',
    ref: 'test',
    idempotencyKey: `files-use:${alice.userId}`,
  });
  const list = await call<{ rows: C.AdminModel[] }>(t.app, {
    url: '/api/admin/chat/models',
    headers: bearer(admin.token),
  });
  visionModel = list.body.data.rows.find((m) => m.name === 'Fake vision')!.id;
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
  fs.rmSync(configDir, { recursive: true, force: true });
});

describe('an upload in a chat message', () => {
  it('reaches the upstream as a data: URL; another user’s upload is a 404', async () => {
    const mine = (await upload(bearer(alice.token))).body.data;
    const theirs = (await upload(bearer(bob.token))).body.data;
    const group = await call<C.ChatGroup>(t.app, {
      method: 'POST',
      url: '/api/group/create',
      headers: bearer(alice.token),
      payload: {},
    });
    const send = (image_url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/chatgpt/chat-process',
        headers: bearer(alice.token),
        payload: {
          gptModelId: visionModel,
          prompt: 'what is this?',
          image_url,
          options: { groupId: group.body.data.id },
        },
      });
    const calls = fake.requests.length;
    // The chat contract takes absolute links: the web sends its origin + the upload's path.
    expect((await send(`http://localhost${theirs.url}`)).statusCode).toBe(404);
    expect(fake.requests.length).toBe(calls);

    const ok = await send(`http://localhost${mine.url}`);
    expect(ok.statusCode).toBe(200);
    const sent = fake.requests.at(-1)!.body as {
      messages: Array<{ content: Array<{ type: string; image_url?: { url: string } }> }>;
    };
    const part = sent.messages.at(-1)!.content.find((c) => c.type === 'image_url')!;
    expect(part.image_url!.url).toMatch(/^data:image\/png;base64,iVBOR/);

    // The history keeps the picture's path and signs it afresh on every read, so the link of a
    // chat older than FILE_LINK_TTL_SECONDS still shows its picture.
    const key = mine.url.split('?')[0]!.slice('/api/files/'.length);
    const stored = await t.app.ctx.db.kysely
      .selectFrom('chat_logs')
      .select(['id', 'image_url'])
      .where('user_id', '=', alice.userId)
      .where('role', '=', 'user')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.image_url).toBe(`/api/files/${key}`);
    await t.app.ctx.db.kysely
      .updateTable('chat_logs')
      .set({ image_url: `http://localhost/api/files/${key}?exp=1000&sig=expired-long-ago` })
      .where('id', '=', stored.id)
      .execute();
    const logs = await call<{ rows: C.ChatLog[] }>(t.app, {
      url: `/api/chatlog/chatList?groupId=${group.body.data.id}`,
      headers: bearer(alice.token),
    });
    const link = logs.body.data.rows.find((l) => l.id === stored.id)!.imageUrl!;
    expect(link).toMatch(new RegExp(`^/api/files/${key}\\?exp=\\d+&sig=`));
    const picture = await t.app.inject({ url: link });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
  });
});

describe('a guest’s uploads', () => {
  it('move to the account the guest registers as', async () => {
    const guestId = crypto.randomUUID();
    await call(t.app, {
      method: 'POST',
      url: '/api/user/createGuest',
      payload: { guest_id: guestId },
    });
    const up = await upload({ guestid: guestId });
    expect(up.status).toBe(200);
    const reg = await call<{ token: string }>(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      headers: { guestid: guestId },
      payload: { username: `g${Date.now().toString(36)}`, password: 'a-long-password' },
    });
    expect(reg.status).toBe(200);
    const list = await call<{ rows: F.UploadedFile[] }>(t.app, {
      url: '/api/upload/piclist',
      headers: bearer(reg.body.data.token),
    });
    expect(list.body.data.rows.map((r) => r.id)).toEqual([up.body.data.id]);
  });
});
