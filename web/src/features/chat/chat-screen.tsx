import type { chat } from '@atelier/contracts';
import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { readPrefill } from '../../lib/prefill';
import { useIsMobile } from '../../components/use-is-mobile';
import { texts } from '../../lib/texts';
import { useAuthStore } from '../../stores/auth';
import { useChatStorage } from '../../stores/chat-storage';
import { usePromptStore } from '../../stores/prompt-store';
import { useSettingsStorage } from '../../stores/settings-storage';
import { useAppInfo } from './chat-api';
import { ChatHeader, PreviewModal } from './chat-header';
import { useChatGroupsLoading, useMessageViews } from './use-conversation';
import { isDefaultTitle } from './chat-logic';
import {
  clearChat,
  isStreaming,
  loadLogs,
  newGroup,
  removeLog,
  send,
  stop,
  useChatRuntime,
} from './chat-actions';
import { editQuestion, regenerate, switchBranch } from './branch-actions';
import { ChatInput } from './chat-input';
import { useWebSearchOn } from './web-search-toggle';
import { EmptyState, MessagesSkeleton } from './empty-state';
import { exportChatPng } from './export-png';
import { GroupList } from './group-list';
import type { MessageView } from './message-item';
import { useFillHeight } from './use-fill-height';
import { useModelChoice } from './use-model-choice';
import { Button, Drawer, Result, useModal } from '../../components/lite/lite';

/**
 * The messages (the virtual list, the answers' parts): fetched when a chat has messages, so a
 * first visit's empty chat fetches neither them nor the virtualiser.
 */
const MessageList = lazy(() => import('./message-list').then((m) => ({ default: m.MessageList })));

/**
 * Sends with the chosen model. A message sent before the model list has come (a quick first
 * question) waits for it, so it goes with the model the picker then shows instead of with none.
 */
function useSendWhenModelsCame(models: ReturnType<typeof useModelChoice>, systemMessage: string) {
  const [waiting, setWaiting] = useState<{
    prompt: string;
    imageUrl: string | null;
    files: chat.ChatFile[];
  } | null>(null);
  const webSearch = useWebSearchOn();
  useEffect(() => {
    if (!waiting || models.loading) return;
    setWaiting(null);
    void send({ choice: models.choice, systemMessage, webSearch, ...waiting });
  }, [waiting, models.loading, models.choice, systemMessage, webSearch]);
  return (prompt: string, imageUrl: string | null, files: chat.ChatFile[] = []) => {
    if (models.loading) setWaiting({ prompt, imageUrl, files });
    else void send({ choice: models.choice, systemMessage, webSearch, prompt, imageUrl, files });
  };
}

