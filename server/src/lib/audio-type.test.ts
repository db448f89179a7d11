import { describe, expect, it } from 'vitest';
import { audioTypeOf } from './audio-type.js';
import { encodeWav } from './wav.js';

const pad = (head: number[] | string, n = 32) =>
  Buffer.concat([
    typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head),
    Buffer.alloc(n),
  ]);

describe('audioTypeOf', () => {
  it('names each audio type by its first bytes', () => {
    expect(audioTypeOf(encodeWav({ sampleRate: 8000, channels: [new Float32Array(10)] }))).toBe(
      'audio/wav',
    );
    expect(audioTypeOf(pad('fLaC\0\0\0\x22'))).toBe('audio/flac');
    expect(audioTypeOf(pad('OggS\0\x02'))).toBe('audio/ogg');
    expect(audioTypeOf(pad('\0\0\0\x20ftypM4A \0\0\0\0'))).toBe('audio/mp4');
    // MPEG-1 layer III, 128 kbit/s, 44.1 kHz
    expect(audioTypeOf(pad([0xff, 0xfb, 0x90, 0x64]))).toBe('audio/mpeg');
    // An ID3v2 tag of 4 bytes, then a frame
    expect(
      audioTypeOf(pad([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 4, 1, 2, 3, 4, 0xff, 0xfb, 0x90, 0x64])),
    ).toBe('audio/mpeg');
  });

  it('refuses what only pretends', () => {
    expect(audioTypeOf(pad('<html>'))).toBeNull();
    expect(audioTypeOf(pad('RIFF\0\0\0\0AVI '))).toBeNull();
    expect(audioTypeOf(pad('\0\0\0\x20ftypqt  '))).toBeNull();
    expect(audioTypeOf(pad([0xff, 0xfb, 0xf0, 0x64]))).toBeNull(); // bad bitrate index
    expect(audioTypeOf(Buffer.from('RIFF'))).toBeNull();
  });
});
