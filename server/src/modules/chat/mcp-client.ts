import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type * as McpIndex from '@modelcontextprotocol/sdk/client/index.js';
import type * as McpHttp from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  BlockedAddressError,
  checkPublicUrl,
  guardedLookup,
  type GuardOptions,
} from '../../lib/url-guard.js';

/**
 * A remote MCP server over streamable HTTP, through the official SDK's client
 * (`@modelcontextprotocol/sdk`, `StreamableHTTPClientTransport`). Its requests go through a
 * fetch of our own: the address is checked before and at connect time (every address a name
 * resolves to; docs/security.md) unless the operator marked the server as on a private network,
 * and redirects are never followed (a 3xx is an error), so a token sent to it goes nowhere else.
 */
export interface McpTarget {
  url: string;
  token: string | null;
  allowPrivate: boolean;
  timeoutMs: number;
  /** Tests inject the address checks. */
  guard?: GuardOptions;
}

export interface ListedTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export class McpError extends Error {
  override readonly name = 'McpError';
}

const open: GuardOptions = { isBlocked: () => false };

/** A fetch over node:http(s) whose connections go only to checked addresses. */
export function guardedFetch(guard: GuardOptions): FetchLike {
  const lookup = guardedLookup(guard);
  return async (input, init) => {
    const url = new URL(input instanceof URL ? input.href : input);
    const refused = await checkPublicUrl(url.href, guard);
    if (refused) throw new BlockedAddressError(refused);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    const method = init?.method ?? 'GET';
    return new Promise<Response>((resolve, reject) => {
      const req = (url.protocol === 'https:' ? https : http).request(
        url,
        { method, headers, lookup, ...(init?.signal ? { signal: init.signal } : {}) },
        (res) => {
          const out = new Headers();
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
            out.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          const status = res.statusCode ?? 502;
          const empty = status === 204 || status === 304 || method === 'HEAD';
          if (empty) res.resume();
          resolve(
            new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
              status,
              statusText: res.statusMessage ?? '',
              headers: out,
            }),
          );
        },
      );
      req.on('error', reject);
      const body = init?.body;
      if (typeof body === 'string' || body instanceof Uint8Array) req.end(body);
      else req.end();
    });
  };
}

/**
 * The SDK, loaded with the first MCP call instead of at start: it brings its own copy of zod's
 * schemas and an OAuth client, several MB of heap an idle server has no use for.
 */
let sdk: Promise<[typeof McpIndex, typeof McpHttp]> | null = null;
const loadSdk = () =>
  (sdk ??= Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]));

/** A connected client; `close` ends its session. */
export async function connectMcp(target: McpTarget, signal?: AbortSignal): Promise<Client> {
  const [{ Client }, { StreamableHTTPClientTransport }] = await loadSdk();
  const guard = target.allowPrivate ? open : (target.guard ?? {});
  const transport = new StreamableHTTPClientTransport(new URL(target.url), {
    fetch: guardedFetch(guard),
    redirect: 'error',
    requestInit: {
      headers: {
        'user-agent': 'Atelier',
        ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
      },
    },
  } as ConstructorParameters<typeof StreamableHTTPClientTransport>[1]);
  const client = new Client({ name: 'atelier', version: '1.0.0' });
  try {
    await client.connect(transport, {
      timeout: target.timeoutMs,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new McpError(reasonOf(error));
  }
  return client;
}

/** The server's tools (every page). */
export async function listMcpTools(target: McpTarget): Promise<ListedTool[]> {
  const client = await connectMcp(target);
  try {
    const tools: ListedTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const listed = await client.listTools(cursor ? { cursor } : undefined, {
        timeout: target.timeoutMs,
      });
      for (const t of listed.tools)
        tools.push({
          name: t.name,
          description: (t.description ?? '').slice(0, 1000),
          inputSchema: t.inputSchema as Record<string, unknown>,
        });
      cursor = listed.nextCursor;
      if (!cursor) break;
    }
    return tools;
  } catch (error) {
    throw new McpError(reasonOf(error));
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** What a call answered as text (its text parts; others named), and whether it failed. */
export async function callMcpTool(
  client: Client,
  call: { name: string; arguments: Record<string, unknown>; timeoutMs: number },
  signal: AbortSignal,
): Promise<{ ok: boolean; text: string }> {
  try {
    const result = (await client.callTool(
      { name: call.name, arguments: call.arguments },
      undefined,
      { timeout: call.timeoutMs, signal },
    )) as { content?: Array<{ type: string; text?: string }>; isError?: boolean };
    const text = (result.content ?? [])
      .map((part) => (part.type === 'text' ? (part.text ?? '') : `[${part.type}]`))
      .join('\n');
    return { ok: result.isError !== true, text };
  } catch (error) {
    return { ok: false, text: reasonOf(error) };
  }
}

/** A short reason, the address guard's own words when it refused. */
export function reasonOf(error: unknown): string {
  let e: unknown = error;
  for (let i = 0; i < 5 && e; i++) {
    if (e instanceof BlockedAddressError) return e.message;
    e = (e as { cause?: unknown }).cause;
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 300);
}
