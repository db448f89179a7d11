import type { SearchAdapter, SearchTarget } from './types.js';
import { searchCall } from './http.js';

/**
 * Tavily (docs.tavily.com, API reference "Tavily Search": `POST https://api.tavily.com/search`,
 * `Authorization: Bearer tvly-…`, body `{ query, max_results, search_depth, … }`; answer
 * `{ query, answer, images, results: [{ title, url, content, score, raw_content }],
 * response_time }`). Its refusals (help.tavily.com, "Errors Code"), with the body
 * `{ "detail": { "error": "…" } }`: 400 bad parameters, 401 missing or invalid key, 429 too
 * many requests, 432 plan limit exceeded, 433 pay-as-you-go limit exceeded, 500.
 */
export const TAVILY_ROOT = 'https://api.tavily.com';

export function tavilyAdapter(target: SearchTarget): SearchAdapter {
  const root = (target.baseUrl || TAVILY_ROOT).replace(/\/+$/, '');
  return {
    async search(r) {
      const body = (await searchCall(
        `${root}/search`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}),
          },
          body: JSON.stringify({
            query: r.query,
            max_results: r.maxResults,
            search_depth: 'basic',
            include_answer: false,
          }),
        },
        r,
        'Tavily',
        (status, parsed) => {
          const detail = (parsed as { detail?: { error?: unknown } | string } | null)?.detail;
          const said =
            typeof detail === 'string'
              ? detail
              : typeof detail?.error === 'string'
                ? detail.error
                : null;
          return (
            said ??
            (status === 401
              ? 'missing or invalid API key'
              : status === 432
                ? 'the plan limit is exceeded'
                : status === 433
                  ? 'the pay-as-you-go limit is exceeded'
                  : 'the search failed')
          );
        },
      )) as { results?: Array<{ url?: unknown; title?: unknown; content?: unknown }> };
      return (body.results ?? [])
        .filter(
          (i): i is { url: string; title?: unknown; content?: unknown } =>
            typeof i.url === 'string' && /^https?:\/\//.test(i.url),
        )
        .slice(0, r.maxResults)
        .map((i) => ({
          url: i.url,
          title: typeof i.title === 'string' && i.title ? i.title : i.url,
          snippet: typeof i.content === 'string' ? i.content : '',
        }));
    },
  };
}
