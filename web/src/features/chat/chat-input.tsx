import ArrowUpOutlined from '@ant-design/icons-svg/es/asn/ArrowUpOutlined';
import BookOutlined from '@ant-design/icons-svg/es/asn/BookOutlined';
import BranchesOutlined from '@ant-design/icons-svg/es/asn/BranchesOutlined';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import PictureOutlined from '@ant-design/icons-svg/es/asn/PictureOutlined';
import StopOutlined from '@ant-design/icons-svg/es/asn/StopOutlined';
import { Glyph } from '../../components/glyph';
import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { files } from '@atelier/contracts';
import { useIsMobile } from '../../components/use-is-mobile';
import { useEarlyPrompt } from '../../lib/first-paint';
import { useChatStorage } from '../../stores/chat-storage';
import { NoPrompts, SlashMenu } from './slash-menu';
import { useDialogs } from '../../stores/dialogs';
import { usePromptStore, type PromptEntry } from '../../stores/prompt-store';
import { useUploadAttachment } from './chat-api';
import { choiceKey, filterPrompts, parseChoice, slashQuery } from './chat-logic';
import { ModelPrice } from '../../components/model-price';
import { preloadMarkdown } from '../../components/markdown';
import type { useModelChoice } from './use-model-choice';
import type { chat } from '@atelier/contracts';
import { FilesButton, PendingFileChips, useChatFiles } from './chat-files';
import { WebSearchToggle } from './web-search-toggle';
import { MicButton } from './voice-record';
import { Button, Select, Tooltip } from '../../components/lite/lite';

/** The input's small tool buttons grow to a 40 px tap target on phones. */
const PHONE_TAP = 'max-[639px]:!h-10 max-[639px]:!min-w-10';

export interface ChatInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  streaming: boolean;
  models: ReturnType<typeof useModelChoice>;
  /** The model's name when the group's app fixes it: shown instead of the picker. */
  modelLocked: string | null;
  onSend: (prompt: string, imageUrl: string | null, files: chat.ChatFile[]) => void;
  onStop: () => void;
}

interface Attached {
  url: string;
  preview: string;
}

/** Keeps a picture uploaded for the next message (vision models only). */
function useAttachment() {
  const [attached, setAttached] = useState<Attached | null>(null);
  const upload = useUploadAttachment();
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    // A failure was shown by the client.
    const uploaded = await upload.mutateAsync(file).catch(() => null);
    if (uploaded)
      setAttached({ url: `${location.origin}${uploaded.url}`, preview: uploaded.thumbUrl });
  };

  return { attached, setAttached, uploading: upload.isPending, onFile };
}

/** The picture going with the next message, with a button that removes it. */
function AttachedPreview(props: { preview: string; onRemove: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <div className="flex items-center gap-2 px-3 pt-3">
      <span className="relative">
        <img
          src={props.preview}
          alt=""
          className="h-14 w-14 rounded-lg border border-white/10 object-cover"
        />
        <button
          type="button"
          aria-label={t('input.removeImage')}
          onClick={props.onRemove}
          className="absolute -top-2 -right-2 flex h-5 w-5 cursor-pointer items-center justify-center rounded-full border-0 bg-black/80 text-[10px] text-white"
        >
          <Glyph icon={CloseOutlined} />
        </button>
      </span>
    </div>
  );
}

/** The model of the next message, or the app's fixed model. */
function ModelPicker({ models, modelLocked }: Pick<ChatInputProps, 'models' | 'modelLocked'>) {
  const { t } = useTranslation('chat');
  const modelOptions = [
    {
      label: t('input.platformModels'),
      options: models.platform.map((m) => ({
        value: choiceKey({ kind: 'model', id: m.id }),
        // The demo is marked unless its name already says so.
        label: m.demo && !/demo/i.test(m.name) ? `${m.name} · ${t('input.demo')}` : m.name,
      })),
    },
    ...(models.mine.length
      ? [
          {
            label: t('input.ownModels'),
            options: models.mine.map((m) => ({
              value: choiceKey({ kind: 'own', id: m.id }),
              label: m.name,
            })),
          },
        ]
      : []),
  ];

  return modelLocked ? (
    <Tooltip title={t('input.modelFixed')}>
      <span className="truncate px-2 text-xs text-white/55">{modelLocked}</span>
    </Tooltip>
  ) : (
    <Select
      size="small"
      variant="borderless"
      popupMatchSelectWidth={false}
      loading={models.loading}
      value={models.choice ? choiceKey(models.choice) : undefined}
      placeholder={models.loading ? t('input.model') : t('input.noModels')}
      onChange={(key: string) => {
        const next = parseChoice(key);
        if (next) models.setChoice(next);
      }}
      options={modelOptions}
      aria-label={t('input.model')}
      className="max-w-44 min-w-28 max-[639px]:max-w-32 max-[639px]:min-w-20 sm:max-w-60"
      data-testid="chat-model"
    />
  );
}

