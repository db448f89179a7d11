import { describe, expect, it } from 'vitest';
import { fileFormat } from './file-format';

describe('a file format as people name it', () => {
  it('names a song’s files MP3 and WAV and its cover PNG', () => {
    expect(fileFormat('audio/mpeg')).toBe('MP3');
    expect(fileFormat('audio/wav')).toBe('WAV');
    expect(fileFormat('audio/x-wav')).toBe('WAV');
    expect(fileFormat('image/png')).toBe('PNG');
    expect(fileFormat('video/mp4; codecs=avc1')).toBe('MP4');
  });
});
