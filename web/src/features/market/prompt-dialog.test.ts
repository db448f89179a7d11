import { describe, expect, it } from 'vitest';
import { paramRows } from './prompt-dialog';

describe('paramRows', () => {
  it('lists the form flags first, then every other plain value, without internals', () => {
    expect(
      paramRows({
        modelId: 3,
        mode: 'fast',
        finalPrompt: 'x --ar 16:9',
        recipe: { seed: 1 },
        flags: { aspect: '16:9', seed: 4242, tile: true, no: '' },
        images: ['/a.png', '/b.png'],
      }),
    ).toEqual([
      ['aspect', '16:9'],
      ['seed', '4242'],
      ['tile', 'true'],
      ['mode', 'fast'],
      ['images', '/a.png, /b.png'],
    ]);
  });
});