/** The context switch and the prompt store button. */
function ContextAndPrompts() {
  const { t } = useTranslation('chat');
  const usingContext = useChatStorage((s) => s.usingContext);
  const setUsingContext = useChatStorage((s) => s.setUsingContext);
  return (
    <>
      <Tooltip title={usingContext ? t('input.contextOn') : t('input.contextOff')}>
        <Button
          size="small"
          type="text"
          icon={<Glyph icon={BranchesOutlined} />}
          aria-pressed={usingContext}
          aria-label={t('input.context')}
          onClick={() => setUsingContext(!usingContext)}
          className={`${PHONE_TAP} ${usingContext ? '!text-[var(--accent-text)]' : '!text-white/60'}`}
        >
          <span className="max-[639px]:hidden">{t('input.context')}</span>
        </Button>
      </Tooltip>
      <Tooltip title={t('input.promptStore')}>
        <Button
          size="small"
          type="text"
          icon={<Glyph icon={BookOutlined} />}
          aria-label={t('input.promptStore')}
          onClick={() => useDialogs.getState().open('promptStore')}
          className={`${PHONE_TAP} !text-white/60`}
        />
      </Tooltip>
    </>
  );
}

/** The picture button (vision models) and its file field. */
function AttachButton(props: {
  vision: boolean;
  uploading: boolean;
  onFile: (e: ChangeEvent<HTMLInputElement>) => Promise<void>;
}) {
  const { t } = useTranslation('chat');
  const fileRef = useRef<HTMLInputElement>(null);
  const { vision, uploading, onFile } = props;
  return (
    <>
      {vision && (
        <Tooltip title={t('input.attach')}>
          <Button
            size="small"
            type="text"
            icon={<Glyph icon={PictureOutlined} />}
            loading={uploading}
            aria-label={t('input.attach')}
            onClick={() => fileRef.current?.click()}
            className={`${PHONE_TAP} !text-white/60`}
          />
        </Tooltip>
      )}
      <input
        ref={fileRef}
        type="file"
        accept={files.uploadMimes.join(',')}
        hidden
        onChange={(e) => void onFile(e)}
      />
    </>
  );
}

/** Send, or stop while the answer streams. */
function SendOrStop(props: {
  streaming: boolean;
  canSend: boolean;
  onSend: () => void;
  onStop: () => void;
}) {
  const { t } = useTranslation('chat');
  return props.streaming ? (
    <Button
      shape="circle"
      icon={<Glyph icon={StopOutlined} />}
      onClick={props.onStop}
      aria-label={t('input.stop')}
      title={t('input.stop')}
      data-testid="chat-stop"
    />
  ) : (
    <Button
      type="primary"
      shape="circle"
      icon={<Glyph icon={ArrowUpOutlined} />}
      disabled={!props.canSend}
      onClick={props.onSend}
      aria-label={t('input.send')}
      title={t('input.send')}
      data-testid="chat-send"
    />
  );
}

/** What was typed into the server's first paint moves to the message box (docs/web.md, First paint). */
function useEarlyChatText(onChange: (value: string) => void): void {
  useEarlyPrompt(
    'chat',
    () => document.querySelector<HTMLTextAreaElement>('textarea[data-testid="chat-input"]'),
    onChange,
  );
}

/**
 * The message field: Enter sends (not while an input method is composing), Shift+Enter breaks
 * the line, `/` at the start opens the prompt menu. Above it: model, context mode, prompt store
 * and, for vision models, a picture.
 */
