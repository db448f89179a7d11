import { describe, expect, it } from 'vitest';
import { MediaToolError, mediaTools, probeMedia, runTool } from './ffmpeg.js';
import { encodeWav } from './wav.js';

const tools = mediaTools();

describe.skipIf(!tools)('ffmpeg', () => {
  it('encodes a WAV to MP3 through pipes and probes its duration and codec', async () => {
    const second = Float32Array.from({ length: 22050 }, (_, i) => Math.sin(i / 5));
    const wav = encodeWav({ sampleRate: 22050, channels: [second] });
    const mp3 = await runTool(
      tools!.ffmpeg,
      ['-v', 'error', '-f', 'wav', '-i', 'pipe:0', '-f', 'mp3', 'pipe:1'],
      {
        stdin: wav,
      },
    );
    const info = await probeMedia(tools!, mp3);
    expect(info.streams[0]).toMatchObject({ type: 'audio', codec: 'mp3' });
    expect(info.durationSeconds).toBeGreaterThan(0.9);
    expect(info.durationSeconds).toBeLessThan(1.2);
  });

  it('rejects bytes that are not media with the tool’s words', async () => {
    await expect(probeMedia(tools!, Buffer.from('not media'))).rejects.toBeInstanceOf(
      MediaToolError,
    );
  });
});
