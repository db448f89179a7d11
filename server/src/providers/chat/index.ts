import { demoAdapter } from './demo.js';
import { openaiAdapter } from './openai.js';
import type { ChatAdapter } from './types.js';

export * from './types.js';
export { countMessageTokens, countTokens } from './tokens.js';
export { OUTLINE_MARKER } from './demo.js';

/** The adapter of a provider's protocol. */
export function chatAdapterFor(provider: {
  protocol: 'openai' | 'demo';
  baseUrl: string;
  apiKey: string | null;
}): ChatAdapter {
  return provider.protocol === 'demo'
    ? demoAdapter()
    : openaiAdapter({ baseUrl: provider.baseUrl, apiKey: provider.apiKey });
}
