import type { chat } from '@atelier/contracts';
import { create } from 'zustand';
import { t } from '../../i18n';
import { notify } from '../../lib/notify';
import { texts } from '../../lib/texts';
import { balanceChanged } from '../../stores/balance';
import { useChatStorage, type ChatGroup } from '../../stores/chat-storage';
import * as remote from './chat-api';
import { activeAfterDelete, activeAfterLoad, orderGroups, type ModelChoice } from './chat-logic';

/** The question being answered right now, shown after the saved messages until it is saved. */
export interface PendingExchange {
  groupId: number;
  prompt: string;
  imageUrl: string | null;
  /** The files sent with the question (what of each was used comes with the last line). */
  files: chat.ChatFile[];
  answer: string;
  /** A reasoning model's thinking so far, when it thinks aloud. */
  reasoning: string;
  /** When its first thought arrived here, and how long it thought (null while it still does). */
  thinkingSince: number | null;
  reasoningMs: number | null;
  /** Why the upstream cut the answer (from the last line). */
  finishReason: 'length' | 'content_filter' | null;
  /** A web-search answer's sources and the tool calls so far (from the lines that bring them). */
  sources: chat.WebSource[];
  toolCalls: chat.ToolCall[];
  /** `waiting`: nothing streamed yet; `failed`: the call was refused (error says why). */
  phase: 'waiting' | 'streaming' | 'failed';
  error: string | null;
  /** A saved question answered again: only the answer is pending. */
  regenerate: boolean;
}

/** What the screen shows about work in progress; not persisted (the chat store is). */
interface ChatRuntime {
  groupsLoading: boolean;
  groupsFailed: boolean;
  logsLoading: boolean;
  logsFailed: boolean;
  pending: PendingExchange | null;
  /** Readable errors of answers the model failed on, by chat-log id (the log keeps no text). */
  answerErrors: Record<number, string>;
}

export const useChatRuntime = create<ChatRuntime>()(() => ({
  groupsLoading: false,
  groupsFailed: false,
  logsLoading: false,
  logsFailed: false,
  pending: null,
  answerErrors: {},
}));

const storage = () => useChatStorage.getState();
const runtime = (patch: Partial<ChatRuntime>) => useChatRuntime.setState(patch);

let streamController: AbortController | null = null;
let logsController: AbortController | null = null;

export const isStreaming = (state: ChatRuntime = useChatRuntime.getState()): boolean =>
  state.pending !== null && state.pending.phase !== 'failed';

/** Loads a group's messages into the store (empties it for no group). */
export async function loadLogs(groupId: number | null): Promise<void> {
  logsController?.abort();
  if (groupId === null) {
    storage().setChatList([]);
    runtime({ logsLoading: false, logsFailed: false });
    return;
  }
  const controller = new AbortController();
  logsController = controller;
  runtime({ logsLoading: true, logsFailed: false });
  try {
    const records = await remote.fetchLogs(groupId, controller.signal);
    if (controller.signal.aborted || storage().active !== groupId) return;
    storage().setChatList(records);
    runtime({ logsLoading: false });
  } catch {
    if (controller.signal.aborted) return;
    runtime({ logsLoading: false, logsFailed: true });
  }
}

/** Makes a group active and loads its messages (docs/product.md §4). */
export function selectGroup(groupId: number | null): void {
  const { active, chatList } = storage();
  const pending = useChatRuntime.getState().pending;
  if (pending?.phase === 'failed') runtime({ pending: null });
  if (groupId === active && chatList.length > 0) return;
  storage().setActive(groupId);
  if (groupId !== active) storage().setChatList([]);
  void loadLogs(groupId);
}

/** Loads the group list; the first group becomes active when none is. */
export async function loadGroups(): Promise<void> {
  runtime({ groupsLoading: storage().groupList.length === 0, groupsFailed: false });
  try {
    const groups = orderGroups(await remote.fetchGroups());
    storage().setGroupList(groups);
    runtime({ groupsLoading: false });
    const active = activeAfterLoad(groups, storage().active);
    storage().setActive(active);
    void loadLogs(active);
  } catch {
    runtime({ groupsLoading: false, groupsFailed: true });
  }
}

/** Refreshes titles and order (the server names a group after its first question). */
async function refreshGroups(): Promise<void> {
  try {
    storage().setGroupList(orderGroups(await remote.fetchGroups()));
  } catch {
    // The list stays as it was; the next load corrects it.
  }
}

