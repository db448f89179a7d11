import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { storageKeys } from '../lib/storage-keys';

/** A prompt store entry (docs/product.md §3): a title and its content ("description"). */
export interface PromptEntry {
  title: string;
  content: string;
}

/** Why an add or edit was refused; the dialog shows the spec's text for each. */
export type PromptConflict = { kind: 'title' } | { kind: 'content'; title: string } | null;

export interface ImportReport {
  added: number;
  skipped: number;
}

export interface PromptStoreState {
  promptList: PromptEntry[];
  /** Adds an entry unless its title or content is already there. */
  add: (entry: PromptEntry) => PromptConflict;
  /** Replaces the entry at `index` unless another entry has the same title or content. */
  edit: (index: number, entry: PromptEntry) => PromptConflict;
  remove: (index: number) => void;
  /** Adds entries whose title and content are both new (also new within the batch). */
  importEntries: (entries: PromptEntry[]) => ImportReport;
  clear: () => void;
  /**
   * A prompt the user picked to send ("use" in the prompt store dialog), waiting for the chat
   * input to take it. Not persisted: it lives only until the chat screen reads it.
   */
  chosen: string | null;
  /** Sets `chosen`; the dialog then closes and navigates to the chat. */
  choose: (content: string) => void;
  /**
   * Returns `chosen` and clears it, so a prompt fills the input once. The chat screen calls it
   * on mount and whenever `chosen` changes (`usePromptStore((s) => s.chosen)`).
   */
  takeChosen: () => string | null;
}

/** The first entry (other than `skip`) that the new one would duplicate, as the spec words it. */
export function findConflict(
  list: readonly PromptEntry[],
  entry: PromptEntry,
  skip = -1,
): PromptConflict {
  const title = entry.title.trim();
  const content = entry.content.trim();
  if (list.some((p, i) => i !== skip && p.title.trim() === title)) return { kind: 'title' };
  const same = list.find((p, i) => i !== skip && p.content.trim() === content);
  return same ? { kind: 'content', title: same.title } : null;
}

/**
 * Entries of an imported JSON file: an array of `{ title, content }` (the `key`/`value` pair
 * that other prompt stores export is read too). Anything else is a key mismatch.
 */
export function parsePromptFile(data: unknown): PromptEntry[] | 'mismatch' {
  if (!Array.isArray(data)) return 'mismatch';
  const entries: PromptEntry[] = [];
  for (const item of data) {
    if (typeof item !== 'object' || item === null) return 'mismatch';
    const record = item as Record<string, unknown>;
    const title = record.title ?? record.key ?? record.act;
    const content = record.content ?? record.value ?? record.prompt;
    if (typeof title !== 'string' || typeof content !== 'string') return 'mismatch';
    if (!title.trim() || !content.trim()) return 'mismatch';
    entries.push({ title: title.trim(), content: content.trim() });
  }
  return entries;
}

/** The store as a JSON file's text, in the shape `parsePromptFile` reads back. */
export const promptFileText = (list: readonly PromptEntry[]): string =>
  JSON.stringify(list, null, 2);

/** `promptStore`: the user's local prompts, kept in the browser. */
export const usePromptStore = create<PromptStoreState>()(
  persist(
    (set, get) => ({
      promptList: [],
      add: (entry) => {
        const conflict = findConflict(get().promptList, entry);
        if (!conflict) set({ promptList: [...get().promptList, entry] });
        return conflict;
      },
      edit: (index, entry) => {
        const conflict = findConflict(get().promptList, entry, index);
        if (!conflict) {
          set({ promptList: get().promptList.map((p, i) => (i === index ? entry : p)) });
        }
        return conflict;
      },
      remove: (index) => set({ promptList: get().promptList.filter((_, i) => i !== index) }),
      importEntries: (entries) => {
        const list = [...get().promptList];
        let skipped = 0;
        for (const entry of entries) {
          if (findConflict(list, entry)) skipped += 1;
          else list.push(entry);
        }
        set({ promptList: list });
        return { added: entries.length - skipped, skipped };
      },
      clear: () => set({ promptList: [] }),
      chosen: null,
      choose: (content) => set({ chosen: content }),
      takeChosen: () => {
        const { chosen } = get();
        if (chosen !== null) set({ chosen: null });
        return chosen;
      },
    }),
    { name: storageKeys.promptStore, partialize: ({ promptList }) => ({ promptList }) },
  ),
);
