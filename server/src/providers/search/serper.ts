import type { SearchAdapter, SearchTarget } from './types.js';
import { searchCall } from './http.js';

/**
 * Serper, Google results as JSON (serper.dev, "API playground" and its docs page
 * serper.dev/playground: `POST https://google.serper.dev/search` with the key in `X-API-KEY` and
 * the body `{ "q": "…", "num": 10 }`; the answer `{ searchParameters: { q, type: "search",
 * engine: "google", num }, organic: [{ title, link, snippet, position, … }], peopleAlsoAsk,
 * relatedSearches, credits }`). Its refusals are `{ "message": "…", "statusCode": N }`: 403
 * `Unauthorized.` for a missing or bad key, 400 `Not enough credits` once the credits are spent,
 * 429 when too many requests come at once; the user reads `message`.
 */
export const SERPER_ROOT = 'https://google.serper.dev';

export function serperAdapter(target: SearchTarget): SearchAdapter {
  const root = (target.baseUrl || SERPER_ROOT).replace(/\/+$/, '');
  return {
    async search(r) {
      const body = (await searchCall(
        `${root}/search`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(target.apiKey ? { 'x-api-key': target.apiKey } : {}),
          },
          // Serper bills 1 credit for up to 10 results, 2 beyond.
          body: JSON.stringify({ q: r.query, num: Math.min(20, r.maxResults) }),
        },
        r,
        'Serper',
        (status, parsed) => {
          const message = (parsed as { message?: unknown } | null)?.message;
          if (typeof message === 'string' && message) return message;
          return status === 403
            ? 'missing or invalid API key'
            : status === 429
              ? 'too many requests'
              : 'the search failed';
        },
      )) as { organic?: Array<{ link?: unknown; title?: unknown; snippet?: unknown }> };
      return (body.organic ?? [])
        .filter(
          (i): i is { link: string; title?: unknown; snippet?: unknown } =>
            typeof i.link === 'string' && /^https?:\/\//.test(i.link),
        )
        .slice(0, r.maxResults)
        .map((i) => ({
          url: i.link,
          title: typeof i.title === 'string' && i.title ? i.title : i.link,
          snippet: typeof i.snippet === 'string' ? i.snippet : '',
        }));
    },
  };
}