/** Creates a group (for an app, with its id) and makes it active. */
export async function newGroup(appId: number | null = null): Promise<ChatGroup> {
  const group = await remote.createGroup(appId);
  storage().setGroupList(orderGroups([group, ...storage().groupList]));
  storage().setActive(group.uuid);
  storage().setChatList([]);
  runtime({ logsLoading: false, logsFailed: false });
  if (useChatRuntime.getState().pending?.phase === 'failed') runtime({ pending: null });
  return group;
}

/**
 * `/Chat?appId=N`: the newest group already started from that app, or a new one; either
 * becomes active.
 */
export async function openAppGroup(appId: number): Promise<void> {
  const existing = storage().groupList.find((g) => g.appId === appId);
  if (existing) selectGroup(existing.uuid);
  else await newGroup(appId);
}

const replaceGroup = (group: ChatGroup) =>
  storage().setGroupList(
    orderGroups(storage().groupList.map((g) => (g.uuid === group.uuid ? group : g))),
  );

export async function renameGroup(groupId: number, title: string): Promise<void> {
  replaceGroup(await remote.updateGroup({ groupId, title }));
}

export async function toggleSticky(group: ChatGroup): Promise<void> {
  replaceGroup(await remote.updateGroup({ groupId: group.uuid, isSticky: !group.isSticky }));
}

export async function removeGroup(groupId: number): Promise<void> {
  await remote.deleteGroup(groupId);
  const { groupList, active } = storage();
  const next = activeAfterDelete(groupList, groupId, active);
  storage().setGroupList(groupList.filter((g) => g.uuid !== groupId));
  notify.success(t(texts.success.delete));
  if (next !== active) selectGroup(next);
}

/** Deletes every group that is not sticky (what the server does), then reloads. */
export async function removeAllGroups(): Promise<void> {
  await remote.deleteAllGroups();
  notify.success(t(texts.success.clear));
  storage().setActive(null);
  await loadGroups();
}

export async function removeLog(id: number): Promise<void> {
  await remote.deleteLog(id);
  storage().setChatList(storage().chatList.filter((r) => r.id !== id));
  notify.success(t(texts.success.delete));
}

export async function clearChat(): Promise<void> {
  const groupId = storage().active;
  if (groupId === null) return;
  await remote.clearLogs(groupId);
  storage().setChatList([]);
  notify.success(t(texts.success.clear));
}

export interface SendInput {
  prompt: string;
  imageUrl: string | null;
  choice: ModelChoice | null;
  /** The user's system message; left out for a group started from an app (the app fixes it). */
  systemMessage: string;
  /** Search the web first (only sent when the site offers it). */
  webSearch?: boolean;
  /** Files attached to the question (docs/chat.md, "Files in the conversation"). */
  files?: chat.ChatFile[];
  /**
   * Where it goes on the chat's branches (docs/chat.md, Edit and branch): after a message
   * (`parentId`, 0 for the start: an edit), or a saved question answered again. Left out: after
   * the branch on screen.
   */
  place?: { parentId?: number; regenerateOf?: number };
}

function bodyFor(input: SendInput, group: ChatGroup): chat.ChatProcessBody {
  const { usingContext } = storage();
  return {
    ...(input.choice?.kind === 'own'
      ? { gptModelUserId: input.choice.id }
      : input.choice
        ? { gptModelId: input.choice.id }
        : {}),
    prompt: input.prompt,
    appId: group.appId,
    options: {
      groupId: group.uuid,
      usingContext,
      ...input.place,
      ...(input.webSearch ? { webSearch: true } : {}),
    },
    ...(group.appId === null && input.systemMessage.trim()
      ? { systemMessage: input.systemMessage }
      : {}),
    // The history lists our pictures by path; the server takes absolute links.
    ...(input.imageUrl ? { image_url: new URL(input.imageUrl, location.origin).href } : {}),
    ...(input.files?.length ? { fileIds: input.files.map((f) => f.id) } : {}),
  };
}

/**
 * The balance after an answer: the last line reports it; an answer cut short (stopped, or the
 * connection lost) was still charged for what was written, so it is read again instead.
 */
function applyBalance(credits: number | undefined): void {
  void balanceChanged(credits === undefined ? null : { credits });
}

/** What a line changes of the pending answer's thinking (the time it took ends at the text). */
export function thinkingOf(
  pending: PendingExchange,
  line: chat.ChatStreamLine,
  now = Date.now(),
): Pick<PendingExchange, 'reasoning' | 'thinkingSince' | 'reasoningMs' | 'finishReason'> {
  const reasoning = line.reasoning ?? pending.reasoning;
  const thinkingSince = pending.thinkingSince ?? (reasoning ? now : null);
  const reasoningMs =
    line.reasoningMs ??
    pending.reasoningMs ??
    (thinkingSince !== null && line.delta !== '' ? now - thinkingSince : null);
  return { reasoning, thinkingSince, reasoningMs, finishReason: line.finishReason ?? null };
}

