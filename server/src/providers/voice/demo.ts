import fs from 'node:fs';
import path from 'node:path';
import { runTool } from '../../lib/ffmpeg.js';
import { UpstreamError } from '../errors.js';
import type { Localized } from '../../http/messages.js';
import type { VoiceAdapter } from './types.js';

/*
 * The offline demo's voice. Speech: espeak-ng (`espeak-ng --stdout` writes a WAV) when it is
 * installed (`ESPEAK_NG_PATH`, else on PATH); without it the demo offers no speech. Transcription:
 * no model hears the recording, so it answers a fixed transcript that says it is the demo's.
 */

let found: string | null | undefined;

/** espeak-ng's path, or null when it is not installed (looked up once per process). */
export function espeakPath(): string | null {
  if (found !== undefined) return found;
  const candidates = [
    process.env.ESPEAK_NG_PATH,
    ...(process.env.PATH ?? '').split(path.delimiter).map((d) => d && path.join(d, 'espeak-ng')),
  ];
  found = null;
  for (const file of candidates) {
    if (!file) continue;
    try {
      fs.accessSync(file, fs.constants.X_OK);
      found = file;
      break;
    } catch {
      // not here
    }
  }
  return found;
}

/** The fixed transcript of the demo, in the user's language. */
export const DEMO_TRANSCRIPT: Localized = {
  'en-US':
    '(Offline demo transcript) Hello! No speech-to-text model is connected, so this fixed text stands for what you said.',
  'zh-CN': '（离线演示转写）你好！本站尚未接入语音识别模型，这段固定文字代替了你说的话。',
  'zh-TW': '（離線示範轉寫）你好！本站尚未接入語音辨識模型，這段固定文字代替了你說的話。',
};

/** espeak-ng's voice for a text: Mandarin when it has Chinese characters, else the one named. */
const voiceFor = (text: string, voice: string) =>
  /\p{Script=Han}/u.test(text) ? 'cmn' : /^[a-z]{2,3}(-[a-z0-9]+)?$/i.test(voice) ? voice : 'en-us';

export const demoVoice: VoiceAdapter = {
  canSpeak: () => espeakPath() !== null,

  async transcribe(_target, request) {
    return { text: DEMO_TRANSCRIPT[request.lang] };
  },

  async speak(_target, request) {
    const espeak = espeakPath();
    if (!espeak) throw UpstreamError.transient('espeak-ng is not installed', 'refused');
    let wav: Buffer;
    try {
      // The text goes on standard input (never as an argument a dash could turn into an option).
      wav = await runTool(espeak, ['--stdout', '-v', voiceFor(request.input, request.voice)], {
        stdin: Buffer.from(request.input, 'utf8'),
        timeoutMs: 30_000,
        ...(request.signal ? { signal: request.signal } : {}),
      });
    } catch (error) {
      throw UpstreamError.transient(`espeak-ng failed: ${(error as Error).message}`, 'answer');
    }
    // In pieces, like an upstream's stream.
    async function* pieces() {
      for (let at = 0; at < wav.length; at += 32 * 1024) yield wav.subarray(at, at + 32 * 1024);
    }
    return { mime: 'audio/wav', body: pieces() };
  },
};
