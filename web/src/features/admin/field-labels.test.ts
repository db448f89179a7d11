import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/locales/en-US/admin';
import zhCN from '../../i18n/locales/zh-CN/admin';
import zhTW from '../../i18n/locales/zh-TW/admin';
import { valueLabels, valueLabel } from './field-labels';

describe('console value labels', () => {
  const t = (k: string) => `«${k}»`;

  it('names a price category, a model kind and a price unit by a label key', () => {
    expect(valueLabel('category', 'chat', t)).toBe('«admin:dashboard.kind.chat»');
    expect(valueLabel('kind', 'separation', t)).toBe('«admin:dashboard.kind.separation»');
    expect(valueLabel('unit', '1k_tokens', t)).toBe('«admin:unit.perThousandTokens»');
  });

  it('shows a value it does not know, and the values of other fields, as they are', () => {
    expect(valueLabel('category', 'hologram', t)).toBe('hologram');
    expect(valueLabel('label', 'chat', t)).toBe('chat');
    expect(valueLabel('credits', 4, t)).toBe('4');
    expect(valueLabel('unit', null, t)).toBe('');
  });

  it('every key it names has a text in each language', () => {
    const keys = Object.values(valueLabels).flatMap((m) => Object.values(m));
    for (const texts of [enUS, zhCN, zhTW])
      for (const key of keys) {
        const text = key
          .replace(/^admin:/, '')
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
        expect(typeof text, key).toBe('string');
      }
  });
});
