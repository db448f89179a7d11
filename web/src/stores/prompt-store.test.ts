import { beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../lib/storage-keys';
import {
  findConflict,
  parsePromptFile,
  promptFileText,
  usePromptStore,
  type PromptEntry,
} from './prompt-store';

const writer: PromptEntry = { title: 'Writer', content: 'Rewrite my text clearly.' };
const coder: PromptEntry = { title: 'Coder', content: 'Review this code.' };

beforeEach(() => {
  localStorage.clear();
  usePromptStore.setState({ promptList: [], chosen: null });
});

describe('findConflict', () => {
  it('names a repeated title first, then a repeated content with the title that has it', () => {
    expect(findConflict([writer], { title: ' Writer ', content: 'new' })).toEqual({
      kind: 'title',
    });
    expect(findConflict([writer], { title: 'Other', content: writer.content })).toEqual({
      kind: 'content',
      title: 'Writer',
    });
    expect(findConflict([writer], coder)).toBeNull();
  });

  it('ignores the entry being edited', () => {
    expect(findConflict([writer, coder], { ...writer, content: 'changed' }, 0)).toBeNull();
    expect(findConflict([writer, coder], { ...writer, title: 'Coder' }, 0)).toEqual({
      kind: 'title',
    });
  });
});

describe('usePromptStore', () => {
  it('adds, refuses duplicates, edits and removes, persisting the list only', () => {
    const store = usePromptStore.getState();
    expect(store.add(writer)).toBeNull();
    expect(store.add({ title: 'Writer', content: 'x' })).toEqual({ kind: 'title' });
    expect(store.add({ title: 'Y', content: writer.content })).toEqual({
      kind: 'content',
      title: 'Writer',
    });
    expect(store.add(coder)).toBeNull();
    expect(store.edit(1, { title: 'Writer', content: 'y' })).toEqual({ kind: 'title' });
    expect(store.edit(1, { title: 'Reviewer', content: coder.content })).toBeNull();
    expect(usePromptStore.getState().promptList.map((p) => p.title)).toEqual([
      'Writer',
      'Reviewer',
    ]);
    store.remove(0);
    expect(usePromptStore.getState().promptList.map((p) => p.title)).toEqual(['Reviewer']);
    store.choose('draft');
    const saved = JSON.parse(localStorage.getItem(storageKeys.promptStore) ?? '{}') as {
      state: unknown;
    };
    expect(saved.state).toEqual({
      promptList: [{ title: 'Reviewer', content: coder.content }],
    });
  });

  it('imports new entries and counts the ones skipped, within the batch too', () => {
    usePromptStore.getState().add(writer);
    const report = usePromptStore
      .getState()
      .importEntries([
        coder,
        { title: 'Writer', content: 'other' },
        { title: 'Third', content: coder.content },
        { title: 'Fourth', content: 'fourth' },
      ]);
    expect(report).toEqual({ added: 2, skipped: 2 });
    expect(usePromptStore.getState().promptList.map((p) => p.title)).toEqual([
      'Writer',
      'Coder',
      'Fourth',
    ]);
    usePromptStore.getState().clear();
    expect(usePromptStore.getState().promptList).toEqual([]);
  });

  it('hands a chosen prompt over once', () => {
    expect(usePromptStore.getState().takeChosen()).toBeNull();
    usePromptStore.getState().choose('Summarise this');
    expect(usePromptStore.getState().chosen).toBe('Summarise this');
    expect(usePromptStore.getState().takeChosen()).toBe('Summarise this');
    expect(usePromptStore.getState().chosen).toBeNull();
    expect(usePromptStore.getState().takeChosen()).toBeNull();
  });
});

describe('prompt files', () => {
  it('reads title/content, key/value and act/prompt entries', () => {
    expect(
      parsePromptFile([
        { title: ' A ', content: ' a ' },
        { key: 'B', value: 'b' },
        { act: 'C', prompt: 'c' },
      ]),
    ).toEqual([
      { title: 'A', content: 'a' },
      { title: 'B', content: 'b' },
      { title: 'C', content: 'c' },
    ]);
  });

  it('calls anything else a mismatch', () => {
    expect(parsePromptFile({ title: 'A', content: 'a' })).toBe('mismatch');
    expect(parsePromptFile([{ name: 'A', text: 'a' }])).toBe('mismatch');
    expect(parsePromptFile([{ title: 'A', content: 3 }])).toBe('mismatch');
    expect(parsePromptFile([{ title: ' ', content: 'a' }])).toBe('mismatch');
    expect(parsePromptFile(['A'])).toBe('mismatch');
  });

  it('exports what it reads back', () => {
    const list = [writer, coder];
    expect(parsePromptFile(JSON.parse(promptFileText(list)))).toEqual(list);
  });
});
