import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@atelier/contracts';
import type { Endpoint } from '@atelier/contracts';
import * as admin from '@atelier/contracts/admin';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';

/*
 * Generated from the contracts, not a list kept by hand: every endpoint whose access is
 * `admin` refuses an anonymous caller and a guest (401) and a signed-in user (403), whatever
 * its body or query (access is checked before validation). A new admin endpoint is covered
 * the day it is declared.
 */
const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v;

/** Every endpoint each domain namespace exports (the console's own from its subpath) (also one level down, like `adminSites.list`). */
function allEndpoints(): Array<{ name: string; endpoint: Endpoint }> {
  const found: Array<{ name: string; endpoint: Endpoint }> = [];
  for (const [domain, exports] of Object.entries({ ...contracts, admin })) {
    if (typeof exports !== 'object' || exports === null) continue;
    for (const [key, value] of Object.entries(exports)) {
      if (isEndpoint(value)) found.push({ name: `${domain}.${key}`, endpoint: value });
      else if (typeof value === 'object' && value !== null)
        for (const [inner, nested] of Object.entries(value))
          if (isEndpoint(nested))
            found.push({ name: `${domain}.${key}.${inner}`, endpoint: nested });
    }
  }
  return found;
}

const adminEndpoints = allEndpoints().filter((e) => e.endpoint.access === 'admin');

let t: TestApp;
let user: TestUser;
let guestId: string;

beforeAll(async () => {
  t = await createTestApp({ config: { rateLimit: { auth: 10_000, global: 100_000 } } });
  user = await createUser(t.app);
  guestId = randomUUID();
  const res = await callEndpoint(t.app, contracts.auth.createGuest, {
    body: { guest_id: guestId },
  });
  expect(res.status).toBe(200);
});
afterAll(async () => t.close());

describe('every admin endpoint of the contracts', () => {
  it('is more than a handful (the list really comes from the contracts)', () => {
    expect(adminEndpoints.length).toBeGreaterThan(50);
    expect(adminEndpoints.map((e) => e.endpoint.path)).toContain('/admin/audit');
  });

  it('answers 401 to anonymous callers and guests, 403 to users', async () => {
    const seen: string[] = [];
    for (const { name, endpoint } of adminEndpoints) {
      const inject = (headers: Record<string, string>) =>
        t.app.inject({
          method: endpoint.method,
          url: `/api${endpoint.path}`,
          headers,
          ...(endpoint.method === 'GET' ? {} : { payload: {} }),
        });
      expect((await inject({})).statusCode, `${name} anonymous`).toBe(401);
      expect((await inject({ guestid: guestId })).statusCode, `${name} guest`).toBe(401);
      expect(
        (await inject({ authorization: `Bearer ${user.token}` })).statusCode,
        `${name} user`,
      ).toBe(403);
      seen.push(name);
    }
    expect(seen).toHaveLength(adminEndpoints.length);
  });
});
