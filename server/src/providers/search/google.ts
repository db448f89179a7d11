import type { SearchAdapter, SearchTarget } from './types.js';
import { searchCall } from './http.js';

/**
 * Google Programmable Search, the Custom Search JSON API (developers.google.com/custom-search/
 * v1/reference/rest/v1/cse/list and ".../v1/using_rest"): `GET https://www.googleapis.com/
 * customsearch/v1?key=API_KEY&cx=ENGINE_ID&q=…&num=N` (`num` 1–10); the answer `{ kind:
 * "customsearch#search", queries, searchInformation, items: [{ kind: "customsearch#result",
 * title, htmlTitle, link, displayLink, snippet, htmlSnippet, formattedUrl }] }` (no `items`
 * when nothing matched). Refusals are Google's API errors, `{ error: { code, message, errors:
 * [{ message, domain, reason }], status, details } }`: 400 `API key not valid` (reason
 * `API_KEY_INVALID`) for a bad key, 403 `PERMISSION_DENIED` when the key may not call the API,
 * 429 `RESOURCE_EXHAUSTED` when the daily queries are spent. The user reads `error.message`.
 *
 * The API needs two values: the key and the search engine's id (`cx`). They are kept together
 * as the provider's key, `<API key>:<engine id>` (split at the first colon: keys have none).
 */
export const GOOGLE_ROOT = 'https://www.googleapis.com';

/** The key and the engine id of a stored `<key>:<cx>`; null when either is missing. */
export function googleKeyOf(stored: string | null): { key: string; cx: string } | null {
  const at = stored?.indexOf(':') ?? -1;
  if (!stored || at <= 0 || at === stored.length - 1) return null;
  return { key: stored.slice(0, at), cx: stored.slice(at + 1) };
}

export function googleAdapter(target: SearchTarget): SearchAdapter {
  const root = (target.baseUrl || GOOGLE_ROOT).replace(/\/+$/, '');
  const pair = googleKeyOf(target.apiKey);
  return {
    async search(r) {
      const url = new URL(`${root}/customsearch/v1`);
      if (pair) {
        url.searchParams.set('key', pair.key);
        url.searchParams.set('cx', pair.cx);
      }
      url.searchParams.set('q', r.query);
      url.searchParams.set('num', String(Math.min(10, r.maxResults)));
      const body = (await searchCall(
        url.href,
        { method: 'GET' },
        r,
        'Google Programmable Search',
        (status, parsed) => {
          const error = (parsed as { error?: { message?: unknown; status?: unknown } } | null)
            ?.error;
          if (typeof error?.message === 'string')
            return typeof error.status === 'string'
              ? `${error.message} (${error.status})`
              : error.message;
          return status === 429 ? 'the daily queries are spent' : 'the search failed';
        },
      )) as { items?: Array<{ link?: unknown; title?: unknown; snippet?: unknown }> };
      return (body.items ?? [])
        .filter(
          (i): i is { link: string; title?: unknown; snippet?: unknown } =>
            typeof i.link === 'string' && /^https?:\/\//.test(i.link),
        )
        .slice(0, r.maxResults)
        .map((i) => ({
          url: i.link,
          title: typeof i.title === 'string' && i.title ? i.title : i.link,
          snippet: typeof i.snippet === 'string' ? i.snippet.replace(/\s+/g, ' ').trim() : '',
        }));
    },
  };
}
