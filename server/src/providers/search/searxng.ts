import type { SearchAdapter, SearchResult, SearchTarget } from './types.js';
import { searchCall } from './http.js';

/**
 * SearXNG, self-hosted (docs.searxng.org, "Search API"): `GET {root}/search?q=…&format=json`
 * answers `{ query, number_of_results, results: [{ url, title, content, engine, … }], answers,
 * suggestions, unresponsive_engines }`. A format the instance's `settings.yml` does not list
 * under `search.formats` is refused with 403 Forbidden (its HTML error page), and its limiter
 * answers 429 to callers it takes for bots. An API key, when set, goes as a bearer token (for
 * an instance behind a proxy that asks for one).
 */
export function searxngAdapter(target: SearchTarget): SearchAdapter {
  const root = target.baseUrl.replace(/\/+$/, '');
  return {
    async search(r) {
      const url = new URL(`${root}/search`);
      url.searchParams.set('q', r.query);
      url.searchParams.set('format', 'json');
      const body = (await searchCall(
        url.href,
        {
          method: 'GET',
          ...(target.apiKey ? { headers: { authorization: `Bearer ${target.apiKey}` } } : {}),
        },
        r,
        'SearXNG',
        (status) =>
          status === 403
            ? 'the JSON format is not enabled (add json to search.formats in settings.yml)'
            : status === 429
              ? 'its limiter refused the request (turn server.limiter off or pass this server)'
              : 'the search failed',
      )) as { results?: Array<{ url?: unknown; title?: unknown; content?: unknown }> };
      const out: SearchResult[] = [];
      for (const item of body.results ?? []) {
        if (typeof item.url !== 'string' || !/^https?:\/\//.test(item.url)) continue;
        if (out.some((o) => o.url === item.url)) continue;
        out.push({
          url: item.url,
          title: typeof item.title === 'string' && item.title ? item.title : item.url,
          snippet: typeof item.content === 'string' ? item.content : '',
        });
        if (out.length >= r.maxResults) break;
      }
      return out;
    },
  };
}
