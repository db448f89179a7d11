import CodeOutlined from '@ant-design/icons-svg/es/asn/CodeOutlined';
import CopyOutlined from '@ant-design/icons-svg/es/asn/CopyOutlined';
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import ExpandOutlined from '@ant-design/icons-svg/es/asn/ExpandOutlined';
import FileTextOutlined from '@ant-design/icons-svg/es/asn/FileTextOutlined';
import RedoOutlined from '@ant-design/icons-svg/es/asn/RedoOutlined';
import RobotOutlined from '@ant-design/icons-svg/es/asn/RobotOutlined';
import WarningOutlined from '@ant-design/icons-svg/es/asn/WarningOutlined';
import { Glyph } from '../../components/glyph';
import { memo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { chat } from '@atelier/contracts';
import { Markdown } from '../../components/markdown';
import { AnswerImage, isOwnPicture } from '../../components/markdown/answer-image';
import { copyText } from '../../components/markdown/copy-text';
import { notify } from '../../lib/notify';
import { texts } from '../../lib/texts';
import type { BranchPager } from './chat-logic';
import { ThinkingPart } from './thinking-part';
import { Pager } from './branch-pager';
import { SourcesPart, ToolCallsPart } from './tool-parts';
import { AnswerPictures, MessageFiles, type FileChipView } from './chat-files';
import { SpeakButton } from './voice-speak';
import { Button, Popconfirm, TextArea, Tooltip } from '../../components/lite/lite';

/** One row of the list: a saved message or the exchange being answered. */
export interface MessageView {
  key: string;
  /** The chat-log id; null while the exchange is not saved yet. */
  id: number | null;
  role: 'user' | 'assistant';
  content: string;
  imageUrl: string | null;
  /** The files sent with a question (with what was used, once saved). */
  files: FileChipView[];
  /** `streaming`: text still arriving; `waiting`: nothing yet. */
  state: 'done' | 'partial' | 'error' | 'streaming' | 'waiting';
  /** A reasoning model's thinking ('' for none) and how long it took (null while it thinks). */
  reasoning: string;
  reasoningMs: number | null;
  /** Why the upstream cut the answer short, said under it. */
  finishReason: 'length' | 'content_filter' | null;
  /** A web-search answer's numbered sources, and the tool calls made for it. */
  sources: chat.WebSource[];
  toolCalls: chat.ToolCall[];
  error: string | null;
  /** "< i/n >" when this message (or, for an answer, its question) has other branches. */
  pager: BranchPager | null;
}

export interface MessageItemProps {
  message: MessageView;
  /** Regenerate is offered on the last answer only. */
  canRegenerate: boolean;
  busy: boolean;
  onDelete: (id: number) => Promise<void>;
  onRegenerate: () => void;
  onPreview: (message: MessageView) => void;
  /** Sends an edited question in place of this one (the earlier one stays as a branch). */
  onEdit: (id: number, prompt: string) => void;
  /** Shows the branch through another message. */
  onSwitch: (id: number) => void;
}

/** A question being edited in place: send it as a new branch, or cancel. */
function EditBox(props: { initial: string; onSend: (text: string) => void; onCancel: () => void }) {
  const { t } = useTranslation(['chat']);
  const [text, setText] = useState(props.initial);
  const ok = text.trim() !== '';
  return (
    <div className="flex w-full max-w-[85%] flex-col gap-2 sm:max-w-[75%]">
      <TextArea
        autoFocus
        aria-label={t('chat:message.editLabel')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 2, maxRows: 12 }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') props.onCancel();
        }}
      />
      <div className="flex justify-end gap-2">
        <Button size="small" onClick={props.onCancel}>
          {t('chat:message.editCancel')}
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={!ok}
          onClick={() => props.onSend(text.trim())}
        >
          {t('chat:message.editSend')}
        </Button>
      </div>
    </div>
  );
}

