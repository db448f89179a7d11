import { z } from 'zod';
import { endpoint } from './endpoint.js';

/*
 * Voice in the chat (docs/chat.md, "Voice"): a recorded question is transcribed by the site's
 * speech-to-text model (kind `transcription`), an answer is read aloud by its text-to-speech
 * model (kind `speech`). Both are OpenAI-compatible (`/v1/audio/transcriptions`,
 * `/v1/audio/speech`) or the offline demo.
 */

/** The recordings a transcription takes (the browser's MediaRecorder makes WebM or MP4/Ogg). */
export const voiceAudioTypes = [
  'audio/webm',
  'audio/ogg',
  'audio/mp4',
  'audio/wav',
  'audio/mpeg',
] as const;
export const voiceAudioType = z.enum(voiceAudioTypes);
export type VoiceAudioType = z.infer<typeof voiceAudioType>;

/** The largest recording taken, in bytes (OpenAI's own limit is 25 MB). */
export const VOICE_MAX_BYTES = 10 * 1024 * 1024;
/** The longest recording taken, in seconds. */
export const VOICE_MAX_SECONDS = 120;
/** The most text read aloud in one call (OpenAI's `input` limit). */
export const SPEECH_MAX_CHARS = 4096;

/** One side of voice (speech-to-text or text-to-speech) as the composer may offer it. */
export const voiceSide = z.object({
  /** A model of the kind is enabled and the caller may use it. */
  available: z.boolean(),
  /** The model is the offline demo (its transcript is a fixed one, its voice espeak-ng's). */
  demo: z.boolean(),
  /** What one call costs the caller now, in credits (for speech: the price of `perChars`). */
  credits: z.number().int(),
  /** The price counts: `call` (each call), `second` (each started second), `1k_chars`. */
  per: z.enum(['call', 'second', '1k_chars']),
});
export type VoiceSide = z.infer<typeof voiceSide>;

export const voiceInfo = endpoint({
  method: 'GET',
  path: '/chat/voice-info',
  access: 'identity',
  summary: 'What the composer may offer: speech-to-text and text-to-speech, with their prices',
  tags: ['chat'],
  data: z.object({
    transcribe: voiceSide,
    speak: voiceSide,
    maxSeconds: z.number().int(),
    maxBytes: z.number().int(),
  }),
});

/** The form fields of a transcription besides the `file` (multipart, sent before it). */
export const transcribeFields = z.object({
  /** The recording's length as the browser measured it (the server checks it when it can). */
  seconds: z.coerce.number().min(0).max(VOICE_MAX_SECONDS),
  /** The user's language, a hint for the model (ISO-639-1, e.g. `en`, `zh`). */
  language: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional(),
});

export const transcription = z.object({
  text: z.string(),
  /** A fixed transcript of the offline demo, not what was said. */
  demo: z.boolean(),
  seconds: z.number(),
  /** Credits charged for it. */
  credits: z.number().int(),
});
export type Transcription = z.infer<typeof transcription>;

/** Multipart: fields `seconds`, optional `language`, then one file `file`. */
export const transcribe = endpoint({
  method: 'POST',
  path: '/chat/voice/transcribe',
  access: 'identity',
  summary:
    "Transcribe a recording (WebM, Ogg, MP4, WAV or MP3; at most 10 MB and 120 s) with the site's speech-to-text model",
  tags: ['chat'],
  data: transcription,
});

export const speakBody = z.object({
  /** An answer of the caller's chats to read aloud. */
  messageId: z.number().int().positive(),
});

/**
 * Answers the audio itself (not an envelope): `audio/mpeg` from an OpenAI-compatible model,
 * streamed as it comes; `audio/wav` from the offline demo. Refusals are envelopes.
 */
export const speak = endpoint({
  method: 'POST',
  path: '/chat/voice/speak',
  access: 'identity',
  summary: "Read an answer aloud with the site's text-to-speech model (streamed audio)",
  tags: ['chat'],
  body: speakBody,
  data: z.null(),
});
