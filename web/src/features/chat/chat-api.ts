import { apps, chat } from '@atelier/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiData, apiStream } from '../../api/client';
import { uploadFile } from '../../api/upload';
import { useAppSetting } from '../../stores/app-setting';
import { useAuthStore } from '../../stores/auth';
import type { ChatGroup, ChatRecord } from '../../stores/chat-storage';

/** The server's group as the chat store keeps it (docs/product.md §3: uuid from id, isEdit). */
export const toStoreGroup = (g: chat.ChatGroup): ChatGroup => ({
  uuid: g.id,
  title: g.title,
  isEdit: false,
  appId: g.appId,
  isSticky: g.isSticky,
  createdAt: g.createdAt,
  updatedAt: g.updatedAt,
});

export const toRecord = (log: chat.ChatLog): ChatRecord => ({
  id: log.id,
  role: log.role,
  content: log.content,
  imageUrl: log.imageUrl,
  status: log.status,
  model: log.model,
  createdAt: log.createdAt,
  reasoning: log.reasoning,
  reasoningMs: log.reasoningMs,
  finishReason: log.finishReason,
  sources: log.sources,
  toolCalls: log.toolCalls,
  files: log.files,
  parentId: log.parentId,
  siblings: log.siblings,
});

/** Whether the composer offers web search (an enabled search provider on the server). */
export const useToolsInfo = () => {
  const userId = useAuthStore((s) => s.userInfo?.id ?? null);
  return useQuery({
    queryKey: ['chat', 'tools-info', userId],
    queryFn: () => apiData(chat.chatToolsInfo),
    enabled: userId !== null,
    staleTime: 60_000,
    retry: false,
  });
};

export const fetchGroups = async (): Promise<ChatGroup[]> =>
  (await apiData(chat.listGroups)).rows.map(toStoreGroup);

export const createGroup = async (appId: number | null): Promise<ChatGroup> =>
  toStoreGroup(await apiData(chat.createGroup, { body: { appId } }));

export const updateGroup = async (body: {
  groupId: number;
  title?: string;
  isSticky?: boolean;
}): Promise<ChatGroup> => toStoreGroup(await apiData(chat.updateGroup, { body }));

export const deleteGroup = (groupId: number) => apiData(chat.deleteGroup, { body: { groupId } });
export const deleteAllGroups = () => apiData(chat.deleteAllGroups);

export const fetchLogs = async (groupId: number, signal?: AbortSignal): Promise<ChatRecord[]> =>
  (await apiData(chat.listMessages, { query: { groupId }, signal })).rows.map(toRecord);

/** Shows the branch through a message; answers the messages then on screen. */
export const switchBranch = async (groupId: number, id: number): Promise<ChatRecord[]> =>
  (await apiData(chat.switchBranch, { body: { groupId, id } })).rows.map(toRecord);

export const createShare = (groupId: number) => apiData(chat.createShare, { body: { groupId } });
export const fetchShares = async () => (await apiData(chat.listShares)).rows;
export const revokeShare = (id: string) => apiData(chat.revokeShare, { body: { id } });

export const fetchChatFiles = async () => (await apiData(chat.listChatFiles)).rows;
export const deleteChatFile = (id: number) => apiData(chat.deleteChatFile, { body: { id } });

export const deleteLog = (id: number) => apiData(chat.deleteMessage, { body: { id } });
export const clearLogs = (groupId: number) =>
  apiData(chat.clearGroupMessages, { body: { groupId } });

/** Streams one answer; `onLine` gets every line (the text so far in `text`). */
export const streamAnswer = (
  body: chat.ChatProcessBody,
  onLine: (line: chat.ChatStreamLine) => void,
  signal: AbortSignal,
) =>
  apiStream<typeof chat.streamAnswer, chat.ChatStreamLine>(chat.streamAnswer, {
    body,
    signal,
    onLine,
  });

/** The user's own endpoints (BYOK); none for a caller the server does not know yet. */
export const useOwnModels = () => {
  const userId = useAuthStore((s) => s.userInfo?.id ?? null);
  return useQuery({
    queryKey: ['chat', 'own-models', userId],
    queryFn: async () => (await apiData(chat.listOwnEndpoints)).rows,
    enabled: userId !== null,
    staleTime: 60_000,
    retry: false,
  });
};

/** The app a group was started from (its name, cover and description for the header). */
export const useAppInfo = (appId: number | null) => {
  const language = useAppSetting((s) => s.language);
  return useQuery({
    queryKey: ['chat', 'app', appId, language],
    queryFn: () => apiData(apps.appDetail, { query: { id: appId! } }),
    enabled: appId !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
};

/** Uploads a picture or file to attach to the next message. */
export const useUploadAttachment = () =>
  useMutation({ mutationFn: (file: File) => uploadFile(file) });