function Action({
  label,
  icon,
  onClick,
  disabled,
}: {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        size="small"
        type="text"
        icon={icon}
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
        className="!text-white/55 hover:!text-white/85"
      />
    </Tooltip>
  );
}

/** A message's buttons: copy, raw/rendered, preview, regenerate, delete. */
function MessageActions({
  message,
  raw,
  onToggleRaw,
  canRegenerate,
  busy,
  onDelete,
  onRegenerate,
  onPreview,
  onSwitch,
  onStartEdit,
}: MessageItemProps & { raw: boolean; onToggleRaw: () => void; onStartEdit: () => void }) {
  const { t } = useTranslation(['chat', 'common']);
  const user = message.role === 'user';
  const copy = () =>
    copyText(message.content).then(
      () => notify.success(t(texts.success.copied)),
      () => notify.error(t(texts.errors.failed)),
    );

  return (
    <div
      className={`flex items-center gap-0.5 ${user ? 'justify-end' : ''} opacity-100 transition-opacity sm:opacity-0 sm:group-focus-within/msg:opacity-100 sm:group-hover/msg:opacity-100`}
    >
      {message.pager && <Pager pager={message.pager} busy={busy} onSwitch={onSwitch} />}
      <Action
        label={t('chat:message.copy')}
        icon={<Glyph icon={CopyOutlined} />}
        onClick={() => void copy()}
      />
      {!user && message.id !== null && <SpeakButton messageId={message.id} />}
      {user && message.id !== null && (
        <Action
          label={t('chat:message.edit')}
          icon={<Glyph icon={EditOutlined} />}
          onClick={onStartEdit}
          disabled={busy}
        />
      )}
      {!user && (
        <Action
          label={raw ? t('chat:message.rendered') : t('chat:message.raw')}
          icon={raw ? <Glyph icon={FileTextOutlined} /> : <Glyph icon={CodeOutlined} />}
          onClick={onToggleRaw}
        />
      )}
      {!user && (
        <Action
          label={t('chat:message.preview')}
          icon={<Glyph icon={ExpandOutlined} />}
          onClick={() => onPreview(message)}
        />
      )}
      {canRegenerate && (
        <Action
          label={t('chat:message.regenerate')}
          icon={<Glyph icon={RedoOutlined} />}
          onClick={onRegenerate}
          disabled={busy}
        />
      )}
      {message.id !== null && (
        <Popconfirm
          title={t(texts.confirm.deleteMessage)}
          okText={t('chat:message.delete')}
          okButtonProps={{ danger: true }}
          onConfirm={() => onDelete(message.id!).catch(() => undefined)}
        >
          <span>
            <Action
              label={t('chat:message.delete')}
              icon={<Glyph icon={DeleteOutlined} />}
              disabled={busy}
            />
          </span>
        </Popconfirm>
      )}
    </div>
  );
}

/** A question: its picture, its text (or the box editing it), its actions. */
function Question({
  message,
  editing,
  actions,
  onCancel,
  onSend,
}: {
  message: MessageView;
  editing: boolean;
  actions: ReactNode;
  onCancel: () => void;
  onSend: (text: string) => void;
}) {
  return (
    <article
      data-testid="chat-message"
      data-role="user"
      className="group/msg flex flex-col items-end gap-1"
    >
      {message.imageUrl &&
        (isOwnPicture(message.imageUrl) ? (
          <img
            src={message.imageUrl}
            alt=""
            loading="lazy"
            className="max-h-60 max-w-[70%] rounded-xl border border-white/10 object-cover"
          />
        ) : (
          // Another site's picture (sent through the API): the page's policy loads none by
          // itself, so it waits for a click and comes through the guarded proxy.
          <div className="md max-w-[70%]">
            <AnswerImage src={message.imageUrl} alt="" title={undefined} eager={false} />
          </div>
        ))}
      <MessageFiles files={message.files} />
      {editing && message.id !== null ? (
        <EditBox initial={message.content} onCancel={onCancel} onSend={onSend} />
      ) : (
        <div className="max-w-[85%] rounded-2xl rounded-br-md bg-[#2a2a36] px-4 py-2.5 text-[15px] leading-7 break-words whitespace-pre-wrap text-white/90 sm:max-w-[75%]">
          {message.content}
        </div>
      )}
      {message.id !== null && !editing && actions}
    </article>
  );
}

