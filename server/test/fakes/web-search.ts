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
 * Serper (serper.dev, its playground and docs): `POST /search` with `X-API-KEY` and
 * `{ q, num }` answers `{ searchParameters: { q, type: "search", engine: "google", num },
 * organic: [{ title, link, snippet, position }], relatedSearches, credits }`; a missing or
 * wrong key answers 403 `{ "message": "Unauthorized.", "statusCode": 403 }`, spent credits
 * (`quotaExceeded`) 400 `{ "message": "Not enough credits", "statusCode": 400 }`.
 *
 * Bing Web Search API v7 (learn.microsoft.com, "Bing Web Search API v7 reference"):
 * `GET /v7.0/search?q=…&count=N` with `Ocp-Apim-Subscription-Key` answers `{ _type:
 * "SearchResponse", queryContext, webPages: { webSearchUrl, totalEstimatedMatches, value:
 * [{ id, name, url, displayUrl, snippet, dateLastCrawled, language }] } }`; its gateway refuses
 * a wrong key with 401 `{ error: { code: "401", message: "Access denied due to invalid
 * subscription key or wrong API endpoint. …" } }` and a spent quota (`quotaExceeded`) with 403
 * `{ error: { code: "403", message: "Out of call volume quota. …" } }`.
 *
 * Google Custom Search JSON API (developers.google.com/custom-search/v1/reference/rest/v1/
 * cse/list): `GET /customsearch/v1?key=…&cx=…&q=…&num=N` answers `{ kind:
 * "customsearch#search", queries, searchInformation, items: [{ kind, title, htmlTitle, link,
 * displayLink, snippet, htmlSnippet, formattedUrl }] }`; a wrong key answers 400 `API key not
 * valid. Please pass a valid API key.` (`INVALID_ARGUMENT`, reason `API_KEY_INVALID`), a
 * spent daily quota (`quotaExceeded`) 429 `RESOURCE_EXHAUSTED`, in Google's error shape.
 *
 * All list the same three results, linking to pages served here at `/pages/<n>`: articles
 * with navigation, scripts and a footer around the text a reader keeps.
 */
