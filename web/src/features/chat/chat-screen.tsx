import {
  ClearOutlined,
  FileImageOutlined,
  LockOutlined,
  MenuOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Tooltip from 'antd/es/tooltip';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Markdown, preloadMarkdown } from '../../components/markdown';
import { useIsMobile } from '../../components/use-is-mobile';
import { texts } from '../../lib/texts';
import { useAuthStore } from '../../stores/auth';
import { useChatStorage } from '../../stores/chat-storage';
import { usePromptStore } from '../../stores/prompt-store';
import { useSettingsStorage } from '../../stores/settings-storage';
import { useAppInfo } from './chat-api';
import { isDefaultTitle } from './chat-logic';
import {
  clearChat,
  isStreaming,
  loadGroups,
  loadLogs,
  newGroup,
  openAppGroup,
  regenerate,
  removeLog,
  send,
  stop,
  useChatRuntime,
} from './chat-actions';
import { ChatInput } from './chat-input';
import { EmptyState, MessagesSkeleton } from './empty-state';
import { exportChatPng } from './export-png';
import { GroupList } from './group-list';
import type { MessageView } from './message-item';
import { MessageList } from './message-list';
import { SystemMessageButton } from './system-message-button';
import { useFillHeight } from './use-fill-height';
import { useModelChoice } from './use-model-choice';
import './chat.css';

/** The shell's start-up spinner gives up after 4 s; so does the wait for the identity. */
const IDENTITY_WAIT_MS = 4_000;

