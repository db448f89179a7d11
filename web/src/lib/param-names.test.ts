import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLazyNamespaces } from '../i18n';
import { paramName, paramValue } from './param-names';

beforeAll(() => loadLazyNamespaces());

describe('parameter names people read', () => {
  it('never shows an internal name: model ids, the demo flag and the bot type are left out', () => {
    const en = i18next.getFixedT('en-US');
    for (const internal of ['botType', 'modelId', 'demo', 'recipe', 'maskBase64'])
      expect(paramName(internal, en)).toBeNull();
    expect(paramName('cfgScale', en)).toBe('Prompt strength (CFG)');
    expect(paramName('images', en)).toBe('Reference pictures');
    expect(paramName('cfgScale', i18next.getFixedT('zh-CN'))).toBe('提示词强度（CFG）');
  });

  it('shows picture lists as their count and flags as yes or no, in the language shown', () => {
    const cn = i18next.getFixedT('zh-CN');
    expect(paramValue(['/api/files/a.png', '/api/files/b.png'], cn)).toBe('2');
    expect(paramValue(true, cn)).toBe('是');
    expect(paramValue(['anime', 'soft'], cn)).toBe('anime, soft');
    expect(paramValue(7, cn)).toBe('7');
  });

  it("names enumerated values: a song's mode and a toolbox operation, not their codes", () => {
    const en = i18next.getFixedT('en-US');
    const cn = i18next.getFixedT('zh-CN');
    expect(paramValue('inspiration', en, 'mode')).toBe('Inspiration');
    expect(paramValue('inspiration', cn, 'mode')).toBe('灵感模式');
    expect(paramValue('text-to-image', cn, 'mode')).toBe('文生图');
    expect(paramValue('rembg', en, 'op')).toBe('Remove background');
    // A value typed by the person is theirs, even when it reads like a code.
    expect(paramValue('custom', en, 'tags')).toBe('custom');
  });
});
