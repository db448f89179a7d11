import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { auth } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer, createTestApp, guest } from '../../test/harness.js';
import { en } from './auth.setup.js';

describe('rate limits on sign-in calls', () => {
  it('answers 429 with the envelope past the per-IP limit', async () => {
    const t = await createTestApp({ config: { rateLimit: { auth: 3, global: 1000 } } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await callEndpoint(t.app, auth.createGuest, {
          body: { guest_id: randomUUID() },
        });
        statuses.push(res.status);
        if (res.status === 429) expect(res.body).toMatchObject({ code: 429, success: false });
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('secrets', () => {
  it('never appear in a response or a log line', async () => {
    const t = await createTestApp({
      config: { logLevel: 'info', rateLimit: { auth: 1000, global: 10000 } },
    });
    try {
      const bodies: string[] = [];
      // Raw requests on purpose: the test reads every answer's exact text and headers.
      const send = async (method: 'GET' | 'POST', url: string, payload?: object, headers = {}) => {
        const res = await t.app.inject({ method, url, payload, headers: { ...en, ...headers } });
        bodies.push(res.body, JSON.stringify(res.headers));
        return res;
      };
      const password = 'Sup3r-Secret-Passw0rd';
      const newPassword = 'An0ther-Secret-Passw0rd';
      const guestId = randomUUID();
      await send('POST', '/api/user/createGuest', { guest_id: guestId });
      const reg = await send(
        'POST',
        '/api/auth/register',
        { username: 'secret_keeper', password },
        guest(guestId),
      );
      const token1 = (reg.json() as { data: { token: string } }).data.token;
      await send('POST', '/api/auth/login', {
        username: 'secret_keeper',
        password: 'wrong-password-x',
      });
      const log = await send('POST', '/api/auth/login', { username: 'secret_keeper', password });
      const token2 = (log.json() as { data: { token: string } }).data.token;
      await send('GET', '/api/auth/getInfo', undefined, bearer(token1));
      await send('GET', '/api/user/getLoginDeviceList', undefined, bearer(token2));
      await send('POST', '/api/user/update', { nickname: 'Keeper' }, bearer(token2));
      await send(
        'POST',
        '/api/user/updatePassword',
        { oldPassword: password, password: newPassword },
        bearer(token2),
      );
      await send('GET', '/api/auth/getInfo', undefined, bearer(token1));
      const token3 = (
        (
          await send('POST', '/api/auth/login', {
            username: 'secret_keeper',
            password: newPassword,
          })
        ).json() as {
          data: { token: string };
        }
      ).data.token;
      await send('POST', '/api/auth/logout', {}, bearer(token3));
      await send('POST', '/api/auth/register', { username: 'x', password: newPassword });

      const db = t.app.ctx.db.kysely;
      const { password_hash } = await db
        .selectFrom('users')
        .select('password_hash')
        .where('username_key', '=', 'secret_keeper')
        .executeTakeFirstOrThrow();
      const { hashToken } = await import('../../http/identity.js');
      const secrets = [
        password,
        newPassword,
        password_hash!,
        token1,
        token2,
        token3,
        hashToken(token1),
        hashToken(token2),
        hashToken(token3),
        t.app.ctx.config.secretKey!,
      ];
      const lines = t.logs.lines();
      expect(lines.length).toBeGreaterThan(10);
      for (const secret of secrets) for (const line of lines) expect(line).not.toContain(secret);
      // A session token leaves the server once: in the answer that creates it, and nowhere else.
      for (const body of bodies) {
        const own = /"token":"([^"]+)"/.exec(body)?.[1];
        for (const secret of secrets) if (secret !== own) expect(body).not.toContain(secret);
      }
      expect(password_hash).toMatch(/^\$argon2id\$/);
    } finally {
      await t.close();
    }
  });
});
