import { describe, expect, it } from 'vitest';
import type { images } from '@atelier/contracts';
import { bodyOf, formOfPrefill } from './draw-form-state';

const gpt: images.ImageModel = {
  id: 3,
  name: 'gpt',
  family: 'gpt-image',
  demo: false,
  vipOnly: false,
  sizes: ['1024x1024', '1536x1024'],
  qualities: ['low', 'high'],
  styles: [],
  maxN: 4,
  edits: true,
  guidance: false,
  aspects: [],
  seed: false,
  mask: true,
  prices: [],
};

describe('draw form', () => {
  it('refills every field from a stored task and sends only what the model offers', () => {
    const f = formOfPrefill({
      kind: 'image',
      prompt: 'a fox',
      params: {
        modelId: 3,
        size: '1536x1024',
        quality: 'high',
        style: 'vivid',
        background: 'transparent',
        images: ['/api/files/a.png'],
      },
    });
    expect(f).toMatchObject({
      modelId: 3,
      prompt: 'a fox',
      size: '1536x1024',
      images: ['/api/files/a.png'],
    });
    const body = bodyOf({ ...f, n: 9, mask: 'data:image/png;base64,AAAA' }, gpt);
    expect(body).toEqual({
      modelId: 3,
      prompt: 'a fox',
      n: 4,
      size: '1536x1024',
      quality: 'high',
      background: 'transparent',
      images: ['/api/files/a.png'],
      maskBase64: 'data:image/png;base64,AAAA',
    });
    // DALL·E 3: no edits, no background; a size it lacks is left out.
    const d3 = {
      ...gpt,
      family: 'dall-e-3' as const,
      edits: false,
      sizes: ['1024x1024'],
      styles: ['vivid'],
    };
    expect(bodyOf(f, d3)).toEqual({
      modelId: 3,
      prompt: 'a fox',
      n: 1,
      style: 'vivid',
      quality: 'high',
      images: [],
    });
  });

  it('FLUX: its aspect ratio and seed refill and are sent; references without a mask', () => {
    const flux: images.ImageModel = {
      ...gpt,
      family: 'flux',
      sizes: [],
      qualities: [],
      aspects: ['1:1', '16:9'],
      seed: true,
      mask: false,
    };
    const f = formOfPrefill({
      kind: 'image',
      prompt: 'a kite',
      params: { aspectRatio: '16:9', seed: 77, images: ['/api/files/a.png'] },
    });
    expect(f).toMatchObject({ aspectRatio: '16:9', seed: 77 });
    expect(bodyOf({ ...f, mask: 'data:image/png;base64,AAAA' }, flux)).toEqual({
      modelId: 3,
      prompt: 'a kite',
      n: 1,
      aspectRatio: '16:9',
      seed: 77,
      images: ['/api/files/a.png'],
    });
    // A model without the choices gets neither.
    expect(bodyOf(f, gpt)).not.toHaveProperty('aspectRatio');
    expect(bodyOf(f, gpt)).not.toHaveProperty('seed');
  });
});
