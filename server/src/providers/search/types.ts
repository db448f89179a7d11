/**
 * One small interface for every web-search upstream (docs/chat.md, Web search): a query in,
 * ranked results (title, link, snippet) out. Adapters throw `UpstreamError` with a readable
 * message naming the service's own refusal (a bad key, a used-up plan, JSON not enabled).
 */
export interface SearchResult {
  title: string;
  url: string;
  /** The service's own short extract of the page ('' for none). */
  snippet: string;
}

export interface SearchRequest {
  query: string;
  maxResults: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface SearchAdapter {
  search(request: SearchRequest): Promise<SearchResult[]>;
}

export interface SearchTarget {
  baseUrl: string;
  apiKey: string | null;
}
