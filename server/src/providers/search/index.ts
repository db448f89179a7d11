import { braveAdapter } from './brave.js';
import { searxngAdapter } from './searxng.js';
import { tavilyAdapter } from './tavily.js';
import type { SearchAdapter, SearchTarget } from './types.js';

export * from './types.js';
export { TAVILY_ROOT } from './tavily.js';
export { BRAVE_ROOT } from './brave.js';

/** Search adapters by the provider's kind (docs/chat.md, Web search). */
export const searchAdapters = {
  searxng: searxngAdapter,
  tavily: tavilyAdapter,
  brave: braveAdapter,
} satisfies Record<string, (target: SearchTarget) => SearchAdapter>;

export type SearchKind = keyof typeof searchAdapters;
