import type { Executor } from '../../db/executor.js';

/**
 * Edit and branch (docs/chat.md): every message names the message it follows (`parent_id`);
 * messages with one parent and one role are branches of each other. A chat shows one path, from
 * its leaf (`chat_groups.leaf_id`, else its newest message) up to a first question, and that path
 * is the context sent upstream. Every read here is scoped to the owner.
 */
export interface Node {
  id: number;
  parent_id: number | null;
  role: 'user' | 'assistant';
}

/** The shape of a chat's messages: each by id, and each parent's children, oldest first. */
export class Tree<N extends Node = Node> {
  readonly byId = new Map<number, N>();
  private readonly children = new Map<number, N[]>();

  constructor(rows: readonly N[]) {
    for (const r of [...rows].sort((a, b) => a.id - b.id)) {
      this.byId.set(r.id, r);
      const key = this.parentKey(r);
      const list = this.children.get(key);
      if (list) list.push(r);
      else this.children.set(key, [r]);
    }
  }

  /** A parent that is gone counts as the chat's start (0). */
  private parentKey(r: N): number {
    return r.parent_id !== null && this.byId.has(r.parent_id) ? r.parent_id : 0;
  }

  /** The messages from the first question down to `leafId`, oldest first (none: []). */
  pathTo(leafId: number | null): N[] {
    const path: N[] = [];
    const seen = new Set<number>();
    let node = leafId === null ? undefined : this.byId.get(leafId);
    while (node && !seen.has(node.id)) {
      seen.add(node.id);
      path.push(node);
      node = node.parent_id === null ? undefined : this.byId.get(node.parent_id);
    }
    return path.reverse();
  }

  /** The branches at a message: its parent's children of its role, oldest first. */
  siblingsOf(r: N): number[] {
    return (this.children.get(this.parentKey(r)) ?? [])
      .filter((c) => c.role === r.role)
      .map((c) => c.id);
  }

  /** The end of the branch through `id`: the newest child, again and again. */
  descend(id: number): number {
    let at = id;
    const seen = new Set<number>();
    for (;;) {
      seen.add(at);
      const next = this.children.get(at)?.at(-1);
      if (!next || seen.has(next.id)) return at;
      at = next.id;
    }
  }

  /** The leaf shown: the one saved when it still exists, else the newest message. */
  leafOf(saved: number | null): number | null {
    if (saved !== null && this.byId.has(saved)) return saved;
    let newest: number | null = null;
    for (const id of this.byId.keys()) if (newest === null || id > newest) newest = id;
    return newest;
  }
}

/** The shape of the user's chat (ids, parents, roles only). */
export async function treeOf(db: Executor, groupId: number, userId: number) {
  const rows = await db
    .selectFrom('chat_logs')
    .select(['id', 'parent_id', 'role'])
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .execute();
  return new Tree(rows);
}

/** Saves which branch the user's chat shows. */
export const setLeaf = (db: Executor, groupId: number, userId: number, leaf: number | null) =>
  db
    .updateTable('chat_groups')
    .set({ leaf_id: leaf })
    .where('id', '=', groupId)
    .where('user_id', '=', userId)
    .execute();
