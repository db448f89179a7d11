import { parsePromptFile, type PromptEntry } from '../../stores/prompt-store';

/** The name of the exported store (the spec does not name it; it is the store's key). */
export const PROMPT_FILE_NAME = 'promptStore.json';

/** What a JSON text holds: entries, text that is not JSON, or JSON of the wrong shape. */
export type PromptJson = PromptEntry[] | 'invalid' | 'mismatch';

export function readPromptJson(text: string): PromptJson {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return 'invalid';
  }
  return parsePromptFile(data);
}

/** An entry of the list with its place in the store (edit and delete work by index). */
export interface IndexedPrompt extends PromptEntry {
  index: number;
}

/** Entries whose title or content contains every word typed, ignoring case. */
export function filterPrompts(list: readonly PromptEntry[], keyword: string): IndexedPrompt[] {
  const words = keyword.toLowerCase().split(/\s+/).filter(Boolean);
  return list
    .map((entry, index) => ({ ...entry, index }))
    .filter((entry) => {
      const text = `${entry.title}\n${entry.content}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
}

/**
 * A source address the Online tab may fetch: an http(s) URL or a path on this site (the
 * built-in lists under `/prompts/`). Returns the trimmed address, or null.
 */
export function sourceAddress(typed: string): string | null {
  const value = typed.trim();
  if (/^\/(?!\/)\S*$/.test(value)) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Why an online source gave no entries: not reachable (or not JSON), or the wrong keys. */
export class PromptSourceError extends Error {
  override readonly name = 'PromptSourceError';
  constructor(readonly reason: 'network' | 'mismatch') {
    super(reason);
  }
}

/** Fetches an online source's JSON file and reads its entries. */
export async function fetchPromptSource(url: string, signal?: AbortSignal): Promise<PromptEntry[]> {
  let text: string;
  try {
    const response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
    if (!response.ok) throw new PromptSourceError('network');
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw error instanceof PromptSourceError ? error : new PromptSourceError('network');
  }
  const entries = readPromptJson(text);
  if (entries === 'invalid') throw new PromptSourceError('network');
  if (entries === 'mismatch') throw new PromptSourceError('mismatch');
  return entries;
}