/** A message: the user's as a bubble, the answer as markdown (or raw text) with its actions. */
export const MessageItem = memo(function MessageItem({
  message,
  canRegenerate,
  busy,
  onDelete,
  onRegenerate,
  onPreview,
  onEdit,
  onSwitch,
}: MessageItemProps) {
  const { t } = useTranslation(['chat', 'common']);
  const [raw, setRaw] = useState(false);
  const [editing, setEditing] = useState(false);
  const user = message.role === 'user';
  const live = message.state === 'streaming' || message.state === 'waiting';

  const actions = (
    <MessageActions
      message={message}
      raw={raw}
      onToggleRaw={() => setRaw((r) => !r)}
      canRegenerate={canRegenerate}
      busy={busy}
      onDelete={onDelete}
      onRegenerate={onRegenerate}
      onPreview={onPreview}
      onEdit={onEdit}
      onSwitch={onSwitch}
      onStartEdit={() => setEditing(true)}
    />
  );

  if (user)
    return (
      <Question
        message={message}
        editing={editing}
        actions={actions}
        onCancel={() => setEditing(false)}
        onSend={(text) => {
          setEditing(false);
          onEdit(message.id!, text);
        }}
      />
    );

  return (
    <article
      data-testid="chat-message"
      data-role="assistant"
      data-state={message.state}
      className="group/msg flex gap-3"
    >
      <span
        aria-hidden
        className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-[var(--accent)] to-fuchsia-500 text-sm text-white max-[639px]:hidden"
      >
        <Glyph icon={RobotOutlined} />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {message.reasoning && (
          <ThinkingPart
            reasoning={message.reasoning}
            ms={message.reasoningMs}
            thinking={live && message.content === ''}
          />
        )}
        {message.toolCalls.length > 0 && <ToolCallsPart calls={message.toolCalls} />}
        {message.state === 'waiting' ? (
          <div className="flex h-8 items-center gap-1.5" aria-label={t('chat:message.thinking')}>
            <span className="chat-dot" />
            <span className="chat-dot [animation-delay:150ms]" />
            <span className="chat-dot [animation-delay:300ms]" />
          </div>
        ) : raw ? (
          <pre
            data-testid="chat-raw"
            className="m-0 rounded-lg bg-white/[0.04] p-3 font-mono text-[13px] leading-6 break-words whitespace-pre-wrap text-white/80"
          >
            {message.content}
          </pre>
        ) : message.content ? (
          <div className={live ? 'chat-streaming' : undefined} data-testid="chat-answer">
            <Markdown text={message.content} className="text-[15px] text-white/85" />
          </div>
        ) : null}
        {message.sources.length > 0 && <SourcesPart sources={message.sources} />}
        {!live && <AnswerPictures content={message.content} />}
        {message.error ? (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-red-500/25 bg-red-500/10 px-3 py-2 text-[13px] leading-6 text-red-200"
          >
            <Glyph icon={WarningOutlined} className="mt-1.5" />
            <span className="break-words">{message.error}</span>
          </div>
        ) : message.state === 'partial' ? (
          <span className="text-xs text-white/55">{t('chat:message.stopped')}</span>
        ) : null}
        {message.finishReason && !live && (
          <span data-testid="chat-cut" className="text-xs text-amber-200/80">
            {message.finishReason === 'length'
              ? t('chat:message.cutLength')
              : t('chat:message.cutFilter')}
          </span>
        )}
        {!live && actions}
      </div>
    </article>
  );
});
