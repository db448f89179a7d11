import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auth } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { en, register, t, uniqueName, useAuthApp } from './auth.setup.js';
import { FREE_TRIES } from './lockout.js';
import { BITS, solve, zeroBits } from './captcha.js';
import { createHash } from 'node:crypto';

useAuthApp({ trustProxy: true, signup: { captcha: true, guestTrialsPerIp: 2 } });

const from = (ip: string, extra: Record<string, string> = {}) => ({
  ...en,
  'x-forwarded-for': ip,
  ...extra,
});

describe('captcha where abuse is seen', () => {
  it('is asked only of an IP that met a limit, and a solution works once', async () => {
    const name = uniqueName('cap');
    await register({ username: name, password: 'password-123' }, from('10.6.0.1'));
    const wrong = () =>
      callEndpoint(t.app, auth.login, {
        headers: from('10.6.0.2'),
        body: { username: name, password: 'wrong-password' },
      });
    for (let i = 0; i < FREE_TRIES; i++) expect((await wrong()).status).toBe(400);
    // The try past the free ones meets the limit: abuse is seen, the IP is marked.
    expect((await wrong()).status).toBe(429);

    const asked = await wrong();
    expect(asked.status).toBe(403);
    expect(asked.body.message).toBe(
      'Too many tries from your network: your browser solves a quick check first',
    );
    // The 403's data is the challenge, not the endpoint's usual data.
    const data: unknown = asked.body.data;
    const { challenge, bits } = z
      .object({ captcha: z.object({ challenge: z.string(), bits: z.number() }) })
      .parse(data).captcha;
    expect(bits).toBe(BITS);

    // Another network is never asked.
    const elsewhere = await register(
      { username: uniqueName('free'), password: 'password-123' },
      from('10.6.0.3'),
    );
    expect(elsewhere).toBeTruthy();

    const solution = solve(challenge);
    const n = Number(solution.split('.').at(-1));
    expect(
      zeroBits(
        createHash('sha256')
          .update(`${challenge.split('.')[0]}.${n}`)
          .digest(),
      ),
    ).toBeGreaterThanOrEqual(BITS);
    const signUp = (header: string) =>
      callEndpoint(t.app, auth.register, {
        headers: from('10.6.0.2', { 'x-captcha': header }),
        body: { username: uniqueName('solved'), password: 'password-123' },
      });
    const salt = challenge.split('.')[0];
    let m = n + 1;
    while (zeroBits(createHash('sha256').update(`${salt}.${m}`).digest()) >= BITS) m++;
    const badN = await signUp(`${challenge}.${m}`);
    expect(badN.status).toBe(403);
    const forged = await signUp(`${challenge.replace(/\.[\w-]+$/, '.AAAA')}.${n}`);
    expect(forged.status).toBe(403);
    const ok = await signUp(solution);
    expect(ok.status, ok.body.message).toBe(200);
    const reused = await signUp(solution);
    expect(reused.status).toBe(403);
  });

  it('is asked of an IP that made guests past GUEST_TRIALS_PER_IP', async () => {
    const newGuest = (headers: Record<string, string> = {}, id = crypto.randomUUID()) =>
      callEndpoint(t.app, auth.createGuest, {
        headers: from('10.6.1.1', headers),
        body: { guest_id: id },
      });
    const known = [crypto.randomUUID(), crypto.randomUUID()];
    for (const id of known) expect((await newGuest({}, id)).status).toBe(200);
    // Known guests registered again (the web does after signing out) are no new guests.
    for (const id of known) expect((await newGuest({}, id)).status).toBe(200);
    // The third gets no trial and marks the IP; the fourth needs a solved captcha.
    expect((await newGuest()).status).toBe(200);
    const asked = await newGuest();
    expect(asked.status).toBe(403);
    const { challenge } = z
      .object({ captcha: z.object({ challenge: z.string() }) })
      .parse(asked.body.data as unknown).captcha;
    expect((await newGuest({ 'x-captcha': solve(challenge) })).status).toBe(200);
  });
});
