import type { SearchAdapter, SearchTarget } from './types.js';
import { searchCall } from './http.js';

/**
 * Brave Search API (api-dashboard.search.brave.com, documentation "Web search"):
 * `GET https://api.search.brave.com/res/v1/web/search?q=…&count=N` with the key in
 * `X-Subscription-Token`; the answer's `web.results[]` hold `{ title, url, description }`.
 * Its refusals answer `{ "type": "ErrorResponse", "error": { "id", "status", "code",
 * "detail", "meta" } }`: 422 `SUBSCRIPTION_TOKEN_INVALID` for a bad key, 429 `RATE_LIMITED`,
 * and others in the same shape; the user reads `detail`.
 */
export const BRAVE_ROOT = 'https://api.search.brave.com';

export function braveAdapter(target: SearchTarget): SearchAdapter {
  const root = (target.baseUrl || BRAVE_ROOT).replace(/\/+$/, '');
  return {
    async search(r) {
      const url = new URL(`${root}/res/v1/web/search`);
      url.searchParams.set('q', r.query);
      url.searchParams.set('count', String(Math.min(20, r.maxResults)));
      const body = (await searchCall(
        url.href,
        {
          method: 'GET',
          headers: target.apiKey ? { 'x-subscription-token': target.apiKey } : {},
        },
        r,
        'Brave Search',
        (status, parsed) => {
          const error = (parsed as { error?: { detail?: unknown; code?: unknown } } | null)?.error;
          if (typeof error?.detail === 'string')
            return typeof error.code === 'string'
              ? `${error.detail} (${error.code})`
              : error.detail;
          return status === 429 ? 'too many requests' : 'the search failed';
        },
      )) as {
        web?: { results?: Array<{ url?: unknown; title?: unknown; description?: unknown }> };
      };
      return (body.web?.results ?? [])
        .filter(
          (i): i is { url: string; title?: unknown; description?: unknown } =>
            typeof i.url === 'string' && /^https?:\/\//.test(i.url),
        )
        .slice(0, r.maxResults)
        .map((i) => ({
          url: i.url,
          title: typeof i.title === 'string' && i.title ? i.title : i.url,
          // Brave marks the query's words with <strong> in descriptions.
          snippet: typeof i.description === 'string' ? i.description.replace(/<[^>]+>/g, '') : '',
        }));
    },
  };
}
