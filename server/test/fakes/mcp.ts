import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/**
 * A remote MCP server on 127.0.0.1, built with the official SDK's server side
 * (`@modelcontextprotocol/sdk`: `McpServer` and `StreamableHTTPServerTransport` in stateless
 * mode, one server per request as the SDK's "stateless streamable HTTP" example does), at
 * `POST /mcp`. Its tools:
 * - `weather` `{ city }`: "Sunny in <city>, 21 °C";
 * - `slow` `{}`: answers after `slowMs` (time-bound tests);
 * - `broken` `{}`: a tool error (`isError: true`).
 * With `token` set, a request without `Authorization: Bearer <token>` is refused with 401 and
 * a JSON-RPC error body, as the SDK's bearer-auth middleware answers.
 */
export interface FakeMcp {
  url: string;
  token: string | null;
  slowMs: number;
  /** The tool calls received, in order. */
  calls: Array<{ name: string; arguments: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function startFakeMcp(): Promise<FakeMcp> {
  const sockets = new Set<Socket>();
  const fake: FakeMcp = {
    url: '',
    token: null,
    slowMs: 3000,
    calls: [],
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

  function toolServer(): McpServer {
    const mcp = new McpServer({ name: 'fake-tools', version: '1.0.0' });
    mcp.registerTool(
      'weather',
      { description: 'The weather now in a city', inputSchema: { city: z.string() } },
      async ({ city }) => {
        fake.calls.push({ name: 'weather', arguments: { city } });
        return { content: [{ type: 'text', text: `Sunny in ${city}, 21 °C` }] };
      },
    );
    mcp.registerTool('slow', { description: 'Takes its time', inputSchema: {} }, async () => {
      fake.calls.push({ name: 'slow', arguments: {} });
      await new Promise((r) => setTimeout(r, fake.slowMs));
      return { content: [{ type: 'text', text: 'finally' }] };
    });
    mcp.registerTool('broken', { description: 'Always fails', inputSchema: {} }, async () => {
      fake.calls.push({ name: 'broken', arguments: {} });
      return { content: [{ type: 'text', text: 'the tool broke' }], isError: true };
    });
    return mcp;
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    if (fake.token !== null && req.headers.authorization !== `Bearer ${fake.token}`) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          error: { code: -32001, message: 'Unauthorized: missing or invalid bearer token' },
          id: null,
        }),
      );
      return;
    }
    if (req.method !== 'POST') {
      // Stateless: no stream of server-sent messages to GET, no session to DELETE.
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const mcp = toolServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    void mcp
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  return fake;
}
