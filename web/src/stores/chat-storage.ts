import type { chat } from '@atelier/contracts';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { storageKeys } from '../lib/storage-keys';

/** A chat group (docs/product.md §3). */
export interface ChatGroup {
  uuid: number;
  title: string;
  isEdit: boolean;
  appId: number | null;
  isSticky: boolean;
  createdAt: string;
  updatedAt: string;
}

/** One saved chat message (a chat log of `/chatlog/chatList`) as the chat screen keeps it. */
export interface ChatRecord {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  /** The picture sent with a user message (vision models). */
  imageUrl?: string | null;
  /** `partial`: stopped or left mid-answer; `error`: the model failed. */
  status?: 'done' | 'partial' | 'error';
  model?: string;
  createdAt?: string;
  /** A reasoning model's thinking, how long it lasted (ms), and why the answer was cut. */
  reasoning?: string;
  reasoningMs?: number | null;
  finishReason?: 'length' | 'content_filter' | null;
  /** A web-search answer's numbered sources, and the tool calls an answer made. */
  sources?: chat.WebSource[];
  toolCalls?: chat.ToolCall[];
  /** On a question: the files sent with it and what of each was used. */
  files?: chat.UsedFile[];
  /** The message this one follows on its branch (null: the first question). */
  parentId?: number | null;
  /** The branches at this message, oldest first, itself included (docs/chat.md). */
  siblings?: number[];
}

export interface ChatStorageState {
  active: number | null;
  usingContext: boolean;
  /** Search the web for the next questions (the composer's toggle). */
  webSearch: boolean;
  groupList: ChatGroup[];
  chatList: ChatRecord[];
  groupKeyWord: string;
  setActive: (active: number | null) => void;
  setUsingContext: (usingContext: boolean) => void;
  setWebSearch: (webSearch: boolean) => void;
  setGroupList: (groupList: ChatGroup[]) => void;
  setChatList: (chatList: ChatRecord[]) => void;
  setGroupKeyWord: (groupKeyWord: string) => void;
  clear: () => void;
}

/** How many of the active group's latest messages are kept in browser storage. */
export const PERSISTED_RECORDS = 200;

const empty = {
  active: null,
  usingContext: true,
  webSearch: false,
  groupList: [],
  chatList: [],
  groupKeyWord: '',
} satisfies Partial<ChatStorageState>;

/** `chatStorage`: the chat's groups, records and context mode, persisted as is. */
export const useChatStorage = create<ChatStorageState>()(
  persist(
    (set) => ({
      ...empty,
      setActive: (active) => set({ active }),
      setUsingContext: (usingContext) => set({ usingContext }),
      setWebSearch: (webSearch) => set({ webSearch }),
      setGroupList: (groupList) => set({ groupList }),
      setChatList: (chatList) => set({ chatList }),
      setGroupKeyWord: (groupKeyWord) => set({ groupKeyWord }),
      clear: () => set({ ...empty }),
    }),
    {
      name: storageKeys.chatStorage,
      partialize: ({ active, usingContext, webSearch, groupList, chatList, groupKeyWord }) => ({
        active,
        usingContext,
        webSearch,
        groupList,
        // The server keeps every message; the browser keeps the latest ones to show at once on
        // return. All of a 10,000-message chat would be megabytes rewritten on every change.
        // A model's thinking can be many times its answer: it stays on the server, and comes
        // back with the group's messages when they load.
        chatList: chatList
          .slice(-PERSISTED_RECORDS)
          .map((r) => (r.reasoning ? { ...r, reasoning: '' } : r)),
        groupKeyWord,
      }),
    },
  ),
);
