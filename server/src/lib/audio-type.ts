/**
 * An audio file's type as its first bytes say (the name and the declared type are the sender's
 * word): WAV, MP3, FLAC, Ogg or M4A (MP4 audio). Null for anything else.
 */
export type AudioMime = 'audio/wav' | 'audio/mpeg' | 'audio/flac' | 'audio/ogg' | 'audio/mp4';

export const audioExtensions: Record<AudioMime, string> = {
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/flac': 'flac',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
};

/** MP4 brands of audio files (iTunes M4A, generic MP4 that audio often carries). */
const mp4Brands = new Set(['M4A ', 'M4B ', 'M4P ', 'mp42', 'mp41', 'isom', 'iso2', 'dash', 'F4A ']);

/** An MPEG audio frame header: 11 sync bits, a layer, a bitrate index that is not "bad". */
function mpegFrameAt(b: Uint8Array, at: number): boolean {
  if (at + 4 > b.length) return false;
  const [b0, b1, b2] = [b[at]!, b[at + 1]!, b[at + 2]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  const bitrate = b2 >> 4;
  const rate = (b2 >> 2) & 3;
  return version !== 1 && layer !== 0 && bitrate !== 15 && rate !== 3;
}

const ascii = (b: Uint8Array, from: number, to: number) =>
  Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1', from, to);

export function audioTypeOf(bytes: Uint8Array): AudioMime | null {
  if (bytes.length < 12) return null;
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(bytes, 0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(bytes, 0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(bytes, 4, 8) === 'ftyp' && mp4Brands.has(ascii(bytes, 8, 12))) return 'audio/mp4';
  if (ascii(bytes, 0, 3) === 'ID3') {
    // An ID3v2 tag (its size is four 7-bit bytes), then an MPEG frame or a FLAC stream.
    const size =
      ((bytes[6]! & 0x7f) << 21) |
      ((bytes[7]! & 0x7f) << 14) |
      ((bytes[8]! & 0x7f) << 7) |
      (bytes[9]! & 0x7f);
    const after = 10 + size + (bytes[5]! & 0x10 ? 10 : 0);
    if (ascii(bytes, after, after + 4) === 'fLaC') return 'audio/flac';
    return after >= bytes.length || mpegFrameAt(bytes, after) ? 'audio/mpeg' : null;
  }
  // A bare MPEG stream: two frame headers in a row would be stricter, one is what players take.
  return mpegFrameAt(bytes, 0) ? 'audio/mpeg' : null;
}
