import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@atelier/contracts';
import type { Endpoint } from '@atelier/contracts';
import { bearer, createTestApp, type TestApp } from '../test/harness.js';
import { createUser } from '../test/users.js';

/**
 * Malformed input, generated from the contracts: every endpoint the contracts export gets wrong
 * types, huge and deeply nested values, broken percent-encodings, unreadable multipart and
 * damaged pictures, as a signed-in user and as an admin. None may answer 5xx or leave the
 * envelope, and none may log an error (a refused request is a warning). New endpoints are
 * covered as soon as they are in the contracts.
 */

const endpoints: Endpoint[] = (Object.values(contracts) as unknown[])
  .filter((ns): ns is Record<string, unknown> => typeof ns === 'object' && ns !== null)
  .flatMap((ns) => Object.values(ns))
  .filter(
    (e): e is Endpoint =>
      typeof e === 'object' && e !== null && 'method' in e && 'path' in e && 'data' in e,
  );

/** The keys of an object schema (through refinements, pipes, defaults and optionals). */
function keysOf(schema: unknown): string[] {
  let s = schema as { shape?: Record<string, unknown>; def?: Record<string, unknown> } | undefined;
  for (let i = 0; i < 6 && s; i++) {
    if (s.shape) return Object.keys(s.shape);
    const def: Record<string, unknown> = s.def ?? {};
    s = (def.in ?? def.innerType ?? def.schema) as typeof s;
  }
  return [];
}

const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

/** Wrong values for any JSON field: wrong types, an integer as a string, odd numbers. */
const wrongValues: unknown[] = [[3], true, null, '3', { x: 1 }, 1.5, -1, 1e308];
/** Huge and deep values, sent in one field of each endpoint (they cost more to send). */
const hugeValues: unknown[] = [
  'x'.repeat(200_000),
  Array.from({ length: 5000 }, () => 'x'),
  nested(2000),
];

/** Wrong values for a query-string field (always text). */
const wrongQuery = ['abc', '3.5', '-1', ' 3', '1e3', 'true', '9'.repeat(400), '%E0%A4%A', ''];

/** A PNG: 1x1, valid; then damaged copies of it. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const badCrc = Buffer.from(png);
badCrc[29] = badCrc[29]! ^ 0xff;
const tall = Buffer.from(png.subarray(0, 33));
tall.writeUInt32BE(1_000_000, 20);
const damaged = [png.subarray(0, 40), badCrc, tall];

const form = (boundary: string, bytes: Buffer, name = 'file') =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

/**
 * The body cases of one endpoint for one of the two callers. The cases that do not depend on
 * the endpoint's fields (broken JSON, odd content types, damaged uploads) go to one caller only,
 * the one the endpoint is for (`fixed`): the other would mostly meet the same parser twice.
 */
function bodyCases(
  e: Endpoint,
  role: number,
  fixed: boolean,
): Array<Pick<InjectOptions, 'payload' | 'headers'>> {
  const json = (payload: unknown) => ({
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
  const keys = keysOf(e.body);
  const fixedCases = [
    json([]),
    json('text'),
    json(null),
    // Nested 50,000 levels, written as text (JSON.stringify itself would run out of stack).
    {
      payload: `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
      headers: { 'content-type': 'application/json' },
    },
    { payload: '{"a":', headers: { 'content-type': 'application/json' } },
    { payload: '{"a":"\\u00"}', headers: { 'content-type': 'application/json' } },
    { payload: 'a=%ZZ', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    // Multipart without a boundary, with a wrong one, cut short, and damaged pictures.
    { payload: form('b0', png), headers: { 'content-type': 'multipart/form-data' } },
    { payload: form('b1', png), headers: { 'content-type': 'multipart/form-data; boundary=zz' } },
    {
      payload: form('b2', png).subarray(0, 90),
      headers: { 'content-type': 'multipart/form-data; boundary=b2' },
    },
    ...damaged.map((bytes) => ({
      payload: form('b3', bytes),
      headers: { 'content-type': 'multipart/form-data; boundary=b3' },
    })),
  ];
  const cases = fixed ? fixedCases : [];
  // Field by field, the two callers share the work: each field is tried by one of them.
  keys.forEach((key, i) => {
    if (i % 2 !== role) return;
    for (const v of wrongValues) cases.push(json({ [key]: v }));
  });
  for (const v of hugeValues) if (keys[role]) cases.push(json({ [keys[role]]: v }));
  return cases;
}

function urlCases(e: Endpoint): string[] {
  const base = `/api${e.path}`;
  const urls = [`${base}%ZZ`, `${base}?a=%ZZ&b=%E0%A4%A`, `${base}/a%25ZZ`];
  for (const key of keysOf(e.query)) {
    for (const v of wrongQuery) urls.push(`${base}?${key}=${v}`);
    urls.push(`${base}?${key}=1&${key}=2`);
  }
  return urls;
}

let t: TestApp;
const who: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await createTestApp({ config: { rateLimit: { global: 1_000_000, auth: 1_000_000 } } });
  who.user = bearer((await createUser(t.app)).token);
  who.admin = bearer((await createUser(t.app, { role: 'admin' })).token);
});
afterAll(async () => t?.close());

describe('malformed input, generated from the contracts', () => {
  it('finds the endpoints in the contracts', () => {
    expect(endpoints.length).toBeGreaterThan(100);
  });

  it('answers every malformed request with a 4xx in the envelope, and logs no error', async () => {
    const failures: string[] = [];
    let sent = 0;
    const check = async (label: string, options: InjectOptions) => {
      sent++;
      const res = await t.app.inject(options);
      const type = String(res.headers['content-type'] ?? '');
      if (res.statusCode === 200 && type.startsWith('application/x-ndjson')) return;
      let body: { code?: unknown; success?: unknown; message?: unknown } | null = null;
      try {
        body = res.json();
      } catch {
        body = null;
      }
      const inEnvelope =
        body !== null &&
        body.code === res.statusCode &&
        typeof body.success === 'boolean' &&
        typeof body.message === 'string' &&
        'data' in body;
      if (res.statusCode >= 500 || !inEnvelope)
        failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    };
    for (const e of endpoints) {
      // The caller an endpoint is for gets the cases that do not depend on its fields.
      const owner = e.path.startsWith('/admin') ? 'admin' : 'user';
      for (const [n, [role, headers]] of Object.entries(who).entries()) {
        if (role === owner)
          for (const url of urlCases(e))
            await check(`${role} ${e.method} ${url.slice(0, 120)}`, {
              method: e.method,
              url,
              headers: { ...headers, 'x-lang': 'en-US' },
            });
        if (e.method === 'GET') continue;
        for (const [i, c] of bodyCases(e, n, role === owner).entries())
          await check(`${role} ${e.method} ${e.path} body case ${i}`, {
            method: e.method,
            url: `/api${e.path}`,
            ...c,
            headers: { ...headers, ...c.headers, 'x-lang': 'en-US' },
          });
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(4000);
    console.info(`malformed-input: ${sent} requests`);
    const errors = t.logs
      .lines()
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .filter((l) => l.level >= 50);
    expect(errors).toEqual([]);
  }, 480_000);
});
