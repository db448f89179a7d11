import { describe, expect, it } from 'vitest';
import type { ChatRecord } from '../../stores/chat-storage';
import {
  activeAfterDelete,
  activeAfterLoad,
  choiceKey,
  filterGroups,
  filterPrompts,
  isDefaultTitle,
  isNearBottom,
  orderGroups,
  parseChoice,
  pickModel,
  regenerateFrom,
  branchPager,
  slashQuery,
} from './chat-logic';

const groups = (...ids: number[]) => ids.map((uuid) => ({ uuid }));

describe('activeAfterDelete (docs/product.md §4)', () => {
  it('selects the next group after the deleted active one', () => {
    expect(activeAfterDelete(groups(1, 2, 3), 2, 2)).toBe(3);
    expect(activeAfterDelete(groups(1, 2, 3), 1, 1)).toBe(2);
  });

  it('selects the previous group when the deleted one was last', () => {
    expect(activeAfterDelete(groups(1, 2, 3), 3, 3)).toBe(2);
  });

  it('selects none when no group remains', () => {
    expect(activeAfterDelete(groups(7), 7, 7)).toBeNull();
  });

  it('selects the first when the deleted group was not in the list', () => {
    expect(activeAfterDelete(groups(4, 5), 9, 9)).toBe(4);
  });

  it('keeps the active group when another one is deleted', () => {
    expect(activeAfterDelete(groups(1, 2, 3), 3, 1)).toBe(1);
    expect(activeAfterDelete(groups(1, 2, 3), 1, 3)).toBe(3);
  });

  it('moves on when nothing (or a vanished group) was active', () => {
    expect(activeAfterDelete(groups(1, 2, 3), 2, null)).toBe(3);
  });
});

describe('activeAfterLoad', () => {
  it('makes the first group active when none is', () => {
    expect(activeAfterLoad(groups(5, 6), null)).toBe(5);
  });
  it('keeps an active group that is still there', () => {
    expect(activeAfterLoad(groups(5, 6), 6)).toBe(6);
  });
  it('replaces an active group that is gone, or clears it when none are left', () => {
    expect(activeAfterLoad(groups(5, 6), 9)).toBe(5);
    expect(activeAfterLoad([], 9)).toBeNull();
  });
});

describe('group list', () => {
  const list = [
    { uuid: 1, title: 'Trip to Kyoto', isSticky: false },
    { uuid: 2, title: 'SQL help', isSticky: true },
    { uuid: 3, title: 'kyoto food', isSticky: false },
    { uuid: 4, title: 'Pinned 2', isSticky: true },
  ];

  it('puts sticky groups first and keeps the order otherwise', () => {
    expect(orderGroups(list).map((g) => g.uuid)).toEqual([2, 4, 1, 3]);
  });

  it('filters by a keyword in the title, ignoring case and spaces', () => {
    expect(filterGroups(list, '  KYOTO ').map((g) => g.uuid)).toEqual([1, 3]);
    expect(filterGroups(list, '')).toHaveLength(4);
    expect(filterGroups(list, 'nothing')).toEqual([]);
  });
});

describe('isDefaultTitle', () => {
  it('knows the server’s new-group titles in the three languages only', () => {
    expect(['新对话', 'New chat', '新對話'].every(isDefaultTitle)).toBe(true);
    expect(isDefaultTitle('New chat about cats')).toBe(false);
  });
});

