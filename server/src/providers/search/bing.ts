import type { SearchAdapter, SearchTarget } from './types.js';
import { searchCall } from './http.js';

/**
 * Bing Web Search API v7 (learn.microsoft.com, "Bing Web Search API v7 reference"):
 * `GET https://api.bing.microsoft.com/v7.0/search?q=…&count=N&responseFilter=Webpages` with the
 * key in `Ocp-Apim-Subscription-Key`; the answer `{ _type: "SearchResponse", queryContext:
 * { originalQuery }, webPages: { webSearchUrl, totalEstimatedMatches, value: [{ id, name, url,
 * displayUrl, snippet, dateLastCrawled, language }] } }` (`count` at most 50).
 *
 * Refusals come in two shapes. Bing's own, `{ _type: "ErrorResponse", errors: [{ code,
 * subCode, message, parameter }] }` (400 `InvalidRequest`, 401 `InvalidAuthorization`, 403
 * `InsufficientAuthorization`, 429 `RateLimitExceeded`, "Error codes" of the same reference);
 * and the gateway's in front of it, `{ error: { code: "401", message: "Access denied due to
 * invalid subscription key or wrong API endpoint. …" } }`, with 403 `Out of call volume quota`
 * and 429 `Rate limit is exceeded` in the same shape. The user reads the message.
 */
export const BING_ROOT = 'https://api.bing.microsoft.com';

export function bingAdapter(target: SearchTarget): SearchAdapter {
  const root = (target.baseUrl || BING_ROOT).replace(/\/+$/, '');
  return {
    async search(r) {
      const url = new URL(`${root}/v7.0/search`);
      url.searchParams.set('q', r.query);
      url.searchParams.set('count', String(Math.min(50, r.maxResults)));
      url.searchParams.set('responseFilter', 'Webpages');
      const body = (await searchCall(
        url.href,
        {
          method: 'GET',
          headers: target.apiKey ? { 'ocp-apim-subscription-key': target.apiKey } : {},
        },
        r,
        'Bing Web Search',
        (status, parsed) => {
          const p = parsed as {
            errors?: Array<{ message?: unknown; code?: unknown }>;
            error?: { message?: unknown };
          } | null;
          const own = p?.errors?.[0];
          if (typeof own?.message === 'string')
            return typeof own.code === 'string' ? `${own.message} (${own.code})` : own.message;
          if (typeof p?.error?.message === 'string') return p.error.message;
          return status === 429 ? 'too many requests' : 'the search failed';
        },
      )) as {
        webPages?: { value?: Array<{ url?: unknown; name?: unknown; snippet?: unknown }> };
      };
      return (body.webPages?.value ?? [])
        .filter(
          (i): i is { url: string; name?: unknown; snippet?: unknown } =>
            typeof i.url === 'string' && /^https?:\/\//.test(i.url),
        )
        .slice(0, r.maxResults)
        .map((i) => ({
          url: i.url,
          title: typeof i.name === 'string' && i.name ? i.name : i.url,
          snippet: typeof i.snippet === 'string' ? i.snippet : '',
        }));
    },
  };
}
