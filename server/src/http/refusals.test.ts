import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test/harness.js';
import { createUser, type TestUser } from '../test/users.js';

/** Each input that once made a 500: now a 4xx in the envelope, in the caller's language. */

let t: TestApp;
let alice: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t?.close());

async function send(options: InjectOptions) {
  const res = await t.app.inject(options);
  const body = res.json<{
    code: number;
    success: boolean;
    message: string;
    data: { errors?: { field: string }[] } | null;
  }>();
  expect(body.code).toBe(res.statusCode);
  expect(body.success).toBe(false);
  return { status: res.statusCode, body };
}

const warnedNotErred = () => {
  const lines = t.logs.lines().map((l) => JSON.parse(l) as { level: number; msg: string });
  expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  expect(lines.some((l) => l.level === 40 && /refused/.test(l.msg))).toBe(true);
};

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const form = (boundary: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
const upload = (payload: Buffer, contentType: string) =>
  send({
    method: 'POST',
    url: '/api/upload/file',
    headers: { ...bearer(alice.token), 'content-type': contentType, 'x-lang': 'en-US' },
    payload,
  });

describe('broken percent-encodings in file links', () => {
  it('GET /api/files/a%25ZZ answers 404, with and without identity', async () => {
    for (const headers of [{}, bearer(alice.token)]) {
      const r = await send({ method: 'GET', url: '/api/files/a%25ZZ', headers });
      expect(r.status).toBe(404);
    }
  });

  it('a broken link as a drawing reference, in a blend, describe, face swap or chat image is a 4xx', async () => {
    const link = '/api/files/a%25ZZ';
    const cases: Array<[string, unknown]> = [
      ['/queue/addMjDrawQueue', { type: 'imagine', prompt: 'a cat', imageUrls: [link] }],
      ['/queue/addMjDrawQueue', { type: 'blend', images: [link, link] }],
      ['/queue/addMjDrawQueue', { type: 'describe', image: link }],
      ['/queue/addMjDrawQueue', { type: 'faceswap', source: link, target: link }],
      ['/chatgpt/chat-process', { gptModelId: 1, prompt: 'x', image_url: `http://x${link}` }],
    ];
    for (const [url, payload] of cases) {
      const r = await send({
        method: 'POST',
        url: `/api${url}`,
        headers: bearer(alice.token),
        payload: payload as InjectOptions['payload'],
      });
      expect([url, r.status < 500 && r.status >= 400]).toEqual([url, true]);
    }
  });
});

describe('uploads that cannot be read', () => {
  it('refuses a truncated PNG, a bad CRC and a header claiming 1x1000000 with no pixels', async () => {
    const badCrc = Buffer.from(png);
    badCrc[29] = badCrc[29]! ^ 0xff;
    const tall = Buffer.from(png.subarray(0, 33));
    tall.writeUInt32BE(1_000_000, 20);
    for (const bytes of [png.subarray(0, 40), badCrc, tall]) {
      const r = await upload(form('b', bytes), 'multipart/form-data; boundary=b');
      expect(r.status).toBe(400);
      expect(r.body.data?.errors?.[0]?.field).toBe('file');
      expect(r.body.message).toMatch(/damaged|not a picture|png, jpeg/i);
    }
  });

  it('refuses multipart without a boundary, with a wrong one, or cut short', async () => {
    const cases: Array<[Buffer, string]> = [
      [form('b', png), 'multipart/form-data'],
      [form('b', png), 'multipart/form-data; boundary=other'],
      [form('b', png).subarray(0, 100), 'multipart/form-data; boundary=b'],
    ];
    for (const [payload, type] of cases) {
      const r = await upload(payload, type);
      expect([type, r.status]).toEqual([type, 400]);
      expect(r.body.data?.errors?.[0]?.field).toBe('file');
    }
    warnedNotErred();
  });

  it('still takes a whole picture', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/file',
      headers: { ...bearer(alice.token), 'content-type': 'multipart/form-data; boundary=b' },
      payload: form('b', png),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('bodies nested too deeply', () => {
  it('POST /api/group/update with a config nested 50,000 levels answers 400 naming config', async () => {
    const group = await t.app.inject({
      method: 'POST',
      url: '/api/group/create',
      headers: bearer(alice.token),
      payload: {},
    });
    const groupId = group.json<{ data: { id: number } }>().data.id;
    const deep = `{"groupId":${groupId},"config":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`;
    const r = await send({
      method: 'POST',
      url: '/api/group/update',
      headers: { ...bearer(alice.token), 'content-type': 'application/json', 'x-lang': 'zh-TW' },
      payload: deep,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^config\.a\.a：巢狀層級過深/);
  });
});

describe('integers in JSON bodies are integers', () => {
  it.each([[[3]], [true], [null], ['3'], [1.5]])(
    'POST /api/pay/order refuses packageId %j',
    async (packageId) => {
      const r = await send({
        method: 'POST',
        url: '/api/pay/order',
        headers: { ...bearer(alice.token), 'x-lang': 'en-US' },
        payload: { packageId },
      });
      expect(r.status).toBe(400);
      expect(r.body.data?.errors?.map((e) => e.field)).toContain('packageId');
    },
  );

  it('an admin delete with {id: "1"} is refused and deletes nothing', async () => {
    const r = await send({
      method: 'POST',
      url: '/api/admin/payments/packages/delete',
      headers: { ...bearer(admin.token), 'x-lang': 'en-US' },
      payload: { id: '1' },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('id: must be a number');
  });

  it('query strings take digits only', async () => {
    for (const q of ['page=1.5', 'page=1e1', 'page=%201', 'page=true']) {
      const r = await send({
        method: 'GET',
        url: `/api/upload/piclist?${q}`,
        headers: bearer(alice.token),
      });
      expect([q, r.status]).toEqual([q, 400]);
    }
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/upload/piclist?page=2',
      headers: bearer(alice.token),
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe("Fastify's own errors answer in the envelope", () => {
  it('a broken percent-encoded path answers 400 in the envelope, in the caller’s language', async () => {
    const r = await send({
      method: 'GET',
      url: '/api/app/list%ZZ',
      headers: { 'x-lang': 'en-US' },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/malformed/);
  });

  it('an over-long URL and an over-long header answer 431 in the envelope', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
        let got = '';
        socket.on('data', (d) => (got += d.toString()));
        socket.on('end', () => resolve(got));
        socket.on('error', reject);
      });
    for (const request of [
      `GET /api/app/list?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET /api/app/list HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ]) {
      const answer = await raw(request);
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { code: number };
      expect(body).toMatchObject({ code: 431, success: false, data: null });
    }
  });
});
