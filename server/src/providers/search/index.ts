import { bingAdapter } from './bing.js';
import { braveAdapter } from './brave.js';
import { googleAdapter } from './google.js';
import { searxngAdapter } from './searxng.js';
import { serperAdapter } from './serper.js';
import { tavilyAdapter } from './tavily.js';
import type { SearchAdapter, SearchTarget } from './types.js';

export * from './types.js';
export { TAVILY_ROOT } from './tavily.js';
export { BRAVE_ROOT } from './brave.js';
export { SERPER_ROOT } from './serper.js';
export { BING_ROOT } from './bing.js';
export { GOOGLE_ROOT, googleKeyOf } from './google.js';

/** Search adapters by the provider's kind (docs/chat.md, Web search). */
export const searchAdapters = {
  searxng: searxngAdapter,
  tavily: tavilyAdapter,
  brave: braveAdapter,
  serper: serperAdapter,
  bing: bingAdapter,
  google: googleAdapter,
} satisfies Record<string, (target: SearchTarget) => SearchAdapter>;

export type SearchKind = keyof typeof searchAdapters;