export function ChatInput({
  value,
  onChange,
  placeholder,
  streaming,
  models,
  modelLocked,
  onSend,
  onStop,
}: ChatInputProps) {
  const { t } = useTranslation('chat');
  const mobile = useIsMobile();
  const promptList = usePromptStore((s) => s.promptList);
  const { attached, setAttached, uploading, onFile } = useAttachment();
  const [selected, setSelected] = useState(0);
  const [menuClosedFor, setMenuClosedFor] = useState<string | null>(null);
  const query = slashQuery(value);
  const menuOpen = query !== null && menuClosedFor !== value;
  const items = menuOpen ? filterPrompts(promptList, query) : [];
  const vision = models.info?.vision ?? false;
  const files = useChatFiles(vision);
  const priced = modelLocked
    ? (models.platform.find((m) => m.name === modelLocked) ?? null)
    : models.priced;
  const canSend = value.trim().length > 0 && !streaming && !uploading && !files.busy;
  useEarlyChatText(onChange);

  const send = () => {
    // An answer is likely to hold markdown: its renderer loads while the model starts answering
    // (not while the visitor types: a visit that sends nothing never fetches it).
    if (!canSend) return;
    void preloadMarkdown();
    onSend(value.trim(), vision && attached ? attached.url : null, files.ready);
    setAttached(null);
    files.clear();
  };

  const pick = (entry: PromptEntry) => {
    onChange(entry.content);
    setSelected(0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // An input method (Chinese, Japanese…) uses Enter to confirm its candidate: not a send.
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (menuOpen && items.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setSelected((s) => (s + step + items.length) % items.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        pick(items[Math.min(selected, items.length - 1)]!);
        return;
      }
    }
    if (menuOpen && e.key === 'Escape') {
      e.preventDefault();
      setMenuClosedFor(value);
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send();
    }
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-3 pb-3 sm:px-6 sm:pb-5">
      <div
        className={`relative rounded-2xl border bg-[#17171d] shadow-[0_8px_30px_rgba(0,0,0,0.35)] transition-colors focus-within:border-white/25 ${files.drop.dragging ? 'border-[var(--accent)]' : 'border-white/10'}`}
        {...files.drop.handlers}
      >
        {menuOpen && promptList.length === 0 && <NoPrompts />}
        {menuOpen && promptList.length > 0 && (
          <SlashMenu
            items={items}
            selected={Math.min(selected, Math.max(0, items.length - 1))}
            onPick={pick}
            onHover={setSelected}
          />
        )}
        <PendingFileChips files={files} />
        {attached && vision && (
          <AttachedPreview preview={attached.preview} onRemove={() => setAttached(null)} />
        )}
        {/* antd's borderless text area (1–8 lines) drawn plain: the box needs no antd. */}
        <textarea
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            setSelected(0);
          }}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          aria-label={t('input.label')}
          // The box is what a desktop visitor came for; a phone would open its keyboard.
          autoFocus={!mobile}
          aria-controls={menuOpen ? 'chat-slash-menu' : undefined}
          aria-activedescendant={
            menuOpen && items.length
              ? `chat-slash-${Math.min(selected, items.length - 1)}`
              : undefined
          }
          rows={1}
          className="ant-input block max-h-[208px] min-h-10 w-full resize-none rounded-lg border-0 bg-transparent px-4 pt-3 pb-1 text-[15px] leading-6 text-white/88 [field-sizing:content] placeholder:text-white/25 focus:outline-none"
          data-testid="chat-input"
        />
        <div className="flex flex-wrap items-center gap-1 px-2 pb-2">
          <ModelPicker models={models} modelLocked={modelLocked} />
          <ContextAndPrompts />
          <WebSearchToggle />
          <AttachButton vision={vision} uploading={uploading} onFile={onFile} />
          <FilesButton onFiles={files.add} className={`${PHONE_TAP} !text-white/60`} />
          <MicButton disabled={streaming} text={value} onText={onChange} />
          <span className="ml-auto" />
          <ComposerPrice model={priced} />
          <SendOrStop streaming={streaming} canSend={canSend} onSend={send} onStop={onStop} />
        </div>
      </div>
      <p className="m-0 mt-2 text-center text-[11px] text-white/50 max-[639px]:hidden">
        {t('input.hint')}
      </p>
    </div>
  );
}

/**
 * The price of an answer. On a phone it takes a line of its own under the buttons: beside six
 * of them it squeezed the model's name to one letter.
 */
function ComposerPrice({ model }: { model: Parameters<typeof ModelPrice>[0]['model'] }) {
  return (
    <span className="max-[639px]:order-last max-[639px]:basis-full max-[639px]:text-right">
      <ModelPrice model={model} />
    </span>
  );
}
