import type { chat } from '@atelier/contracts';
import { useChatStorage, type ChatRecord } from '../../stores/chat-storage';
import * as remote from './chat-api';
import { isStreaming, send, type SendInput } from './chat-actions';
import { regenerateFrom } from './chat-logic';

/* The chat's branches (docs/chat.md, Edit and branch): answer again, edit, switch. */

const storage = () => useChatStorage.getState();

/** A saved question's files, sent again with it (docs/chat.md, Files in the conversation). */
const filesOf = (question: ChatRecord): chat.ChatFile[] =>
  // A file its owner deleted since is not sent again (the server would refuse it).
  (question.files ?? [])
    .filter((f) => !f.deleted)
    .map((f) => ({
      id: f.id,
      name: f.name,
      size: f.size,
      format: f.format,
      pages: f.pages,
      tokens: f.tokens,
      hasText: f.used !== 'none',
      createdAt: question.createdAt ?? '',
    }));

/**
 * Answers the last question again, with the model chosen now: the earlier answer stays as a
 * branch (docs/chat.md, Edit and branch).
 */
export async function regenerate(input: Omit<SendInput, 'prompt' | 'imageUrl'>): Promise<void> {
  const list = storage().chatList;
  const at = regenerateFrom(list);
  const question = at === null ? undefined : list[at];
  if (at === null || !question || isStreaming()) return;
  storage().setChatList(list.slice(0, at + 1));
  await send({
    ...input,
    prompt: question.content,
    imageUrl: question.imageUrl ?? null,
    files: filesOf(question),
    place: { regenerateOf: question.id },
  });
}

/**
 * Sends an edited question in place of a saved one: it follows the same message, and the
 * earlier question with what came after it stays as a branch.
 */
export async function editQuestion(
  id: number,
  prompt: string,
  input: Omit<SendInput, 'prompt' | 'imageUrl'>,
): Promise<void> {
  const list = storage().chatList;
  const at = list.findIndex((r) => r.id === id);
  const question = list[at];
  if (!question || question.role !== 'user' || isStreaming()) return;
  storage().setChatList(list.slice(0, at));
  await send({
    ...input,
    prompt,
    imageUrl: question.imageUrl ?? null,
    files: filesOf(question),
    place: { parentId: question.parentId ?? 0 },
  });
}

/** Shows the branch through another version of a message. */
export async function switchBranch(id: number): Promise<void> {
  const groupId = storage().active;
  if (groupId === null || isStreaming()) return;
  const records = await remote.switchBranch(groupId, id);
  if (storage().active === groupId) storage().setChatList(records);
}
