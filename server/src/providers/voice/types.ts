import type { Localized } from '../../http/messages.js';

/**
 * Voice upstreams: speech-to-text (a recording in, its text out) and text-to-speech (text in,
 * audio streamed out). Adapters throw `UpstreamError` with a readable message; nothing is
 * charged for a call that threw.
 */
export interface VoiceTarget {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
}

export interface TranscribeRequest {
  model: string;
  audio: Buffer;
  /** The recording's type (`audio/webm`…) and a file name with its extension. */
  mime: string;
  fileName: string;
  /** ISO-639-1 hint, e.g. `en`. */
  language?: string;
  /** The user's interface language (the demo writes its fixed transcript in it). */
  lang: keyof Localized;
  signal?: AbortSignal;
}

export interface SpeakRequest {
  model: string;
  input: string;
  voice: string;
  lang: keyof Localized;
  signal?: AbortSignal;
}

/** Audio as it comes: its type and its bytes, piece by piece. */
export interface SpokenAudio {
  mime: 'audio/mpeg' | 'audio/wav';
  body: AsyncIterable<Uint8Array>;
}

export interface VoiceAdapter {
  /** Whether this adapter can do the work on this machine (the demo's speech needs espeak-ng). */
  canSpeak(): boolean;
  transcribe(target: VoiceTarget, request: TranscribeRequest): Promise<{ text: string }>;
  speak(target: VoiceTarget, request: SpeakRequest): Promise<SpokenAudio>;
}