/** The messages, or what stands in for them: loading, a failure to load, the empty state. */
function ConversationBody(props: {
  views: MessageView[];
  app: ComponentProps<typeof EmptyState>['app'];
  lockedModel: string | null;
  models: ReturnType<typeof useModelChoice>;
  streaming: boolean;
  onSuggest: (prompt: string) => void;
  onRegenerate: () => void;
  onPreview: (message: MessageView) => void;
  onEdit: (id: number, prompt: string) => void;
}) {
  const { t } = useTranslation(['chat']);
  const active = useChatStorage((s) => s.active);
  const logsLoading = useChatRuntime((s) => s.logsLoading);
  const logsFailed = useChatRuntime((s) => s.logsFailed);
  const groupsLoading = useChatRuntime((s) => s.groupsLoading);
  const { lockedModel, models } = props;
  const empty = props.views.length === 0;
  return (
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
          app={props.app}
          disabled={props.streaming}
          onSuggest={props.onSuggest}
        />
      ) : (
        <Suspense fallback={<MessagesSkeleton />}>
          <MessageList
            messages={props.views}
            groupKey={active}
            busy={props.streaming}
            onDelete={removeLog}
            onRegenerate={props.onRegenerate}
            onPreview={props.onPreview}
            onEdit={props.onEdit}
            onSwitch={(id) => void switchBranch(id).catch(() => undefined)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The group list: a side column on wide screens, a drawer on phones. */
function GroupsPanel(props: {
  drawer: boolean;
  onCloseDrawer: () => void;
  confirm: (text: string, onOk: () => Promise<void>) => void;
  onLeaveApp: () => void;
}) {
  const { t } = useTranslation(['chat']);
  const mobile = useIsMobile();
  const panel = (
    <GroupList
      onPicked={props.onCloseDrawer}
      confirm={props.confirm}
      onLeaveApp={props.onLeaveApp}
    />
  );
  return (
    <>
      {!mobile && (
        <aside className="flex w-64 shrink-0 flex-col border-r border-white/5 bg-[#111116] xl:w-72">
          {panel}
        </aside>
      )}
      {mobile && (
        <Drawer
          open={props.drawer}
          onClose={props.onCloseDrawer}
          placement="left"
          width={300}
          title={t('chat:groups.list')}
          styles={{ body: { padding: 0 } }}
        >
          {panel}
        </Drawer>
      )}
    </>
  );
}

/** The conversation as a PNG, after the user confirms. */
function useExportPng(title: string, confirm: (text: string, onOk: () => Promise<void>) => void) {
  const { t } = useTranslation(['chat']);
  const chatList = useChatStorage((s) => s.chatList);
  const siteName = useAuthStore((s) => s.site?.siteName ?? s.globalConfig.siteName);
  const [exporting, setExporting] = useState(false);
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
  return { exporting, exportPng };
}

function Conversation() {
  const { t } = useTranslation(['chat', 'common', 'menu']);
  const height = useFillHeight();
  const [params, setParams] = useSearchParams();
  const appParam = Number(params.get('appId')) || null;
  const [modal, modalHolder] = useModal();

  const active = useChatStorage((s) => s.active);
  const groupList = useChatStorage((s) => s.groupList);
  const chatList = useChatStorage((s) => s.chatList);
  const streaming = useChatRuntime(isStreaming);
  const systemMessage = useSettingsStorage((s) => s.systemMessage);
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
  const [preview, setPreview] = useState<MessageView | null>(null);

  useChatGroupsLoading(appParam);

  // A prompt chosen in the prompt store dialog fills the input once.
  const chosen = usePromptStore((s) => s.chosen);
  useEffect(() => {
    const content = usePromptStore.getState().takeChosen();
    if (content !== null) setDraft(content);
  }, [chosen]);

  // The market's "use" (and draw the same) opens the chat with a prompt: it fills the input once.
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const prefill = readPrefill(location.state);
    if (!prefill) return;
    setDraft(prefill.prompt);
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location.state, location.pathname, location.search, navigate]);

  const leaveApp = () => {
    if (params.has('appId')) setParams({}, { replace: true });
  };

  const views = useMessageViews();
  const asked = { choice: models.choice, systemMessage, webSearch: useWebSearchOn() };

  const confirm = (text: string, onOk: () => Promise<void>) =>
    void modal.confirm({
      title: text,
      okText: t('chat:confirmOk'),
      cancelText: t('common:cancel'),
      onOk: () => onOk().catch(() => undefined),
    });

  const sendMessage = useSendWhenModelsCame(models, systemMessage);
  const submit = (prompt: string, imageUrl: string | null, files: chat.ChatFile[]) => {
    setDraft('');
    sendMessage(prompt, imageUrl, files);
  };

  const { exporting, exportPng } = useExportPng(title, confirm);

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
  const lockedModel = app?.modelName ?? null;

  return (
    <div
      className="flex min-h-0 bg-[#0c0c10]"
      style={{ height: height ?? undefined }}
      data-testid="chat-screen"
    >
      {modalHolder}
      <GroupsPanel
        drawer={drawer}
        onCloseDrawer={() => setDrawer(false)}
        confirm={confirm}
        onLeaveApp={leaveApp}
      />

      <section className="flex min-w-0 flex-1 flex-col">
        <ChatHeader
          title={title}
          app={app}
          appGroup={!!group?.appId}
          modelName={models.info?.name ?? null}
          canClear={chatList.length > 0 && !streaming}
          streaming={streaming}
          exporting={exporting}
          onOpenGroups={() => setDrawer(true)}
          onClear={() => confirm(t(texts.confirm.clearChat), clearChat)}
          onExport={exportPng}
          onCreate={create}
          groupId={group?.uuid ?? null}
        />

        <ConversationBody
          views={views}
          app={app}
          lockedModel={lockedModel}
          models={models}
          streaming={streaming}
          onSuggest={(prompt) => submit(prompt, null, [])}
          onRegenerate={() => void regenerate(asked)}
          onEdit={(id, prompt) => void editQuestion(id, prompt, asked)}
          onPreview={setPreview}
        />

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

      <PreviewModal preview={preview} onClose={() => setPreview(null)} />
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
