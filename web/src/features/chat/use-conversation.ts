import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../stores/auth';
import { useChatStorage } from '../../stores/chat-storage';
import { loadGroups, openAppGroup, useChatRuntime } from './chat-actions';
import { branchPager } from './chat-logic';
import type { MessageView } from './message-item';

/** The shell's start-up spinner gives up after 4 s; so does the wait for the identity. */
const IDENTITY_WAIT_MS = 4_000;

/**
 * Loads the chat groups once the visitor's identity is known, and opens the group of the app
 * in `/Chat?appId=N`.
 */
export function useChatGroupsLoading(appParam: number | null) {
  // The shell registers a first-time guest while this screen mounts: calls made before the
  // identity is known would be refused. Groups load once it is (or after a while regardless),
  // and again for another account; `/Chat?appId=N` then opens that app's group.
  const userId = useAuthStore((s) => s.userInfo?.id ?? null);
  const [waitedOut, setWaitedOut] = useState(false);
  const identityReady = userId !== null || waitedOut;
  const groupsLoaded = useRef<Promise<void> | null>(null);
  useEffect(() => {
    const identityTimer = setTimeout(() => setWaitedOut(true), IDENTITY_WAIT_MS);
    return () => clearTimeout(identityTimer);
  }, []);
  useEffect(() => {
    if (identityReady) groupsLoaded.current = loadGroups();
  }, [identityReady, userId]);
  useEffect(() => {
    if (!appParam || !identityReady) return;
    let alive = true;
    void (groupsLoaded.current ?? Promise.resolve()).then(() => {
      if (alive) return openAppGroup(appParam).catch(() => undefined);
    });
    return () => {
      alive = false;
    };
  }, [appParam, identityReady]);
}

/** The rows of the message list: the saved messages, then the exchange being answered. */
export function useMessageViews(): MessageView[] {
  const { t } = useTranslation(['chat']);
  const active = useChatStorage((s) => s.active);
  const chatList = useChatStorage((s) => s.chatList);
  const pending = useChatRuntime((s) => s.pending);
  const answerErrors = useChatRuntime((s) => s.answerErrors);
  return useMemo<MessageView[]>(() => {
    const list: MessageView[] = chatList.map((r, i) => ({
      key: `log-${r.id}`,
      id: r.id,
      role: r.role,
      content: r.content,
      imageUrl: r.imageUrl ?? null,
      state: r.status ?? 'done',
      reasoning: r.reasoning ?? '',
      reasoningMs: r.reasoningMs ?? null,
      finishReason: r.finishReason ?? null,
      sources: r.sources ?? [],
      toolCalls: r.toolCalls ?? [],
      files: r.files ?? [],
      error:
        r.role === 'assistant' && r.status === 'error'
          ? (answerErrors[r.id] ?? t('chat:message.failedUnknown'))
          : null,
      pager: branchPager(chatList, i),
    }));
    if (pending && pending.groupId === active) {
      const question: MessageView[] = pending.regenerate
        ? []
        : [
            {
              key: 'pending-question',
              id: null,
              role: 'user',
              content: pending.prompt,
              imageUrl: pending.imageUrl,
              files: pending.files,
              state: 'done',
              reasoning: '',
              reasoningMs: null,
              finishReason: null,
              sources: [],
              toolCalls: [],
              error: null,
              pager: null,
            },
          ];
      list.push(...question, {
        key: 'pending-answer',
        id: null,
        role: 'assistant',
        content: pending.answer,
        reasoning: pending.reasoning,
        reasoningMs: pending.reasoningMs,
        finishReason: pending.finishReason,
        sources: pending.sources,
        toolCalls: pending.toolCalls,
        imageUrl: null,
        files: [],
        state:
          pending.phase === 'failed'
            ? 'error'
            : pending.phase === 'waiting'
              ? 'waiting'
              : 'streaming',
        error: pending.error,
        pager: null,
      });
    }
    return list;
  }, [chatList, pending, active, answerErrors, t]);
}
