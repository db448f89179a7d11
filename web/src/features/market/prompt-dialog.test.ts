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

describe('the author and model lines', () => {
  it('carry their own punctuation in each language (a full-width colon in Chinese)', async () => {
    const { i18n, loadLazyNamespaces } = await import('../../i18n');
    await loadLazyNamespaces();
    // Each language asked for by name: the shared i18n instance keeps its language for the
    // next test file of the worker.
    const lines = async (lng: string) => [
      i18n.t('market:dialog.author', { name: 'ann', lng }),
      i18n.t('market:dialog.model', { name: 'Offline demo', lng }),
    ];
    expect(await lines('en-US')).toEqual(['Author: ann', 'Model: Offline demo']);
    expect(await lines('zh-CN')).toEqual(['作者：ann', '模型：Offline demo']);
    expect(await lines('zh-TW')).toEqual(['作者：ann', '模型：Offline demo']);
  });
});
