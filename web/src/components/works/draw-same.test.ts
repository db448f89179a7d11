import { describe, expect, it } from 'vitest';
import { drawSameOf } from './draw-same';

describe('draw the same', () => {
  it('takes a Midjourney task’s flags and model, and other kinds’ whole params', () => {
    const mj = drawSameOf({
      kind: 'mj',
      prompt: 'a fox',
      params: { modelId: 3, flags: { aspect: '16:9', seed: 7 }, finalPrompt: 'a fox --ar 16:9' },
    });
    expect(mj).toEqual({
      path: '/Midjourney',
      prefill: { kind: 'mj', prompt: 'a fox', modelId: 3, params: { aspect: '16:9', seed: 7 } },
    });
    const sd = drawSameOf({
      kind: 'sd',
      prompt: 'a cat',
      params: { modelId: 9, negativePrompt: 'blur', steps: 30, seed: 1 },
    });
    expect(sd.path).toBe('/sddraw');
    expect(sd.prefill).toEqual({
      kind: 'sd',
      prompt: 'a cat',
      modelId: 9,
      negativePrompt: 'blur',
      params: { negativePrompt: 'blur', steps: 30, seed: 1 },
    });
    expect(drawSameOf({ kind: 'unknown', prompt: '', params: {} }).path).toBe('/Midjourney');
  });
});
