import { describe, expect, it } from 'vitest';
import { emptySd3, sd3BodyOf, sd3FormOf } from './sd3-form-state';

describe('sd3 form', () => {
  it('a stored task refills every field with its seed locked, and sends them back', () => {
    const f = sd3FormOf({
      kind: 'sd3',
      prompt: 'a castle',
      params: {
        modelId: 5,
        seed: 42,
        aspectRatio: '16:9',
        negativePrompt: 'fog',
        cfgScale: 6,
        stylePreset: 'anime',
        mode: 'image-to-image',
        image: '/api/files/x.png',
        strength: 0.3,
      },
    });
    expect(f).toMatchObject({
      modelId: 5,
      seed: 42,
      seedLocked: true,
      aspectRatio: '16:9',
      mode: 'image-to-image',
    });
    expect(sd3BodyOf(f, 5)).toEqual({
      modelId: 5,
      prompt: 'a castle',
      mode: 'image-to-image',
      aspectRatio: '16:9',
      outputFormat: 'png',
      seed: 42,
      negativePrompt: 'fog',
      cfgScale: 6,
      stylePreset: 'anime',
      image: '/api/files/x.png',
      strength: 0.3,
    });
  });

  it('an unlocked seed is not sent; image-to-image without a picture is text-to-image', () => {
    const body = sd3BodyOf({ ...emptySd3(), prompt: ' x ', seed: 9, mode: 'image-to-image' }, 1);
    expect(body).toEqual({
      modelId: 1,
      prompt: 'x',
      mode: 'text-to-image',
      aspectRatio: '1:1',
      outputFormat: 'png',
    });
  });
});
