import http from 'node:http';
import https from 'node:https';
import { guardedLookup } from '../lib/url-guard.js';
import { UpstreamError } from './errors.js';

/*
 * What a connection test is (the console's "test connection": the upstream's cheapest read)
 * and the one GET most of them make. Each adapter exports its `checkConnection`; the module of
 * its kind registers the checks of its adapter map with the providers module. Addresses are
 * resolved through the address guard's lookup (an admin's provider may be on a private
 * network, so nothing is blocked, but the one resolution the connection uses is the one checked
 * and reported).
 */

export interface CheckTarget {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
}
/** Resolves with a short success description, or throws (UpstreamError or a network error). */
export type ProviderCheck = (p: CheckTarget, signal?: AbortSignal) => Promise<string>;

const lookup = guardedLookup({ isBlocked: () => false });

/** One GET through the guard's lookup: status and body (up to 64 KB). */
export function getJson(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const lib = u.protocol.startsWith('https') ? https : http;
    const req = lib.request(
      u,
      { method: 'GET', headers: { accept: 'application/json', ...headers }, lookup, signal },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= 65_536) chunks.push(c);
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: the text is the body.
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () =>
      req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
    );
    req.on('error', reject);
    req.end();
  });
}

export const httpFailure = (status: number, where: string) =>
  new UpstreamError(`${where}: HTTP ${status}`, 'permanent', 'http', { status });
