import type { LookupFunction } from 'node:net';
import type { ProviderCheck } from '../check-http.js';
import { checkNewApi, newApiV1 } from '../newapi.js';
import { demoAdapter } from './demo.js';
import { checkConnection as openaiCheck, openaiAdapter } from './openai.js';
import type { ChatAdapter } from './types.js';

export * from './types.js';
export { countMessageTokens, countTokens } from './tokens.js';
export { batchesOf } from './sse.js';
export { OUTLINE_MARKER } from './demo.js';

interface ChatTarget {
  baseUrl: string;
  apiKey: string | null;
  /** Set for users' own endpoints: connections go only to addresses this lookup checked. */
  lookup?: LookupFunction;
  /** The offline demo's pause between pieces (config `chat.demoStepMs`). */
  demoStepMs?: number;
}

interface ChatProtocol {
  adapter: (target: ChatTarget) => ChatAdapter;
  checkConnection: ProviderCheck;
}

/** Demo adapters by their pause between pieces: one per configured pace. */
const demos = new Map<number, ChatAdapter>();
function demoFor(target: ChatTarget): ChatAdapter {
  const delayMs = target.demoStepMs ?? 15;
  let adapter = demos.get(delayMs);
  if (!adapter) demos.set(delayMs, (adapter = demoAdapter({ delayMs })));
  return adapter;
}
/** SDK clients are kept per base URL and key (bounded), so connections and setup are reused. */
const openaiClients = new Map<string, ChatAdapter>();
const MAX_CLIENTS = 500;

function openaiFor(target: ChatTarget): ChatAdapter {
  const key = `${target.baseUrl}\n${target.apiKey ?? ''}\n${target.lookup ? 'guarded' : ''}`;
  let adapter = openaiClients.get(key);
  if (!adapter) {
    if (openaiClients.size >= MAX_CLIENTS) openaiClients.clear();
    adapter = openaiAdapter({
      baseUrl: target.baseUrl,
      apiKey: target.apiKey,
      ...(target.lookup ? { lookup: target.lookup } : {}),
    });
    openaiClients.set(key, adapter);
  }
  return adapter;
}

/** Chat adapters by provider protocol: the protocols that answer a chat (docs/providers.md). */
export const chatProtocols = {
  openai: { adapter: openaiFor, checkConnection: openaiCheck },
  // New API's root: its chat route is `<root>/v1/chat/completions` (providers/newapi.ts).
  newapi: {
    adapter: (target) => openaiFor({ ...target, baseUrl: newApiV1(target.baseUrl) }),
    checkConnection: checkNewApi,
  },
  demo: { adapter: demoFor, checkConnection: async () => 'offline demo: always available' },
} satisfies Record<string, ChatProtocol>;

export type ChatProtocolName = keyof typeof chatProtocols;

/** The protocol if it answers chats (null: a midjourney, music, video… provider). */
export const chatProtocolOf = (protocol: string): ChatProtocolName | null =>
  Object.hasOwn(chatProtocols, protocol) ? (protocol as ChatProtocolName) : null;

/** The adapter of a provider's protocol. */
export function chatAdapterFor(provider: ChatTarget & { protocol: string }): ChatAdapter {
  // Providers without chat (midjourney, suno…) are treated as OpenAI-compatible and fail there.
  return chatProtocols[chatProtocolOf(provider.protocol) ?? 'openai'].adapter(provider);
}
