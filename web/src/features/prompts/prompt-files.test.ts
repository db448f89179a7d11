import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtInSources, defaultSourceUrl } from './online-sources';
import {
  fetchPromptSource,
  filterPrompts,
  PromptSourceError,
  readPromptJson,
  sourceAddress,
} from './prompt-files';

afterEach(() => vi.unstubAllGlobals());

describe('readPromptJson', () => {
  it('tells text that is not JSON from JSON of the wrong shape', () => {
    expect(readPromptJson('{oops')).toBe('invalid');
    expect(readPromptJson('{"title":"A","content":"a"}')).toBe('mismatch');
    expect(readPromptJson('[{"name":"A","text":"a"}]')).toBe('mismatch');
    expect(readPromptJson('\uFEFF[{"key":"A","value":"a"}]')).toEqual([
      { title: 'A', content: 'a' },
    ]);
  });
});

describe('filterPrompts', () => {
  const list = [
    { title: 'Weekly report', content: 'Summarise my week' },
    { title: 'Translator', content: 'Translate into English' },
    { title: 'Reviewer', content: 'Review the WEEK plan' },
  ];

  it('keeps the store index and matches every word in title or content, ignoring case', () => {
    expect(filterPrompts(list, '').map((p) => p.index)).toEqual([0, 1, 2]);
    expect(filterPrompts(list, 'week').map((p) => p.index)).toEqual([0, 2]);
    expect(filterPrompts(list, '  review  week ').map((p) => p.index)).toEqual([2]);
    expect(filterPrompts(list, 'nothing')).toEqual([]);
  });
});

describe('sourceAddress', () => {
  it('accepts http(s) addresses and paths on this site only', () => {
    expect(sourceAddress(' https://example.com/p.json ')).toBe('https://example.com/p.json');
    expect(sourceAddress('http://a.test/x')).toBe('http://a.test/x');
    expect(sourceAddress('/prompts/en-US.json')).toBe('/prompts/en-US.json');
    expect(sourceAddress('//evil.test/p.json')).toBeNull();
    expect(sourceAddress('javascript:alert(1)')).toBeNull();
    expect(sourceAddress('file:///etc/passwd')).toBeNull();
    expect(sourceAddress('prompts.json')).toBeNull();
    expect(sourceAddress('')).toBeNull();
  });
});

describe('fetchPromptSource', () => {
  const answer = (body: string, status = 200) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(body, { status }))),
    );

  it('reads the entries of a source', async () => {
    answer('[{"act":"Poet","prompt":"Write a poem"}]');
    await expect(fetchPromptSource('/prompts/en-US.json')).resolves.toEqual([
      { title: 'Poet', content: 'Write a poem' },
    ]);
  });

  it('fails as network for an error status, an unreachable host or text that is not JSON', async () => {
    answer('[]', 404);
    await expect(fetchPromptSource('/x')).rejects.toMatchObject({ reason: 'network' });
    answer('<html>');
    await expect(fetchPromptSource('/x')).rejects.toMatchObject({ reason: 'network' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fetchPromptSource('/x')).rejects.toBeInstanceOf(PromptSourceError);
  });

  it('fails as mismatch for JSON of the wrong shape', async () => {
    answer('{"prompts":[]}');
    await expect(fetchPromptSource('/x')).rejects.toMatchObject({ reason: 'mismatch' });
  });
});

describe('built-in sources', () => {
  const publicDir = join(import.meta.dirname, '..', '..', '..', 'public');

  it.each(builtInSources.map((s) => s.url))('%s is a readable list of distinct prompts', (url) => {
    const entries = readPromptJson(readFileSync(join(publicDir, url), 'utf8'));
    if (typeof entries === 'string') throw new Error(`${url}: ${entries}`);
    expect(entries.length).toBeGreaterThanOrEqual(25);
    expect(new Set(entries.map((e) => e.title)).size).toBe(entries.length);
    expect(new Set(entries.map((e) => e.content)).size).toBe(entries.length);
  });

  it('offers the list in the interface language', () => {
    expect(defaultSourceUrl('en-US')).toBe('/prompts/en-US.json');
    expect(defaultSourceUrl('zh-CN')).toBe('/prompts/zh-CN.json');
    expect(defaultSourceUrl('zh-TW')).toBe('/prompts/zh-CN.json');
  });
});
