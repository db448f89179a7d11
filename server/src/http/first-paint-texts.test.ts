import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_LANGUAGES, FIRST_PAINT_TEXTS } from './first-paint-texts.js';

const locales = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/src/i18n/locales',
);

/** A text of the web app by its i18n key (`menu:chat`, `midjourney:composer.title`). */
async function webText(language: string, key: string): Promise<unknown> {
  const [namespace = '', rest = ''] = key.split(':');
  const file = pathToFileURL(path.join(locales, language, `${namespace}.ts`)).href;
  const texts = ((await import(file)) as { default: Record<string, unknown> }).default;
  return rest
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
}

describe('the first paint’s texts', () => {
  it('are still the web app’s (copy them again from web/src/i18n/locales when this fails)', async () => {
    for (const language of FIRST_PAINT_LANGUAGES)
      for (const [key, text] of Object.entries(FIRST_PAINT_TEXTS[language]))
        expect(await webText(language, key), `${language} ${key}`).toBe(text);
  });
});
