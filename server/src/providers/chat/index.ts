import type { LookupFunction } from 'node:net';
import { demoAdapter } from './demo.js';
import { openaiAdapter } from './openai.js';
import type { ChatAdapter } from './types.js';

export * from './types.js';
export { countMessageTokens, countTokens } from './tokens.js';
export { OUTLINE_MARKER } from './demo.js';

const demo = demoAdapter();
/** SDK clients are kept per base URL and key (bounded), so connections and setup are reused. */
const openaiClients = new Map<string, ChatAdapter>();
const MAX_CLIENTS = 500;

/** The adapter of a provider's protocol. */
export function chatAdapterFor(provider: {
  /** Providers without chat (midjourney, suno…) are treated as OpenAI-compatible and fail there. */
  protocol: string;
  baseUrl: string;
  apiKey: string | null;
  /** Set for users' own endpoints: connections go only to addresses this lookup checked. */
  lookup?: LookupFunction;
}): ChatAdapter {
  if (provider.protocol === 'demo') return demo;
  const key = `${provider.baseUrl}\n${provider.apiKey ?? ''}\n${provider.lookup ? 'guarded' : ''}`;
  let adapter = openaiClients.get(key);
  if (!adapter) {
    if (openaiClients.size >= MAX_CLIENTS) openaiClients.clear();
    adapter = openaiAdapter({
      baseUrl: provider.baseUrl,
      apiKey: provider.apiKey,
      ...(provider.lookup ? { lookup: provider.lookup } : {}),
    });
    openaiClients.set(key, adapter);
  }
  return adapter;
}
