import { beforeEach, describe, expect, it } from 'vitest';
import { MIND_HISTORY_LIMIT, MIND_STORAGE_KEY, useMindHistory } from './mind-history';

beforeEach(() => {
  localStorage.clear();
  useMindHistory.setState({ maps: [], modelId: null });
});

describe('useMindHistory', () => {
  it('keeps maps newest first and moves a repeated one to the top', () => {
    const { save } = useMindHistory.getState();
    save({ prompt: 'a', outline: '# A' }, 1);
    save({ prompt: 'b', outline: '# B' }, 2);
    save({ prompt: 'a', outline: '# A' }, 3);
    save({ prompt: 'a', outline: '# A v2' }, 4);
    expect(useMindHistory.getState().maps.map((m) => [m.outline, m.createdAt])).toEqual([
      ['# A v2', 4],
      ['# A', 3],
      ['# B', 2],
    ]);
  });

  it(`keeps at most ${MIND_HISTORY_LIMIT}, removes one or all, and persists`, () => {
    const { save } = useMindHistory.getState();
    for (let i = 0; i < MIND_HISTORY_LIMIT + 5; i++) save({ prompt: `p${i}`, outline: 'x' }, i);
    const maps = useMindHistory.getState().maps;
    expect(maps).toHaveLength(MIND_HISTORY_LIMIT);
    expect(maps[0]!.prompt).toBe(`p${MIND_HISTORY_LIMIT + 4}`);
    useMindHistory.getState().remove(maps[0]!.id);
    expect(useMindHistory.getState().maps[0]!.prompt).toBe(`p${MIND_HISTORY_LIMIT + 3}`);
    useMindHistory.getState().setModelId(7);
    const stored = JSON.parse(localStorage.getItem(MIND_STORAGE_KEY) ?? '{}') as {
      state: { maps: unknown[]; modelId: number };
    };
    expect(stored.state.maps).toHaveLength(MIND_HISTORY_LIMIT - 1);
    expect(stored.state.modelId).toBe(7);
    useMindHistory.getState().clear();
    expect(useMindHistory.getState().maps).toEqual([]);
  });
});
