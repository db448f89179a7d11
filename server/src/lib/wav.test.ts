import { describe, expect, it } from 'vitest';
import { decodeWav, durationOf, encodeWav, WavError } from './wav.js';

describe('wav', () => {
  it('round-trips stereo 16-bit PCM within one quantisation step', () => {
    const n = 4410;
    const left = Float32Array.from({ length: n }, (_, i) =>
      Math.sin((2 * Math.PI * 440 * i) / 44100),
    );
    const right = Float32Array.from({ length: n }, (_, i) => 0.5 * Math.cos(i / 10));
    const bytes = encodeWav({ sampleRate: 44100, channels: [left, right] });
    expect(bytes.length).toBe(44 + n * 4);
    const back = decodeWav(bytes);
    expect(back.sampleRate).toBe(44100);
    expect(back.channels).toHaveLength(2);
    expect(durationOf(back)).toBeCloseTo(0.1, 5);
    for (let i = 0; i < n; i += 97) {
      expect(Math.abs(back.channels[0]![i]! - left[i]!)).toBeLessThan(1 / 16000);
      expect(Math.abs(back.channels[1]![i]! - right[i]!)).toBeLessThan(1 / 16000);
    }
  });

  it('refuses bytes that are not WAV', () => {
    expect(() => decodeWav(Buffer.from('ID3 not a wav at all'))).toThrow(WavError);
    const truncated = encodeWav({ sampleRate: 8000, channels: [new Float32Array(10)] }).subarray(
      0,
      30,
    );
    expect(() => decodeWav(truncated)).toThrow(WavError);
  });
});
