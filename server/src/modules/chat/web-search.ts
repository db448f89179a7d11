import http from 'node:http';
import https from 'node:https';
import type { chat as C } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { searchAdapters, type SearchResult } from '../../providers/search/index.js';
import { checkPublicUrl, guardedLookup, type GuardOptions } from '../../lib/url-guard.js';
import type { activeSearchProvider } from './tools.js';

/**
 * Web search for an answer (docs/chat.md, Web search): the operator's search provider is asked
 * with the query the model wrote (else the user's question), the top pages are read (through the address guard: a result may name
 * any address, so one on this machine or a private network is never fetched), and the results
 * become numbered sources the model is told to cite as [n].
 */
export const PAGE_MAX_BYTES = 1024 * 1024;
const PAGE_TIMEOUT_MS = 8000;
const PAGE_MAX_REDIRECTS = 3;
/** What one page adds to the prompt at most. */
const PAGE_CHARS = 3000;

export interface WebSearchOutcome {
  sources: C.WebSource[];
  /** The system note with the sources' texts, put before the question. */
  note: string;
}

const domainOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
};

/** Runs the search and reads the pages; throws the adapter's UpstreamError when it refused. */
export async function webSearch(
  ctx: AppContext,
  provider: NonNullable<Awaited<ReturnType<typeof activeSearchProvider>>>,
  query: string,
  signal: AbortSignal,
): Promise<WebSearchOutcome> {
  const adapter = searchAdapters[provider.kind]({
    baseUrl: provider.base_url,
    apiKey: provider.apiKey,
  });
  const results = await adapter.search({
    query: query.slice(0, 400),
    maxResults: provider.max_results,
    timeoutMs: provider.timeout_ms,
    signal,
  });
  const guard: GuardOptions = ctx.config.chat.webPagesAllowPrivate
    ? { isBlocked: () => false }
    : {};
  const pages = await Promise.all(
    results.map((r, i) =>
      i < provider.pages_read
        ? readPage(r.url, guard, signal).catch((error: unknown) => {
            ctx.log.info({ url: r.url, reason: (error as Error).message }, 'web page not read');
            return null;
          })
        : Promise.resolve(null),
    ),
  );
  return {
    sources: results.map((r, i) => ({
      n: i + 1,
      title: pages[i]?.title || r.title,
      url: r.url,
      domain: domainOf(r.url),
    })),
    note: noteOf(results, pages),
  };
}

function noteOf(results: SearchResult[], pages: Array<{ text: string } | null>): string {
  const today = new Date().toISOString().slice(0, 10);
  const blocks = results.map((r, i) => {
    const text = pages[i]?.text || r.snippet;
    return `[${i + 1}] ${r.title}\n${r.url}\n${text.slice(0, PAGE_CHARS)}`;
  });
  return [
    `Web search results (${today}). Answer with them, citing each fact's source by its number in`,
    'square brackets, e.g. [1]. Say so when they do not answer the question.',
    '',
    blocks.join('\n\n'),
  ].join('\n');
}

/** GETs a public HTML page (each redirect checked) and answers its readable title and text. */
export async function readPage(
  url: string,
  guard: GuardOptions,
  signal: AbortSignal,
): Promise<{ title: string; text: string }> {
  let at = url;
  for (let hop = 0; hop <= PAGE_MAX_REDIRECTS; hop++) {
    const refused = await checkPublicUrl(at, guard);
    if (refused) throw new Error(refused);
    const got = await getOnce(at, guard, signal);
    if ('location' in got) {
      at = new URL(got.location, at).href;
      continue;
    }
    // htmlparser2 loads with the first page read, not at start (idle memory).
    const { readableText } = await import('./readable.js');
    return readableText(got.html, PAGE_CHARS);
  }
  throw new Error('too many redirects');
}

function getOnce(
  url: string,
  guard: GuardOptions,
  signal: AbortSignal,
): Promise<{ html: string } | { location: string }> {
  return new Promise((resolve, reject) => {
    const req = (url.startsWith('https:') ? https : http).get(
      url,
      {
        lookup: guardedLookup(guard),
        timeout: PAGE_TIMEOUT_MS,
        signal,
        headers: { accept: 'text/html, text/plain', 'user-agent': 'Atelier web search' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ location: res.headers.location });
          return;
        }
        const type = String(res.headers['content-type'] ?? '');
        if (status !== 200 || !/text\/(html|plain)|application\/xhtml/i.test(type)) {
          res.resume();
          reject(new Error(`answered ${status} ${type}`));
          return;
        }
        res.setEncoding('utf8');
        let html = '';
        res.on('data', (piece: string) => {
          html += piece;
          if (html.length > PAGE_MAX_BYTES) res.destroy();
        });
        res.on('close', () =>
          resolve({ html: /text\/plain/i.test(type) ? `<p>${escapeText(html)}</p>` : html }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('the page did not answer in time')));
    req.on('error', reject);
  });
}

const escapeText = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
