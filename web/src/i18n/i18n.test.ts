import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { i18nOptions, lazyNamespaces, namespaces as coreNamespaces, textsBackend } from './index';
import enUS from './locales/en-US';
import enUSLazy from './locales/en-US/lazy';
import zhCN from './locales/zh-CN';
import zhTW from './locales/zh-TW';
import zhCNLazy from './locales/zh-CN/lazy';
import zhTWLazy from './locales/zh-TW/lazy';

/** Bundled and lazy namespaces together: the conventions hold for both. */
const resources = {
  'zh-CN': { ...zhCN, ...zhCNLazy },
  'en-US': { ...enUS, ...enUSLazy },
  'zh-TW': { ...zhTW, ...zhTWLazy },
};
const namespaces = Object.keys(resources['zh-CN']) as (keyof (typeof resources)['zh-CN'])[];

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
};

const keysOf = (language: keyof typeof resources): Map<string, string> => {
  const all = new Map<string, string>();
  for (const ns of namespaces) {
    for (const [k, v] of flatten(resources[language][ns] as Tree)) all.set(`${ns}:${k}`, v);
  }
  return all;
};

const srcDir = join(import.meta.dirname, '..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return path.endsWith(join('i18n', 'locales')) ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

/**
 * The keys the code refers to: literal `'ns:key.path'` strings anywhere, plus literal
 * `'key.path'` strings in a file that calls `useTranslation('ns')` (or `['ns', …]`).
 */
const usedKeys = (): Set<string> => {
  const used = new Set<string>();
  const nsAlternation = namespaces.join('|');
  const qualified = new RegExp(`['"\`](${nsAlternation}):([\\w.-]+)['"\`]`, 'g');
  const literal = /['"`]([\w-]+(?:\.[\w-]+)*)['"`]/g;
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(qualified)) used.add(`${m[1]}:${m[2]}`);
    const fileNamespaces = new Set<string>();
    for (const m of text.matchAll(/useTranslation\(\s*\[?([^)\]]*)/g)) {
      for (const ns of (m[1] ?? '').matchAll(/['"]([\w-]+)['"]/g)) fileNamespaces.add(ns[1]!);
    }
    for (const ns of fileNamespaces) {
      for (const m of text.matchAll(literal)) used.add(`${ns}:${m[1]}`);
    }
  }
  return used;
};

describe('locales', () => {
  it('lists every namespace of the bundles it loads', () => {
    expect([...coreNamespaces].sort()).toEqual(Object.keys(zhCN).sort());
    expect([...lazyNamespaces].sort()).toEqual(Object.keys(zhCNLazy).sort());
  });

  it('loads only the current language, and a language switched to', async () => {
    // An instance of its own: the test setup loads every language into the app's one.
    const i18n = i18next.createInstance();
    await i18n.use(textsBackend).init({ ...i18nOptions, ns: [...coreNamespaces], lng: 'en-US' });
    expect(i18n.t('shell:logout')).toBe('Log out');
    expect(i18n.hasResourceBundle('zh-CN', 'shell')).toBe(false);
    expect(i18n.exists('pay:ways.wechat')).toBe(false);
    await i18n.loadNamespaces([...lazyNamespaces]);
    expect(i18n.t('pay:ways.wechat')).toBe('WeChat Pay');
    expect(i18n.hasResourceBundle('zh-TW', 'user')).toBe(false);
    await i18n.changeLanguage('zh-TW');
    expect(i18n.t('user:title')).toBe(resources['zh-TW'].user.title);
    expect(i18n.t('shell:logout')).toBe(resources['zh-TW'].shell.logout);
    expect(i18n.hasResourceBundle('zh-CN', 'user')).toBe(false);
  });

  const source = keysOf('zh-CN');

  it.each(['en-US', 'zh-TW'] as const)('%s has exactly the keys of zh-CN, none empty', (lang) => {
    const other = keysOf(lang);
    expect([...source.keys()].filter((k) => !other.has(k))).toEqual([]);
    expect([...other.keys()].filter((k) => !source.has(k))).toEqual([]);
    expect([...other].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it('every zh-CN key is used in the code', () => {
    const used = usedKeys();
    // A plural form (`key_one`, `key_zero`) is used where its key is (i18next picks it by count).
    const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');
    expect([...source.keys()].filter((k) => !used.has(base(k)))).toEqual([]);
  });

  it('every key the code refers to exists', () => {
    const nsAlternation = namespaces.join('|');
    const qualified = new RegExp(`['"\`](${nsAlternation}):([\\w.-]+)['"\`]`, 'g');
    const exists = (key: string) =>
      source.has(key) || [...source.keys()].some((k) => k.startsWith(`${key}.`));
    const unknown: string[] = [];
    for (const file of sourceFiles(srcDir)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(qualified)) {
        if (!exists(`${m[1]}:${m[2]}`)) unknown.push(`${m[1]}:${m[2]}`);
      }
      // Unqualified `t('key')` calls resolve in the file's useTranslation namespaces (or common).
      const fileNamespaces = [...text.matchAll(/useTranslation\(\s*\[?\s*['"]([\w-]+)['"]/g)].map(
        (m) => m[1]!,
      );
      for (const m of text.matchAll(/\bt\(\s*['"]([\w.-]+)['"]/g)) {
        const key = m[1]!;
        const candidates = (fileNamespaces.length ? fileNamespaces : ['common']).map(
          (ns) => `${ns}:${key}`,
        );
        if (!candidates.some(exists)) unknown.push(`${file.slice(srcDir.length)}: ${key}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});

describe('plurals', () => {
  it('counts in English with i18next plural forms, never "(s)" or "1 tasks"', async () => {
    const i18n = i18next.createInstance();
    await i18n
      .use(textsBackend)
      .init({ ...i18nOptions, ns: [...coreNamespaces, ...lazyNamespaces], lng: 'en-US' });
    const en = i18n.getFixedT('en-US');
    expect(en('images:ahead', { count: 1 })).toBe('1 task ahead');
    expect(en('images:ahead', { count: 3 })).toBe('3 tasks ahead');
    expect(en('images:dialogs.upload.use', { count: 0 })).toBe('Choose pictures first');
    expect(en('images:dialogs.upload.use', { count: 1 })).toBe('Use 1 picture');
    expect(en('market:count', { count: 1 })).toBe('1 prompt');
    expect(en('prompts:local.count', { count: 1 })).toBe('1 prompt');
    expect(en('separation:source.uploaded', { name: 'a.wav', seconds: '2.0', count: 2 })).toBe(
      'a.wav · 2.0 s · 2 channels',
    );
    // "(s)" alone is seconds; a word's "(s)" is a plural left to the reader.
    for (const [, text] of keysOf('en-US'))
      expect(text.replace(/https?\(s\)|http\(s\)/g, '')).not.toMatch(/\w\(s\)/);
  });
});
