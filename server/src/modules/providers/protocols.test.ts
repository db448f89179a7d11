import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat } from '@atelier/contracts';
import * as A from '@atelier/contracts/admin';
import { runAdmin } from '../../test/admin-cli.js';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { readDeclared } from './seed.js';

let t: TestApp;
let root: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  root = await createUser(t.app, { role: 'admin' });
  user = await createUser(t.app);
});
afterAll(() => t.close());

const providerCount = async () =>
  Number(
    (
      await t.app.ctx.db.kysely
        .selectFrom('chat_providers')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the protocols the server speaks', () => {
  it('are the union of the kinds’ adapter maps, each with the kinds it serves, for admins only', async () => {
    expect((await callEndpoint(t.app, A.listProviderProtocols, {})).status).toBe(401);
    expect((await callEndpoint(t.app, A.listProviderProtocols, { token: user.token })).status).toBe(
      403,
    );
    const res = await callEndpoint(t.app, A.listProviderProtocols, { token: root.token });
    expect(res.status).toBe(200);
    const kinds = Object.fromEntries(res.body.data.rows.map((r) => [r.protocol, r.kinds]));
    // One line in the separation map made it a protocol; openai is chat's and images' alike.
    expect(kinds['audio-separator-cloudrun']).toEqual(['separation']);
    expect(kinds.openai).toEqual(expect.arrayContaining(['chat', 'image']));
    expect(kinds.a1111).toEqual(expect.arrayContaining(['sd', 'sd-tool']));
    expect(kinds.demo).toEqual(expect.arrayContaining(['chat', 'music', 'video', 'separation']));
    expect(Object.keys(kinds)).not.toContain('grpc');
  });

  it('bound a provider’s write: another name is a 400 naming `protocol`, before anything is written', async () => {
    const before = await providerCount();
    const created = await callEndpoint(t.app, chat.adminCreateProvider, {
      token: root.token,
      body: { name: 'Nowhere', protocol: 'grpc', baseUrl: 'http://127.0.0.1:9' },
    });
    expect(created.status).toBe(400);
    expect(created.body.data).toMatchObject({ errors: [{ field: 'protocol' }] });
    expect(created.body.message).toContain('grpc');
    expect(await providerCount()).toBe(before);

    const ok = await callEndpoint(t.app, chat.adminCreateProvider, {
      token: root.token,
      body: { name: 'Separator', protocol: 'audio-separator-cloudrun', baseUrl: 'http://x.test' },
    });
    expect(ok.status).toBe(200);
    const changed = await callEndpoint(t.app, chat.adminUpdateProvider, {
      token: root.token,
      body: { id: ok.body.data.id, protocol: 'grpc', name: 'Renamed' },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.data).toMatchObject({ errors: [{ field: 'protocol' }] });
    const row = await t.app.ctx.db.kysely
      .selectFrom('chat_providers')
      .select(['name', 'protocol'])
      .where('id', '=', ok.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Separator', protocol: 'audio-separator-cloudrun' });

    // A name no protocol could have is the contract's 400, also naming the field.
    const shape = await callEndpoint(t.app, chat.adminCreateProvider, {
      token: root.token,
      body: { name: 'Bad', protocol: 'Open AI!' },
    });
    expect(shape.status).toBe(400);
    expect(JSON.stringify(shape.body.data)).toContain('protocol');
  });

  it('are refused by name in the config file and the admin command', async () => {
    expect(() => readDeclared({ providers: [{ name: 'x', protocol: 'grpc' }] })).toThrow(
      /providers\[0\]\.protocol: no kind speaks "grpc" \(known: .*openai/,
    );
    const before = await providerCount();
    const cli = await runAdmin(t.app.ctx, 'provider', ['add', '--name', 'y', '--protocol', 'grpc']);
    expect(cli.code).not.toBe(0);
    expect(cli.text).toMatch(/No kind speaks the protocol "grpc" \(known: .*openai/);
    expect(await providerCount()).toBe(before);
    const list = await runAdmin(t.app.ctx, 'provider', ['protocols']);
    expect(list.text).toMatch(/^audio-separator-cloudrun {2}separation$/m);
  });
});

describe('docs/providers.md, The source of each fake', () => {
  it('has one row per protocol of the adapter maps, naming fake files that exist', async () => {
    const res = await callEndpoint(t.app, A.listProviderProtocols, { token: root.token });
    const repo = new URL('../../../../', import.meta.url);
    const doc = fs.readFileSync(new URL('docs/providers.md', repo), 'utf8');
    const section = doc.split('## The source of each fake')[1]!.split('\n## ')[0]!;
    const rows = new Map(
      [...section.matchAll(/^\| `([a-z0-9-]+)` +\| ([^|]+)\|/gm)].map((m) => [m[1]!, m[2]!]),
    );
    expect([...rows.keys()].sort()).toEqual(res.body.data.rows.map((r) => r.protocol).sort());
    for (const [protocol, fakes] of rows)
      for (const [, file] of fakes.matchAll(/`([\w-]+\.ts)`/g))
        expect(
          fs.existsSync(new URL(`server/test/fakes/${file}`, repo)),
          `${protocol}: ${file}`,
        ).toBe(true);
  });
});