/**
 * The first line, sent as soon as the credits are held (the saved answer's id, no text yet),
 * shows nothing: the waiting dots stay until text, thinking, sources or tool calls come.
 */
export const bringsNothing = (line: chat.ChatStreamLine): boolean =>
  !line.done &&
  line.text === '' &&
  line.reasoning === undefined &&
  line.sources === undefined &&
  line.toolCalls === undefined &&
  line.error === undefined;

/**
 * Sends a question (creating a group first when none is active) and streams the answer into
 * `pending`; once it ends (done, stopped or failed upstream) the group's saved messages replace
 * it. A refused call (credits, limits, network) stays as a failed exchange with the reason.
 */
export async function send(input: SendInput): Promise<void> {
  if (isStreaming()) return;
  let group = storage().groupList.find((g) => g.uuid === storage().active);
  if (!group) {
    try {
      group = await newGroup(null);
    } catch {
      return;
    }
  }
  const groupId = group.uuid;
  const controller = new AbortController();
  streamController = controller;
  runtime({
    pending: {
      groupId,
      prompt: input.prompt,
      imageUrl: input.imageUrl,
      files: input.files ?? [],
      answer: '',
      reasoning: '',
      thinkingSince: null,
      reasoningMs: null,
      finishReason: null,
      sources: [],
      toolCalls: [],
      phase: 'waiting',
      error: null,
      regenerate: input.place?.regenerateOf !== undefined,
    },
  });
  let lastError: string | null = null;
  let answerId: number | null = null;
  let balanceSeen = false;
  const received = () => useChatRuntime.getState().pending?.answer ?? '';
  try {
    await remote.streamAnswer(
      bodyFor(input, group),
      (line) => {
        // The server names a new group after its first question as the answer starts.
        if (answerId === null) void refreshGroups();
        answerId = line.id;
        if (line.error) lastError = line.error;
        const pending = useChatRuntime.getState().pending;
        if (!pending || pending.groupId !== groupId) return;
        runtime({
          pending: {
            ...pending,
            ...thinkingOf(pending, line),
            answer: line.text,
            sources: line.sources ?? pending.sources,
            toolCalls: line.toolCalls ?? pending.toolCalls,
            phase: bringsNothing(line) ? pending.phase : 'streaming',
          },
        });
        if (line.done) {
          balanceSeen = true;
          applyBalance(line.credits);
        }
      },
      controller.signal,
    );
  } catch (error) {
    if (!controller.signal.aborted) {
      // ApiError carries the server's readable message (the client already showed it too).
      const reason = error instanceof Error ? error.message : '';
      const pending = useChatRuntime.getState().pending;
      if (pending?.groupId === groupId) {
        runtime({
          pending: { ...pending, phase: 'failed', error: reason || t('errors:generic') },
        });
      }
      streamController = null;
      // A stream cut after the messages were saved left them on the server (and charged).
      if (answerId !== null) {
        if (!balanceSeen) applyBalance(undefined);
        await settleSaved(groupId, answerId, received());
      }
      return;
    }
  }
  streamController = null;
  if (lastError && answerId !== null) {
    runtime({ answerErrors: { ...useChatRuntime.getState().answerErrors, [answerId]: lastError } });
  }
  if (answerId === null) {
    // Stopped before the server answered: nothing of it is shown.
    runtime({ pending: null });
    if (storage().active === groupId) void loadLogs(groupId);
    return;
  }
  if (!balanceSeen) applyBalance(undefined);
  await settleSaved(groupId, answerId, received());
}

/**
 * Replaces the pending exchange with the group's saved messages. After a stop the server may
 * not have written the partial answer yet; what this screen received is then shown in its place
 * (the server saves at least that much).
 */
async function settleSaved(groupId: number, answerId: number, received: string): Promise<void> {
  try {
    const records = (await remote.fetchLogs(groupId)).map((r) =>
      r.id === answerId && r.content.length < received.length
        ? { ...r, content: received, status: 'partial' as const }
        : r,
    );
    if (storage().active === groupId) storage().setChatList(records);
  } catch {
    // The pending exchange is dropped anyway; reopening the group shows what was saved.
  }
  if (useChatRuntime.getState().pending?.groupId === groupId) runtime({ pending: null });
  void refreshGroups();
}

/** Stops the answer being streamed; the server keeps what came so far. */
export function stop(): void {
  streamController?.abort();
}
