import { newApiV1 } from '../newapi.js';
import { demoVoice } from './demo.js';
import { openaiVoice } from './openai.js';
import type { VoiceAdapter } from './types.js';

export * from './types.js';
export { DEMO_TRANSCRIPT, espeakPath } from './demo.js';

/** A protocol's voice adapter and the base its `/audio/…` paths are added to. */
interface VoiceProtocol {
  adapter: VoiceAdapter;
  base: (baseUrl: string) => string;
}

/**
 * Voice adapters by provider protocol (docs/chat.md, "Voice"): OpenAI-compatible bases (with
 * `/v1`), New API's root (`/v1` added) and the offline demo. Connection tests are the chat ones.
 */
export const voiceProtocols = {
  openai: { adapter: openaiVoice, base: (b) => b },
  newapi: { adapter: openaiVoice, base: newApiV1 },
  demo: { adapter: demoVoice, base: (b) => b },
} satisfies Record<string, VoiceProtocol>;

/** The protocol's voice adapter, or null when it has no voice. */
export const voiceProtocolOf = (protocol: string): VoiceProtocol | null =>
  Object.hasOwn(voiceProtocols, protocol)
    ? voiceProtocols[protocol as keyof typeof voiceProtocols]
    : null;
