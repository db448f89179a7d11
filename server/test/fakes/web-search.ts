import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Fake web-search services on 127.0.0.1, and the pages their results link to.
 *
 * SearXNG (docs.searxng.org, "Search API"): `GET /search?q=…&format=json` answers
 * `{ query, number_of_results, results: [{ url, title, content, engine, … }], answers,
 * suggestions, unresponsive_engines }`; a format the instance does not list under
 * `search.formats` answers 403 Forbidden (an HTML page), as does `jsonEnabled = false` here.
 *
 * Tavily (docs.tavily.com, API reference "Tavily Search"; help.tavily.com "Errors Code"):
 * `POST /search` with `Authorization: Bearer tvly-…` and `{ query, max_results, … }` answers
 * `{ query, answer, images, results: [{ title, url, content, score, raw_content }],
 * response_time }`; a missing or wrong key answers 401, a used-up plan 432 (`planExceeded`),
 * each with `{ "detail": { "error": "…" } }`.
 *
 * Brave Search API (api-dashboard.search.brave.com, documentation "Web search"):
 * `GET /res/v1/web/search?q=…&count=N` with `X-Subscription-Token` answers `{ type: "search",
 * query, web: { type: "search", results: [{ title, url, description, … }] } }`; a wrong token
 * answers 422 `{ type: "ErrorResponse", error: { id, status, code:
 * "SUBSCRIPTION_TOKEN_INVALID", detail, meta } }`.
 *
 * All list the same three results, linking to pages served here at `/pages/<n>`: articles
 * with navigation, scripts and a footer around the text a reader keeps.
 */
export interface FakeSearch {
  /** The root (SearXNG's base URL and Tavily's). */
  url: string;
  tavilyKey: string;
  braveKey: string;
  jsonEnabled: boolean;
  planExceeded: boolean;
  /** Where the results link (default: the pages served here). */
  resultBase: string;
  queries: Array<{
    service: 'searxng' | 'tavily' | 'brave';
    query: string;
    headers: http.IncomingHttpHeaders;
  }>;
  pagesRead: string[];
  close(): Promise<void>;
}

export const PAGE_FACTS = [
  'The Atelier river festival opens on the first Saturday of June every year.',
  'Lanterns are floated on the river at nine in the evening of the festival.',
  'The festival began in 1921 as a market for painters and potters.',
];

const pageHtml = (n: number) => `<!doctype html><html><head><title>Festival page ${n}</title>
<script>var tracking = "never read this";</script><style>body{color:red}</style></head>
<body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
<header><h1>Site banner</h1></header>
<main><article><h2>Festival notes ${n}</h2>
<p>${PAGE_FACTS[n - 1]} This paragraph is long enough to be read as prose by the reader.</p>
<p>Visitors come from many towns to see it, and the old bridge is closed to cars that day.</p>
</article></main>
<aside>Subscribe to our newsletter for more festival news and offers.</aside>
<footer>© Example pages, all rights reserved, a footer of links.</footer></body></html>`;

export async function startFakeSearch(): Promise<FakeSearch> {
  const sockets = new Set<Socket>();
  const fake: FakeSearch = {
    url: '',
    tavilyKey: 'tvly-fake-key',
    braveKey: 'BSA-fake-key',
    jsonEnabled: true,
    planExceeded: false,
    resultBase: '',
    queries: [],
    pagesRead: [],
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const results = () =>
    [1, 2, 3].map((n) => ({
      url: `${fake.resultBase || fake.url}/pages/${n}`,
      title: `Festival result ${n}`,
      content: `Snippet ${n}: ${PAGE_FACTS[n - 1]}`,
    }));

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const page = /^\/pages\/(\d)$/.exec(url.pathname);
      if (req.method === 'GET' && page) {
        fake.pagesRead.push(url.pathname);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(pageHtml(Number(page[1])));
        return;
      }
      if (req.method === 'GET' && url.pathname === '/res/v1/web/search') {
        res.setHeader('content-type', 'application/json');
        if (req.headers['x-subscription-token'] !== fake.braveKey) {
          res.writeHead(422);
          res.end(
            JSON.stringify({
              type: 'ErrorResponse',
              error: {
                id: 'c2a1e6b0-0000-4000-8000-000000000000',
                status: 422,
                code: 'SUBSCRIPTION_TOKEN_INVALID',
                detail: 'The provided subscription token is invalid.',
                meta: { component: 'authentication' },
              },
              time: Math.floor(Date.now() / 1000),
            }),
          );
          return;
        }
        const q = url.searchParams.get('q') ?? '';
        fake.queries.push({ service: 'brave', query: q, headers: req.headers });
        const count = Number(url.searchParams.get('count') ?? 20);
        res.writeHead(200);
        res.end(
          JSON.stringify({
            type: 'search',
            query: { original: q, show_strict_warning: false },
            web: {
              type: 'search',
              results: results()
                .slice(0, count)
                .map((r) => ({
                  type: 'search_result',
                  title: r.title,
                  url: r.url,
                  description: r.content.replace('Snippet', '<strong>Snippet</strong>'),
                  language: 'en',
                  family_friendly: true,
                })),
              family_friendly: true,
            },
          }),
        );
        return;
      }
      if (req.method === 'GET' && url.pathname === '/search') {
        const format = url.searchParams.get('format') ?? 'html';
        if (format !== 'html' && (!fake.jsonEnabled || format !== 'json')) {
          res.writeHead(403, { 'content-type': 'text/html; charset=utf-8' });
          res.end('<!doctype html><title>403 Forbidden</title><h1>Forbidden</h1>');
          return;
        }
        const q = url.searchParams.get('q') ?? '';
        fake.queries.push({ service: 'searxng', query: q, headers: req.headers });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            query: q,
            number_of_results: 0,
            results: results().map((r, i) => ({
              ...r,
              engine: 'duckduckgo',
              engines: ['duckduckgo'],
              positions: [i + 1],
              score: 1 / (i + 1),
              category: 'general',
              parsed_url: ['http', new URL(r.url).host, new URL(r.url).pathname, '', '', ''],
            })),
            answers: [],
            corrections: [],
            infoboxes: [],
            suggestions: [],
            unresponsive_engines: [],
          }),
        );
        return;
      }
      if (req.method === 'POST' && url.pathname === '/search') {
        const detail = (status: number, error: string) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ detail: { error } }));
        };
        if (req.headers.authorization !== `Bearer ${fake.tavilyKey}`)
          return detail(401, 'Unauthorized: missing or invalid API key.');
        if (fake.planExceeded)
          return detail(
            432,
            "This request exceeds your plan's set usage limit. Please upgrade your plan or contact support@tavily.com",
          );
        let body: { query?: unknown; max_results?: unknown };
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
        } catch {
          return detail(400, 'Invalid JSON body');
        }
        if (typeof body.query !== 'string' || !body.query) return detail(400, 'Query is missing.');
        fake.queries.push({ service: 'tavily', query: body.query, headers: req.headers });
        const max = typeof body.max_results === 'number' ? body.max_results : 5;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            query: body.query,
            follow_up_questions: null,
            answer: null,
            images: [],
            results: results()
              .slice(0, max)
              .map((r, i) => ({ ...r, score: 0.9 - i / 10, raw_content: null })),
            response_time: 0.42,
          }),
        );
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
