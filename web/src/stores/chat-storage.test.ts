import { describe, expect, it } from 'vitest';
import { storageKeys } from '../lib/storage-keys';
import { PERSISTED_RECORDS, useChatStorage, type ChatRecord } from './chat-storage';

describe('chatStorage', () => {
  it('keeps every record in memory but only the latest ones in browser storage', () => {
    const records: ChatRecord[] = Array.from({ length: PERSISTED_RECORDS + 50 }, (_, i) => ({
      id: i + 1,
      role: i % 2 ? 'assistant' : 'user',
      content: `m${i + 1}`,
    }));
    useChatStorage.getState().setChatList(records);
    expect(useChatStorage.getState().chatList).toHaveLength(PERSISTED_RECORDS + 50);
    const saved = JSON.parse(localStorage.getItem(storageKeys.chatStorage)!) as {
      state: { chatList: ChatRecord[] };
    };
    expect(saved.state.chatList).toHaveLength(PERSISTED_RECORDS);
    expect(saved.state.chatList[0]!.id).toBe(51);
    expect(saved.state.chatList.at(-1)!.id).toBe(PERSISTED_RECORDS + 50);
  });

  it('keeps a model’s thinking in memory but not in browser storage', () => {
    const answer: ChatRecord = {
      id: 2,
      role: 'assistant',
      content: 'Hi',
      reasoning: 'A long line of thought',
      reasoningMs: 1200,
      finishReason: 'length',
    };
    useChatStorage.getState().setChatList([{ id: 1, role: 'user', content: 'Hello' }, answer]);
    expect(useChatStorage.getState().chatList[1]).toEqual(answer);
    const saved = JSON.parse(localStorage.getItem(storageKeys.chatStorage)!) as {
      state: { chatList: ChatRecord[] };
    };
    expect(saved.state.chatList[1]).toEqual({ ...answer, reasoning: '' });
  });
});
