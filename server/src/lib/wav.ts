/**
 * PCM WAV, written and read by us: the music demo, audio checks and the separation demo need
 * real audio without ffmpeg. Writes 16-bit PCM; reads 8/16/24/32-bit PCM and 32-bit float.
 */
export interface PcmAudio {
  sampleRate: number;
  /** One array per channel, samples in [-1, 1]. */
  channels: Float32Array[];
}

export class WavError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WavError';
  }
}

/** 16-bit PCM WAV bytes of the audio (samples clipped to [-1, 1]). */
export function encodeWav(audio: PcmAudio): Buffer {
  const channels = audio.channels.length;
  if (channels === 0) throw new WavError('no channels');
  const frames = audio.channels[0]!.length;
  const dataBytes = frames * channels * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(channels, 22);
  out.writeUInt32LE(audio.sampleRate, 24);
  out.writeUInt32LE(audio.sampleRate * channels * 2, 28);
  out.writeUInt16LE(channels * 2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  let at = 44;
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channels; c++) {
      const s = Math.max(-1, Math.min(1, audio.channels[c]![i] ?? 0));
      out.writeInt16LE(Math.round(s < 0 ? s * 0x8000 : s * 0x7fff), at);
      at += 2;
    }
  }
  return out;
}

interface Format {
  audioFormat: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
}

function readFormat(bytes: Buffer, at: number, size: number): Format {
  if (size < 16) throw new WavError('fmt chunk too short');
  let audioFormat = bytes.readUInt16LE(at);
  const format = {
    audioFormat,
    channels: bytes.readUInt16LE(at + 2),
    sampleRate: bytes.readUInt32LE(at + 4),
    bitsPerSample: bytes.readUInt16LE(at + 14),
  };
  // WAVE_FORMAT_EXTENSIBLE: the real format is the sub-format GUID's first two bytes.
  if (audioFormat === 0xfffe && size >= 26) audioFormat = bytes.readUInt16LE(at + 24);
  return { ...format, audioFormat };
}

function sampleReader(f: Format): (b: Buffer, at: number) => number {
  if (f.audioFormat === 3 && f.bitsPerSample === 32) return (b, at) => b.readFloatLE(at);
  if (f.audioFormat !== 1) throw new WavError(`unsupported WAV format ${f.audioFormat}`);
  switch (f.bitsPerSample) {
    case 8:
      return (b, at) => (b.readUInt8(at) - 128) / 128;
    case 16:
      return (b, at) => b.readInt16LE(at) / 0x8000;
    case 24:
      return (b, at) => b.readIntLE(at, 3) / 0x800000;
    case 32:
      return (b, at) => b.readInt32LE(at) / 0x80000000;
    default:
      throw new WavError(`unsupported bits per sample ${f.bitsPerSample}`);
  }
}

/** Reads WAV bytes; throws `WavError` when they are not a WAV we can read. */
export function decodeWav(input: Uint8Array): PcmAudio {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.length < 12 || bytes.toString('ascii', 0, 4) !== 'RIFF')
    throw new WavError('not a RIFF file');
  if (bytes.toString('ascii', 8, 12) !== 'WAVE') throw new WavError('not a WAVE file');
  let format: Format | null = null;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') format = readFormat(bytes, body, Math.min(size, bytes.length - body));
    if (id === 'data') {
      if (!format) throw new WavError('data before fmt');
      if (format.channels < 1 || format.sampleRate < 1) throw new WavError('bad fmt chunk');
      const read = sampleReader(format);
      const width = format.bitsPerSample / 8;
      const end = Math.min(bytes.length, body + size);
      const frames = Math.floor((end - body) / (width * format.channels));
      const channels = Array.from({ length: format.channels }, () => new Float32Array(frames));
      let p = body;
      for (let i = 0; i < frames; i++)
        for (let c = 0; c < format.channels; c++, p += width) channels[c]![i] = read(bytes, p);
      return { sampleRate: format.sampleRate, channels };
    }
    at = body + size + (size % 2);
  }
  throw new WavError('no data chunk');
}

/** Seconds of audio. */
export const durationOf = (audio: PcmAudio): number =>
  (audio.channels[0]?.length ?? 0) / audio.sampleRate;
