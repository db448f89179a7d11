import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkPublicUrl, guardedLookup, type GuardOptions } from './url-guard.js';

/*
 * An upstream's result link (a picture, a song, a clip it made) is fetched as a user's own
 * endpoint is: only public addresses, checked at each redirect and at connect time (the lookup
 * that resolved the name is the one the socket uses), so a provider's answer cannot point the
 * engine at cloud metadata (169.254.169.254) or the server's own network and make the bytes a
 * user's result. The one exception is the provider's own configured host (`trustedBase`): the
 * operator chose it, and a local A1111, ComfyUI or proxy on a private address serves its
 * results there.
 */

const MAX_REDIRECTS = 5;

/** The link leads where results may not come from; its message says why (for the timeline). */
export class ResultLinkRefused extends Error {
  override readonly name = 'ResultLinkRefused';
}

export interface ResultLinkOptions {
  /** The provider's base URL: links on its host (name and port) are fetched unguarded. */
  trustedBase?: string | null;
  timeoutMs: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Tests' resolver and address rule (url-guard.ts). */
  guard?: GuardOptions;
}

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
};

/** The bytes at an upstream's result link; throws ResultLinkRefused for a refused address. */
export async function fetchResultLink(url: string, o: ResultLinkOptions): Promise<Buffer> {
  const trusted = o.trustedBase ? hostOf(o.trustedBase) : null;
  const timeout = AbortSignal.timeout(o.timeoutMs);
  const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;
  let at = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const own = trusted !== null && hostOf(at) === trusted;
    if (!own) {
      const refused = await checkPublicUrl(at, o.guard);
      if (refused) throw new ResultLinkRefused(`result link ${at}: ${refused}`);
    }
    // Headers (a key) go only to the link's own host, never across a redirect to another.
    const headers = hostOf(at) === hostOf(url) ? o.headers : undefined;
    const got = await getOnce(at, own ? undefined : guardedLookup(o.guard), headers, signal);
    if ('location' in got) {
      at = new URL(got.location, at).href;
      continue;
    }
    return got.bytes;
  }
  throw new ResultLinkRefused(`result link ${url}: more than ${MAX_REDIRECTS} redirects`);
}

function getOnce(
  url: string,
  lookup: LookupFunction | undefined,
  headers: Record<string, string> = {},
  signal: AbortSignal,
): Promise<{ bytes: Buffer } | { location: string }> {
  const secure = url.startsWith('https:');
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).get(
      url,
      { ...(lookup ? { lookup } : {}), headers, signal },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ location: res.headers.location });
          return;
        }
        if (status < 200 || status >= 300) {
          res.resume();
          reject(Object.assign(new Error(`result download ${status}`), { status }));
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRBLOCKED'
          ? new ResultLinkRefused(`result link ${url}: ${error.message}`)
          : error,
      ),
    );
  });
}
