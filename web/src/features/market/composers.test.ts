import { describe, expect, it } from 'vitest';
import { composerOf, composerPath } from './composers';

describe('composerOf', () => {
  it('sends each kind to its creation screen', () => {
    expect(composerPath('chat')).toBe('/Chat');
    expect(composerPath('mj')).toBe('/Midjourney');
    expect(composerPath('chat-draw')).toBe('/draw');
    expect(composerPath('image')).toBe('/draw');
    expect(composerPath('sd3')).toBe('/sd3');
    expect(composerPath('sd')).toBe('/sddraw');
    expect(composerPath('video')).toBe('/video');
    expect(composerPath('music')).toBe('/music');
    expect(composerOf('suno-song')).toBe('music');
  });

  it("follows the contracts' kind list, and opens Midjourney for a kind without a screen", () => {
    expect(composerPath('sd-tool')).toBe('/sddraw');
    expect(composerPath('SD3')).toBe('/sd3');
    expect(composerPath('separation')).toBe('/Midjourney');
    expect(composerPath('zip')).toBe('/Midjourney');
  });
});