describe('the / menu', () => {
  it('opens only for a leading / on one line', () => {
    expect(slashQuery('/tr')).toBe('tr');
    expect(slashQuery('/')).toBe('');
    expect(slashQuery('a /tr')).toBeNull();
    expect(slashQuery('/tr\nmore')).toBeNull();
    expect(slashQuery('')).toBeNull();
  });

  const store = [
    { title: 'Translator', content: 'Translate into English' },
    { title: 'Poet', content: 'Write a poem, then translate it' },
    { title: 'Coder', content: 'Write code' },
  ];

  it('lists title matches before content matches', () => {
    expect(filterPrompts(store, 'transl').map((p) => p.title)).toEqual(['Translator', 'Poet']);
    expect(filterPrompts(store, 'WRITE').map((p) => p.title)).toEqual(['Poet', 'Coder']);
  });

  it('lists the store for an empty query, up to the limit', () => {
    expect(filterPrompts(store, '', 2).map((p) => p.title)).toEqual(['Translator', 'Poet']);
    expect(filterPrompts(store, 'zzz')).toEqual([]);
  });
});

describe('model choice', () => {
  it('round-trips through the storage key', () => {
    expect(parseChoice(choiceKey({ kind: 'model', id: 3 }))).toEqual({ kind: 'model', id: 3 });
    expect(parseChoice(choiceKey({ kind: 'own', id: 8 }))).toEqual({ kind: 'own', id: 8 });
    expect(parseChoice('nonsense')).toBeNull();
    expect(parseChoice(null)).toBeNull();
  });

  it('keeps a stored choice that is offered, else falls back to the first model', () => {
    const models = [{ id: 4 }, { id: 3 }];
    expect(pickModel({ kind: 'model', id: 3 }, models, [])).toEqual({ kind: 'model', id: 3 });
    expect(pickModel({ kind: 'model', id: 99 }, models, [])).toEqual({ kind: 'model', id: 4 });
    expect(pickModel({ kind: 'own', id: 2 }, models, [{ id: 2 }])).toEqual({ kind: 'own', id: 2 });
    expect(pickModel({ kind: 'own', id: 5 }, [], [{ id: 2 }])).toEqual({ kind: 'own', id: 2 });
    expect(pickModel(null, [], [])).toBeNull();
  });
});

describe('isNearBottom', () => {
  it('is true within the threshold of the end', () => {
    expect(isNearBottom(920, 100, 1000)).toBe(true);
    expect(isNearBottom(819, 100, 1000)).toBe(false);
    expect(isNearBottom(0, 500, 400)).toBe(true);
  });
});

describe('regenerateFrom', () => {
  const rec = (id: number, role: ChatRecord['role'], content = `m${id}`): ChatRecord => ({
    id,
    role,
    content,
  });

  it('answers the last question again when the chat ends with it and its answer', () => {
    expect(
      regenerateFrom([
        rec(1, 'user'),
        rec(2, 'assistant'),
        rec(3, 'user', 'again?'),
        rec(4, 'assistant'),
      ]),
    ).toBe(2);
  });

  it('does nothing unless the chat ends with a question and its answer', () => {
    expect(regenerateFrom([])).toBeNull();
    expect(regenerateFrom([rec(1, 'user')])).toBeNull();
    expect(regenerateFrom([rec(1, 'assistant'), rec(2, 'assistant')])).toBeNull();
  });
});

describe('branchPager', () => {
  const rec = (
    id: number,
    role: ChatRecord['role'],
    parentId: number | null,
    siblings: number[] = [id],
  ): ChatRecord => ({ id, role, content: `m${id}`, parentId, siblings });

  it('pages an edited question, and its answer with it', () => {
    const list = [
      rec(1, 'user', null),
      rec(2, 'assistant', 1),
      rec(7, 'user', 2, [3, 7]),
      rec(8, 'assistant', 7),
    ];
    expect(branchPager(list, 2)).toEqual({ index: 2, count: 2, prev: 3, next: null });
    expect(branchPager(list, 3)).toEqual({ index: 2, count: 2, prev: 3, next: null });
    expect(branchPager(list, 0)).toBeNull();
    expect(branchPager(list, 1)).toBeNull();
  });

  it('pages the answers to one question', () => {
    const list = [rec(1, 'user', null), rec(2, 'assistant', 1, [2, 5, 9])];
    expect(branchPager(list, 1)).toEqual({ index: 1, count: 3, prev: null, next: 5 });
  });
});