export interface FakeSearch {
  /** The root (SearXNG's base URL and Tavily's). */
  url: string;
  tavilyKey: string;
  braveKey: string;
  serperKey: string;
  bingKey: string;
  /** Google's API key and engine id (`cx`). */
  googleKey: string;
  googleCx: string;
  jsonEnabled: boolean;
  /** Serper, Bing and Google answer their "quota spent" refusal. */
  quotaExceeded: boolean;
  planExceeded: boolean;
  /** Where the results link (default: the pages served here). */
  resultBase: string;
  queries: Array<{
    service: 'searxng' | 'tavily' | 'brave' | 'serper' | 'bing' | 'google';
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
    serperKey: 'serper-fake-key',
    bingKey: 'bing-fake-key',
    googleKey: 'AIza-fake-key',
    googleCx: 'a1b2c3d4e5f6g7h8i',
    jsonEnabled: true,
    quotaExceeded: false,
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
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && url.pathname === '/search' && 'x-api-key' in req.headers) {
        if (req.headers['x-api-key'] !== fake.serperKey)
          return json(403, { message: 'Unauthorized.', statusCode: 403 });
        if (fake.quotaExceeded)
          return json(400, { message: 'Not enough credits', statusCode: 400 });
        let body: { q?: unknown; num?: unknown };
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
        } catch {
          return json(400, { message: 'Invalid JSON', statusCode: 400 });
        }
        if (typeof body.q !== 'string' || !body.q)
          return json(400, { message: 'Query is required', statusCode: 400 });
        fake.queries.push({ service: 'serper', query: body.q, headers: req.headers });
        const num = typeof body.num === 'number' ? body.num : 10;
        return json(200, {
          searchParameters: { q: body.q, type: 'search', engine: 'google', num },
          organic: results()
            .slice(0, num)
            .map((r, i) => ({ title: r.title, link: r.url, snippet: r.content, position: i + 1 })),
          relatedSearches: [{ query: `${body.q} dates` }],
          credits: 1,
        });
      }
      if (req.method === 'GET' && url.pathname === '/v7.0/search') {
        if (req.headers['ocp-apim-subscription-key'] !== fake.bingKey)
          return json(401, {
            error: {
              code: '401',
              message:
                'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
            },
          });
        if (fake.quotaExceeded)
          return json(403, {
            error: {
              code: '403',
              message: 'Out of call volume quota. Quota will be replenished in 2.12:34:56.',
            },
          });
        const q = url.searchParams.get('q') ?? '';
        fake.queries.push({ service: 'bing', query: q, headers: req.headers });
        const count = Number(url.searchParams.get('count') ?? 10);
        return json(200, {
          _type: 'SearchResponse',
          queryContext: { originalQuery: q },
          webPages: {
            webSearchUrl: `https://www.bing.com/search?q=${encodeURIComponent(q)}`,
            totalEstimatedMatches: 3,
            value: results()
              .slice(0, count)
              .map((r, i) => ({
                id: `https://api.bing.microsoft.com/api/v7/#WebPages.${i}`,
                name: r.title,
                url: r.url,
                isFamilyFriendly: true,
                displayUrl: r.url.replace(/^https?:\/\//, ''),
                snippet: r.content,
                dateLastCrawled: '2026-11-20T08:00:00.0000000Z',
                language: 'en',
                isNavigational: false,
              })),
          },
          rankingResponse: { mainline: { items: [] } },
        });
      }
      if (req.method === 'GET' && url.pathname === '/customsearch/v1') {
        const googleError = (code: number, status: string, message: string, reason: string) =>
          json(code, {
            error: {
              code,
              message,
              errors: [{ message, domain: 'global', reason }],
              status,
              ...(reason === 'badRequest'
                ? {
                    details: [
                      {
                        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                        reason: 'API_KEY_INVALID',
                        domain: 'googleapis.com',
                        metadata: { service: 'customsearch.googleapis.com' },
                      },
                    ],
                  }
                : {}),
            },
          });
        if (url.searchParams.get('key') !== fake.googleKey)
          return googleError(
            400,
            'INVALID_ARGUMENT',
            'API key not valid. Please pass a valid API key.',
            'badRequest',
          );
        if (fake.quotaExceeded)
          return googleError(
            429,
            'RESOURCE_EXHAUSTED',
            "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'customsearch.googleapis.com' for consumer 'project_number:123456789'.",
            'rateLimitExceeded',
          );
        if (url.searchParams.get('cx') !== fake.googleCx)
          return googleError(
            400,
            'INVALID_ARGUMENT',
            'Request contains an invalid argument.',
            'badRequest',
          );
        const q = url.searchParams.get('q') ?? '';
        fake.queries.push({ service: 'google', query: q, headers: req.headers });
        const num = Number(url.searchParams.get('num') ?? 10);
        return json(200, {
          kind: 'customsearch#search',
          url: {
            type: 'application/json',
            template: 'https://www.googleapis.com/customsearch/v1?q={searchTerms}',
          },
          queries: {
            request: [
              {
                title: 'Google Custom Search - ' + q,
                searchTerms: q,
                count: num,
                startIndex: 1,
                cx: fake.googleCx,
              },
            ],
          },
          context: { title: 'Atelier test engine' },
          searchInformation: {
            searchTime: 0.21,
            formattedSearchTime: '0.21',
            totalResults: '3',
            formattedTotalResults: '3',
          },
          items: results()
            .slice(0, num)
            .map((r) => ({
              kind: 'customsearch#result',
              title: r.title,
              htmlTitle: r.title.replace('Festival', '<b>Festival</b>'),
              link: r.url,
              displayLink: new URL(r.url).host,
              snippet: r.content,
              htmlSnippet: r.content.replace('Snippet', '<b>Snippet</b>'),
              formattedUrl: r.url,
            })),
        });
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
