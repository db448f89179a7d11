/*
 * The chat screen's decisions that need no React or network, kept here so they are tested
 * on their own: which group becomes active, what the group search and the `/` menu show, which
 * model is picked, whether the list sticks to the bottom, what "regenerate" re-sends.
 */
import type { ChatGroup, ChatRecord } from '../../stores/chat-storage';
import type { PromptEntry } from '../../stores/prompt-store';

/**
 * The group to select after `deleted` is removed (docs/product.md §4): the next group, else the
 * first, else the previous when it was the last, or none when no groups remain. Deleting a
 * group that is not the active one keeps the active one.
 */
export function activeAfterDelete(
  before: readonly Pick<ChatGroup, 'uuid'>[],
  deleted: number,
  active: number | null,
): number | null {
  const remaining = before.filter((g) => g.uuid !== deleted);
  if (remaining.length === 0) return null;
  if (active !== deleted && remaining.some((g) => g.uuid === active)) return active;
  const index = before.findIndex((g) => g.uuid === deleted);
  if (index < 0) return remaining[0]!.uuid;
  const next = remaining[index];
  if (next) return next.uuid;
  return remaining[index - 1]!.uuid;
}

/** After loading, the first group becomes active when none (or a vanished one) is. */
export function activeAfterLoad(
  groups: readonly Pick<ChatGroup, 'uuid'>[],
  active: number | null,
): number | null {
  if (active !== null && groups.some((g) => g.uuid === active)) return active;
  return groups[0]?.uuid ?? null;
}

/**
 * The titles the server gives a new group (in the language of the moment); shown in the
 * current language instead, until the first question names the group.
 */
const defaultTitles = new Set(['新对话', 'New chat', '新對話']);
export const isDefaultTitle = (title: string): boolean => defaultTitles.has(title);

/** Sticky groups first; otherwise the order stays as given (the server's newest first). */
export const orderGroups = <G extends Pick<ChatGroup, 'isSticky'>>(groups: readonly G[]): G[] =>
  [...groups].sort((a, b) => Number(b.isSticky) - Number(a.isSticky));

/** The groups whose title holds the keyword (case and surrounding spaces ignored). */
export function filterGroups<G extends Pick<ChatGroup, 'title'>>(
  groups: readonly G[],
  keyword: string,
): G[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...groups];
  return groups.filter((g) => g.title.toLowerCase().includes(needle));
}

/**
 * What the `/` menu searches for: the text after a `/` that starts the input, or null when
 * the menu should be closed (no leading `/`, or the user went on to a second line).
 */
export function slashQuery(input: string): string | null {
  if (!input.startsWith('/') || input.includes('\n')) return null;
  return input.slice(1);
}

/**
 * Prompt store entries matching the `/` query: titles that match come before entries that
 * match only by content; an empty query lists the store in its order.
 */
export function filterPrompts(
  list: readonly PromptEntry[],
  query: string,
  limit = 8,
): PromptEntry[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return list.slice(0, limit);
  const byTitle = list.filter((p) => p.title.toLowerCase().includes(needle));
  const byContent = list.filter(
    (p) => !byTitle.includes(p) && p.content.toLowerCase().includes(needle),
  );
  return [...byTitle, ...byContent].slice(0, limit);
}

/** The model the input sends with: a platform model, or one of the user's own endpoints. */
export type ModelChoice = { kind: 'model'; id: number } | { kind: 'own'; id: number };

/** How a choice is kept in the `model` storage key (a plain number for platform models). */
export const choiceKey = (choice: ModelChoice): string =>
  choice.kind === 'model' ? String(choice.id) : `own:${choice.id}`;

export function parseChoice(value: string | null): ModelChoice | null {
  if (!value) return null;
  const own = /^own:(\d+)$/.exec(value);
  if (own) return { kind: 'own', id: Number(own[1]) };
  return /^\d+$/.test(value) ? { kind: 'model', id: Number(value) } : null;
}

/**
 * The stored choice when it is still offered, else the first platform model (the server's
 * order), else the first own endpoint, else none.
 */
export function pickModel(
  stored: ModelChoice | null,
  models: readonly { id: number }[],
  own: readonly { id: number }[],
): ModelChoice | null {
  if (stored?.kind === 'model' && models.some((m) => m.id === stored.id)) return stored;
  if (stored?.kind === 'own' && own.some((m) => m.id === stored.id)) return stored;
  if (models[0]) return { kind: 'model', id: models[0].id };
  if (own[0]) return { kind: 'own', id: own[0].id };
  return null;
}

/** Within this many pixels of the end, the list counts as "at the bottom" and follows the stream. */
export const STICK_THRESHOLD_PX = 80;

export const isNearBottom = (
  scrollTop: number,
  clientHeight: number,
  scrollHeight: number,
  threshold = STICK_THRESHOLD_PX,
): boolean => scrollHeight - scrollTop - clientHeight <= threshold;

/**
 * Where "regenerate" starts: the index of the last question, when the conversation ends with a
 * question and its answer (the answer stays as a branch; docs/chat.md), else null.
 */
export function regenerateFrom(records: readonly ChatRecord[]): number | null {
  const answer = records.at(-1);
  const question = records.at(-2);
  if (answer?.role !== 'assistant' || question?.role !== 'user') return null;
  return records.length - 2;
}

/** A message's "< i/n >": its branches, or, for an answer with none, its question's. */
export interface BranchPager {
  /** 1-based place of the branch on screen. */
  index: number;
  count: number;
  /** The message to show for the previous and the next branch (null at either end). */
  prev: number | null;
  next: number | null;
}

export function branchPager(records: readonly ChatRecord[], at: number): BranchPager | null {
  const r = records[at];
  if (!r) return null;
  let own = r.siblings ?? [r.id];
  let current = r.id;
  if (own.length < 2 && r.role === 'assistant') {
    const question = records[at - 1];
    if (question?.role === 'user' && question.id === r.parentId) {
      own = question.siblings ?? [question.id];
      current = question.id;
    }
  }
  const i = own.indexOf(current);
  if (own.length < 2 || i < 0) return null;
  return {
    index: i + 1,
    count: own.length,
    prev: own[i - 1] ?? null,
    next: own[i + 1] ?? null,
  };
}
