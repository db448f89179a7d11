import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, user } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimit: { auth: 1000, global: 10000 } } });
  });
  afterAll(async () => t.close());

  const info = (token: string) => callEndpoint(t.app, auth.currentUser, { token });
  const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}`;
  async function register(body: { username: string; password: string }) {
    const res = await callEndpoint(t.app, auth.register, { body });
    expect(res.status, res.body.message).toBe(200);
    return res.body.data.token;
  }
  async function login(username: string, password: string, ua: string) {
    const res = await callEndpoint(t.app, auth.login, {
      body: { username, password },
      headers: { 'user-agent': ua },
    });
    expect(res.status, res.body.message).toBe(200);
    return res.body.data.token;
  }

  it('logging out ends only that session: its token answers 401 and its device is gone', async () => {
    const username = uniqueName('out');
    const password = 'log-me-out-please';
    await register({ username, password });
    const mac = await login(username, password, CHROME_MAC);
    const phone = await login(username, password, SAFARI_IPHONE);
    const listed = async (token: string) =>
      (await callEndpoint(t.app, user.listDevices, { token })).body.data.rows;
    expect(await listed(mac)).toHaveLength(3);

    // The guest id alone cannot end anyone's session (this is what the web used to send).
    const guestId = randomUUID();
    await callEndpoint(t.app, auth.createGuest, { body: { guest_id: guestId } });
    expect((await callEndpoint(t.app, auth.logout, { guestId })).status).toBe(401);
    expect((await info(phone)).status).toBe(200);

    const out = await callEndpoint(t.app, auth.logout, { token: phone, guestId });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Signed out');
    expect((await info(phone)).status).toBe(401);
    expect((await callEndpoint(t.app, auth.logout, { token: phone })).status).toBe(401);
    const left = await listed(mac);
    expect(left).toHaveLength(2);
    expect(left.map((d) => d.deviceName)).not.toContain('Safari on iPhone');
    expect((await info(mac)).status).toBe(200);
  });
});