function Conversation() {
  const { t } = useTranslation(['chat', 'common', 'menu']);
  const mobile = useIsMobile();
  const height = useFillHeight();
  const [params, setParams] = useSearchParams();
  const appParam = Number(params.get('appId')) || null;
  const [modal, modalHolder] = Modal.useModal();

  const active = useChatStorage((s) => s.active);
  const groupList = useChatStorage((s) => s.groupList);
  const chatList = useChatStorage((s) => s.chatList);
  const pending = useChatRuntime((s) => s.pending);
  const answerErrors = useChatRuntime((s) => s.answerErrors);
  const logsLoading = useChatRuntime((s) => s.logsLoading);
  const logsFailed = useChatRuntime((s) => s.logsFailed);
  const groupsLoading = useChatRuntime((s) => s.groupsLoading);
  const streaming = useChatRuntime(isStreaming);
  const systemMessage = useSettingsStorage((s) => s.systemMessage);
  const siteName = useAuthStore((s) => s.site?.siteName ?? s.globalConfig.siteName);
  const models = useModelChoice();

  const group = groupList.find((g) => g.uuid === active) ?? null;
  const appInfo = useAppInfo(group?.appId ?? null);
  const app = group?.appId ? (appInfo.data ?? null) : null;
  // Chats started from an app before they were named after it still read "New chat".
  const title = group
    ? isDefaultTitle(group.title)
      ? (app?.name ?? t('chat:header.newChat'))
      : group.title
    : t('menu:chat');
  const [draft, setDraft] = useState('');
  const [drawer, setDrawer] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [preview, setPreview] = useState<MessageView | null>(null);

  // The shell registers a first-time guest while this screen mounts: calls made before the
  // identity is known would be refused. Groups load once it is (or after a while regardless),
  // and again for another account; `/Chat?appId=N` then opens that app's group.
  const userId = useAuthStore((s) => s.userInfo?.id ?? null);
  const [waitedOut, setWaitedOut] = useState(false);
  const identityReady = userId !== null || waitedOut;
  const groupsLoaded = useRef<Promise<void> | null>(null);
  useEffect(() => {
    const identityTimer = setTimeout(() => setWaitedOut(true), IDENTITY_WAIT_MS);
    // The renderer is big; fetching it once the screen is idle keeps the first paint quick.
    const preloadTimer = setTimeout(() => void preloadMarkdown(), 1_000);
    return () => {
      clearTimeout(identityTimer);
      clearTimeout(preloadTimer);
    };
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

  // A prompt chosen in the prompt store dialog fills the input once.
  const chosen = usePromptStore((s) => s.chosen);
  useEffect(() => {
    const content = usePromptStore.getState().takeChosen();
    if (content !== null) setDraft(content);
  }, [chosen]);

  const leaveApp = () => {
    if (params.has('appId')) setParams({}, { replace: true });
  };

  const views = useMemo<MessageView[]>(() => {
    const list: MessageView[] = chatList.map((r) => ({
      key: `log-${r.id}`,
      id: r.id,
      role: r.role,
      content: r.content,
      imageUrl: r.imageUrl ?? null,
      state: r.status ?? 'done',
      error:
        r.role === 'assistant' && r.status === 'error'
          ? (answerErrors[r.id] ?? t('chat:message.failedUnknown'))
          : null,
    }));
    if (pending && pending.groupId === active) {
      list.push(
        {
          key: 'pending-question',
          id: null,
          role: 'user',
          content: pending.prompt,
          imageUrl: pending.imageUrl,
          state: 'done',
          error: null,
        },
        {
          key: 'pending-answer',
          id: null,
          role: 'assistant',
          content: pending.answer,
          imageUrl: null,
          state:
            pending.phase === 'failed'
              ? 'error'
              : pending.phase === 'waiting'
                ? 'waiting'
                : 'streaming',
          error: pending.error,
        },
      );
    }
    return list;
  }, [chatList, pending, active, answerErrors, t]);

  const confirm = (text: string, onOk: () => Promise<void>) =>
    void modal.confirm({
      title: text,
      okText: t('chat:confirmOk'),
      cancelText: t('common:cancel'),
      onOk: () => onOk().catch(() => undefined),
    });

  const sendInput = { choice: models.choice, systemMessage };
  const submit = (prompt: string, imageUrl: string | null) => {
    setDraft('');
    void send({ ...sendInput, prompt, imageUrl });
  };

  const exportPng = () =>
    confirm(t(texts.confirm.exportPng), async () => {
      setExporting(true);
      try {
        await exportChatPng(
          chatList.map((m) => ({ role: m.role, content: m.content })),
          {
            title,
            fileName: `chat-${Date.now()}`,
            siteName,
          },
        );
      } finally {
        setExporting(false);
      }
    });

  const create = () =>
    void newGroup(null).then(
      () => leaveApp(),
      () => undefined,
    );

  const placeholder = !group?.appId
    ? t('chat:input.placeholder')
    : app
      ? t('chat:input.placeholderApp', { name: app.name })
      : t('chat:input.placeholderAppLoading');
  const empty = views.length === 0;
  const lockedModel = app?.modelName ?? null;

  const groupPanel = (
    <GroupList onPicked={() => setDrawer(false)} confirm={confirm} onLeaveApp={leaveApp} />
  );

  return (
    <div
      className="flex min-h-0 bg-[#0c0c10]"
      style={{ height: height ?? undefined }}
      data-testid="chat-screen"
    >
      {modalHolder}
      {!mobile && (
        <aside className="flex w-64 shrink-0 flex-col border-r border-white/5 bg-[#111116] xl:w-72">
          {groupPanel}
        </aside>
      )}
      {mobile && (
        <Drawer
          open={drawer}
          onClose={() => setDrawer(false)}
          placement="left"
          width={300}
          title={t('chat:groups.list')}
          styles={{ body: { padding: 0 } }}
        >
          {groupPanel}
        </Drawer>
      )}

      <section className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-12 shrink-0 items-center gap-2 border-b border-white/5 px-2 sm:h-14 sm:px-4">
          {mobile && (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={t('chat:groups.open')}
              onClick={() => setDrawer(true)}
            />
          )}
          <div className="flex min-w-0 flex-1 flex-col">
            <h1
              className="m-0 truncate text-[15px] font-medium text-white/90"
              data-testid="chat-title"
            >
              {title}
            </h1>
            {group?.appId ? (
              <Tooltip title={t('chat:header.fixedRoleHint')}>
                <span
                  className="flex items-center gap-1 truncate text-xs text-white/55"
                  data-testid="chat-role"
                >
                  <LockOutlined />
                  {app ? t('chat:header.fixedRole', { name: app.name }) : t('chat:header.appGroup')}
                </span>
              </Tooltip>
            ) : models.info ? (
              <span className="truncate text-xs text-white/55">{models.info.name}</span>
            ) : null}
          </div>
          {!group?.appId && <SystemMessageButton />}
          <Tooltip title={t('chat:header.clear')}>
            <Button
              type="text"
              icon={<ClearOutlined />}
              aria-label={t('chat:header.clear')}
              disabled={chatList.length === 0 || streaming}
              onClick={() => confirm(t(texts.confirm.clearChat), clearChat)}
            />
          </Tooltip>
          <Tooltip title={t('chat:header.export')}>
            <Button
              type="text"
              icon={<FileImageOutlined />}
              aria-label={t('chat:header.export')}
              loading={exporting}
              disabled={chatList.length === 0 || streaming}
              onClick={exportPng}
            />
          </Tooltip>
          {mobile && (
            <Button
              type="text"
              icon={<PlusOutlined />}
              aria-label={t('chat:groups.newChat')}
              disabled={streaming}
              onClick={create}
            />
          )}
        </header>

        <div className="min-h-0 flex-1">
          {(groupsLoading || logsLoading) && empty ? (
            <MessagesSkeleton />
          ) : logsFailed && empty ? (
            <Result
              status="warning"
              title={t('chat:loadFailed')}
              extra={<Button onClick={() => void loadLogs(active)}>{t('chat:retry')}</Button>}
            />
          ) : empty ? (
            <EmptyState
              modelName={lockedModel ?? models.info?.name ?? null}
              demo={!lockedModel && (models.info?.demo ?? false)}
              app={app}
              disabled={streaming}
              onSuggest={(prompt) => submit(prompt, null)}
            />
          ) : (
            <MessageList
              messages={views}
              groupKey={active}
              busy={streaming}
              onDelete={removeLog}
              onRegenerate={() => void regenerate(sendInput)}
              onPreview={setPreview}
            />
          )}
        </div>

        <ChatInput
          value={draft}
          onChange={setDraft}
          placeholder={placeholder}
          streaming={streaming}
          models={models}
          modelLocked={lockedModel}
          onSend={submit}
          onStop={stop}
        />
      </section>

      <Modal
        open={preview !== null}
        onCancel={() => setPreview(null)}
        footer={null}
        width={mobile ? '100%' : 900}
        title={t('chat:message.preview')}
        destroyOnHidden
      >
        {preview && (
          <div className="max-h-[75vh] overflow-y-auto pr-1" data-testid="chat-preview">
            <Markdown text={preview.content} className="text-[15px] text-white/85" />
          </div>
        )}
      </Modal>
    </div>
  );
}

/**
 * `/Chat`: chat groups (sticky first, search, rename, pin, delete), the conversation (markdown,
 * streaming, stop, regenerate, copy, raw text, preview, delete), clear and PNG export behind the
 * spec's confirmations, and `/Chat?appId=N` for a chat whose role an app fixes.
 */
export default function ChatScreen() {
  return <Conversation />;
}
