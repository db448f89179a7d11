import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openaiAdapter } from '../providers/chat/openai.js';
import {
  checkPublicUrl,
  guardedLookup,
  isBlockedAddress,
  type ResolvedAddress,
} from './url-guard.js';

describe('address guard', () => {
  it.each([
    // IPv4: loopback, private, link-local / metadata, CGNAT, reserved, documentation, benchmarking
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.10',
    '198.51.100.7',
    '203.0.113.9',
    '198.18.0.1',
    '198.19.255.254',
    '192.88.99.1',
    // IPv6 native
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    'fec0::1',
    '2001:db8::1',
    '3fff::1',
    '2001:2::1',
    '100::1',
    // IPv6 forms that embed an IPv4 address
    '::127.0.0.1',
    '::7f00:1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::ffff:0:7f00:1',
    '::ffff:0:127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::a00:1',
    '64:ff9b:1::0808:0808',
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::1',
    '2002:c0a8:101::1',
    // Teredo: server 127.0.0.1, or client 10.0.0.1 (stored inverted: f5ff:fffe)
    '2001:0:7f00:1::1',
    '2001:0:0808:0808:0:0:f5ff:fffe',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:0808:0808::f7f7:f7f7',
  ])('accepts the public address %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it.each([
    'http://[::127.0.0.1]/v1',
    'http://[::ffff:0:7f00:1]/v1',
    'http://[64:ff9b::7f00:1]/v1',
    'http://[64:ff9b::a9fe:a9fe]/v1',
    'http://[2002:7f00:1::1]/v1',
    'http://[2002:a9fe:a9fe::1]/v1',
    'http://[2001:db8::5]/v1',
    'http://192.0.2.1/v1',
    'http://198.18.0.1/v1',
  ])('refuses the address %s', async (url) => {
    expect(await checkPublicUrl(url)).toMatch(/private or local address/);
  });

  it('refuses a name when any of its addresses is private', async () => {
    const resolve = async (): Promise<ResolvedAddress[]> => [
      { address: '8.8.8.8', family: 4 },
      { address: '::ffff:10.0.0.1', family: 6 },
    ];
    expect(await checkPublicUrl('https://mixed.example/v1', { resolve })).toMatch(/10\.0\.0\.1/);
  });
});

describe('the connection goes to the address that was checked', () => {
  // Two loopback servers: 127.0.0.2 stands in for a public host (the injected policy treats it
  // as public), 127.0.0.1 for the private one a rebinding resolver answers on its second call.
  const seen: { where: string; host?: string }[] = [];
  const servers: http.Server[] = [];
  let port = 0;
  const serve = (address: string, p: number) =>
    new Promise<number>((resolve) => {
      const server = http.createServer((req, res) => {
        seen.push({ where: address, host: req.headers.host });
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(
          `data: ${JSON.stringify({ choices: [{ delta: { content: `from ${address}` } }] })}\n\ndata: [DONE]\n\n`,
        );
      });
      servers.push(server);
      server.listen(p, address, () => resolve((server.address() as AddressInfo).port));
    });

  beforeAll(async () => {
    port = await serve('127.0.0.2', 0);
    await serve('127.0.0.1', port);
  });
  afterAll(() => {
    for (const s of servers) s.closeAllConnections();
    return Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });

  const isBlocked = (a: string) => a !== '127.0.0.2';

  async function ask(resolve: (host: string) => Promise<ResolvedAddress[]>) {
    const adapter = openaiAdapter({
      baseUrl: `http://rebind.test:${port}/v1`,
      apiKey: null,
      lookup: guardedLookup({ resolve, isBlocked }),
    });
    let text = '';
    for await (const chunk of adapter.stream({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      maxTokens: 10,
      signal: new AbortController().signal,
      timeoutMs: 5000,
    }))
      if ('delta' in chunk) text += chunk.delta;
    return text;
  }

  it('resolves once, checks, and connects to the checked address with the name as Host', async () => {
    seen.length = 0;
    let calls = 0;
    const answers = ['127.0.0.2', '127.0.0.1'];
    const resolve = async (): Promise<ResolvedAddress[]> => [
      { address: answers[Math.min(calls++, 1)]!, family: 4 },
    ];
    // The pre-check and the connection each resolve; here the check and the connection share
    // one resolution, so the first (checked, "public") answer is where the request goes.
    expect(await ask(resolve)).toBe('from 127.0.0.2');
    expect(calls).toBe(1);
    expect(seen).toEqual([{ where: '127.0.0.2', host: `rebind.test:${port}` }]);
  });

  it('a resolver that turns private after the pre-check cannot move the connection there', async () => {
    seen.length = 0;
    let calls = 0;
    const answers = ['127.0.0.2', '127.0.0.1'];
    const resolve = async (): Promise<ResolvedAddress[]> => [
      { address: answers[Math.min(calls++, 1)]!, family: 4 },
    ];
    // The route's early check sees the public answer...
    expect(await checkPublicUrl(`http://rebind.test:${port}/v1`, { resolve, isBlocked })).toBe(
      null,
    );
    // ...and the connection's own resolution answers 127.0.0.1, which is refused before connecting.
    await expect(ask(resolve)).rejects.toThrow(/private or local address \(127\.0\.0\.1\)/);
    expect(seen).toEqual([]);
  });

  it('a name with a public and a private address is refused at connect time', async () => {
    seen.length = 0;
    const resolve = async (): Promise<ResolvedAddress[]> => [
      { address: '127.0.0.2', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    await expect(ask(resolve)).rejects.toThrow(/127\.0\.0\.1/);
    expect(seen).toEqual([]);
  });
});
