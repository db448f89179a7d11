import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { files as F, sites as S } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';

let t: TestApp;
let root: TestUser;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp({ config: { files: { uploadMaxBytes: 8 * 1024 * 1024 } } });
  root = await createUser(t.app, { role: 'admin' });
  alice = await createUser(t.app);
});
afterAll(() => t.close());

function form(bytes: Buffer, filename: string, type: string) {
  const boundary = `----atelier${Math.random().toString(16).slice(2)}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

const upload = (token: string | null, bytes: Buffer, name = 'logo.png', type = 'image/png') => {
  const body = form(bytes, name, type);
  return call<F.UploadedFile>(t.app, {
    method: 'POST',
    url: `/api${F.adminUploadSitePicture.path}`,
    headers: { ...(token ? bearer(token) : {}), ...body.headers, 'x-lang': 'en-US' },
    payload: body.payload,
  });
};

const logo = () =>
  sharp({ create: { width: 64, height: 64, channels: 4, background: '#3366ffcc' } })
    .png()
    .toBuffer();

describe('site pictures (logo and icon)', () => {
  it('stores a picture as a public file that the site’s logo and icon then point at', async () => {
    const res = await upload(root.token, await logo());
    expect(res.status).toBe(200);
    const url = res.body.data.url;
    // Public and permanent: no signed link that would expire under the site's head.
    expect(url).toMatch(/^\/api\/files\/s\/\d+\/[\w-]+\.png$/);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('public');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // Not one of the admin's own uploads (clearing those must not take the logo away).
    const mine = await callEndpoint(t.app, F.listUploads, { token: root.token });
    expect(mine.body.data.count).toBe(0);

    const sitesList = await callEndpoint(t.app, S.adminSites.list, { token: root.token });
    const site = sitesList.body.data.rows.find((s) => s.domain === 'default')!;
    const saved = await callEndpoint(t.app, S.adminSites.update, {
      token: root.token,
      body: { id: site.id, appLogo: url, appIco: url },
    });
    expect(saved.status).toBe(200);
    const front = await callEndpoint(t.app, S.clientConfig, {});
    expect(front.body.data.site).toMatchObject({ appLogo: url, appIco: url });
  });

  it('refuses SVG and anything else by its bytes, whatever its name says', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>',
    );
    const refused = await upload(root.token, svg, 'logo.svg', 'image/svg+xml');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Only PNG, JPEG, WebP and GIF pictures can be uploaded');
    expect(JSON.stringify(refused.body)).toContain('file');
    const text = await upload(root.token, Buffer.from('hello'), 'logo.png', 'image/png');
    expect(text.status).toBe(400);
    // A PNG named .svg is a PNG: the bytes decide.
    const named = await upload(root.token, await logo(), 'logo.svg', 'image/svg+xml');
    expect(named.status).toBe(200);
    expect(named.body.data.mime).toBe('image/png');
  });

  it('refuses a picture over 2 MB with 413, and callers who are not admins', async () => {
    const big = Buffer.concat([await logo(), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const tooLarge = await upload(root.token, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('The picture is larger than 2 MB');
    expect((await upload(alice.token, await logo())).status).toBe(403);
    expect((await upload(null, await logo())).status).toBe(401);
  });
});
