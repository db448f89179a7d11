import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { auth, files as F } from '@atelier/contracts';
import { callEndpoint, fieldsOf } from '../../test/call-endpoint.js';
import { bearer, call, createTestApp, guest, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { encodeWav } from '../../lib/wav.js';

/**
 * The storage quota is the operator's to set in the console (Sites → Storage), for an account
 * and for a guest, without a restart: uploads past it answer 413 in the envelope saying what
 * is used, and the user centre reads the same quota from /upload/usage.
 */

let t: TestApp;
let admin: TestUser;
const MB = 1024 * 1024;

function multipart(bytes: Buffer) {
  const boundary = `----atelier${randomBytes(8).toString('hex')}`;
  return {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** A noisy picture of about 0.7 MB as PNG (noise does not compress). */
const noise = () =>
  sharp(randomBytes(480 * 480 * 3), { raw: { width: 480, height: 480, channels: 3 } })
    .png()
    .toBuffer();

async function upload(headers: Record<string, string>, url = '/api/upload/file', bytes?: Buffer) {
  const { payload, ...type } = multipart(bytes ?? (await noise()));
  return call(t.app, {
    method: 'POST',
    url,
    headers: { ...headers, ...type, 'x-lang': 'en-US' },
    payload,
  });
}

beforeAll(async () => {
  // The environment's default is large: only the console's setting can make these fail.
  t = await createTestApp({
    config: { files: { userQuotaBytes: 1024 * MB, uploadRateLimit: 100 } },
  });
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());

describe('storage quota set in the console', () => {
  it('shows the defaults, refuses a bad value naming the field, and is admin only', async () => {
    const got = await callEndpoint(t.app, F.adminGetFileSettings, { token: admin.token });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual({ userQuotaMb: 1024, guestQuotaMb: 50, chatFileMaxMb: 20 });
    const bad = await callEndpoint(t.app, F.adminUpdateFileSettings, {
      token: admin.token,
      body: { userQuotaMb: -1 } as never,
    });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toContain('userQuotaMb');
    const user = await createUser(t.app);
    const denied = await callEndpoint(t.app, F.adminUpdateFileSettings, {
      token: user.token,
      body: { userQuotaMb: 0 },
    });
    expect(denied.status).toBe(403);
  });

  it("an account's uploads past the console's quota answer 413; the user centre shows it", async () => {
    const saved = await callEndpoint(t.app, F.adminUpdateFileSettings, {
      token: admin.token,
      body: { userQuotaMb: 1 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.userQuotaMb).toBe(1);
    const bob = await createUser(t.app);
    const first = await upload(bearer(bob.token));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await upload(bearer(bob.token));
    expect(second.status).toBe(413);
    expect(second.body.code).toBe(413);
    expect(second.body.message).toMatch(/storage is full \(1 MB of 1 MB used\)/i);
    const usage = await callEndpoint(t.app, F.storageUsage, { token: bob.token });
    expect(usage.body.data.quotaBytes).toBe(MB);
    expect(usage.body.data.usedBytes).toBeLessThanOrEqual(MB);

    // Raised again, without a restart: the next upload is taken.
    await callEndpoint(t.app, F.adminUpdateFileSettings, {
      token: admin.token,
      body: { userQuotaMb: 0 },
    });
    expect((await upload(bearer(bob.token))).status).toBe(200);
    const none = await callEndpoint(t.app, F.storageUsage, { token: bob.token });
    expect(none.body.data.quotaBytes).toBe(0);
  });

  it("a guest's uploads are held to the guest quota, not the account's", async () => {
    await callEndpoint(t.app, F.adminUpdateFileSettings, {
      token: admin.token,
      body: { userQuotaMb: 0, guestQuotaMb: 1 },
    });
    const g = randomUUID();
    await callEndpoint(t.app, auth.createGuest, { body: { guest_id: g } });
    expect((await upload(guest(g))).status).toBe(200);
    const full = await upload(guest(g));
    expect(full.status).toBe(413);
    const usage = await callEndpoint(t.app, F.storageUsage, { headers: guest(g) });
    expect(usage.body.data.quotaBytes).toBe(MB);
    // An account is not held to it.
    const carol = await createUser(t.app);
    expect((await upload(bearer(carol.token))).status).toBe(200);
    expect((await upload(bearer(carol.token))).status).toBe(200);
  });
  it('holds a guest to the guest quota wherever a free call stores a file, not only uploads', async () => {
    await callEndpoint(t.app, F.adminUpdateFileSettings, {
      token: admin.token,
      body: { userQuotaMb: 0, guestQuotaMb: 1 },
    });
    // About 1.3 MB of 16-bit stereo noise: past the guest's 1 MB, nothing for an account's 0.
    const samples = () => Float32Array.from({ length: 330_000 }, () => Math.random() * 2 - 1);
    const song = encodeWav({ sampleRate: 44_100, channels: [samples(), samples()] });
    const g = randomUUID();
    await callEndpoint(t.app, auth.createGuest, { body: { guest_id: g } });
    const full = await upload(guest(g), '/api/separation/upload', song);
    expect(full.status, JSON.stringify(full.body)).toBe(413);
    expect(full.body.message).toMatch(/storage is full/i);
    // An account with no quota stores the same song.
    const dave = await createUser(t.app);
    const taken = await upload(bearer(dave.token), '/api/separation/upload', song);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
  });
});
