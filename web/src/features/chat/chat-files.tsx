import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import ExportOutlined from '@ant-design/icons-svg/es/asn/ExportOutlined';
import FileTextOutlined from '@ant-design/icons-svg/es/asn/FileTextOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import PaperClipOutlined from '@ant-design/icons-svg/es/asn/PaperClipOutlined';
import PictureOutlined from '@ant-design/icons-svg/es/asn/PictureOutlined';
import { Glyph } from '../../components/glyph';
import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chat } from '@atelier/contracts';
import { API_BASE, ApiError, handleAnswer, identityHeaders } from '../../api/client';
import { t as translate } from '../../i18n';
import { notify } from '../../lib/notify';
import { Button, Tooltip } from '../../components/lite/lite';

/* Files in the conversation and pictures in answers (docs/chat.md). */

/** At most this many files go with one message (the server's limit too). */
export const MAX_FILES = 10;

/** What the file field offers (the server reads the bytes, not the name, to decide). */
export const FILE_ACCEPT =
  '.pdf,.docx,.xlsx,.pptx,.csv,.tsv,.txt,.md,.markdown,.json,.yaml,.yml,.xml,.html,.css,' +
  '.js,.mjs,.ts,.tsx,.jsx,.py,.rb,.go,.rs,.java,.kt,.swift,.c,.h,.cpp,.hpp,.cs,.php,.sh,.sql,.toml,.ini,.log';

/** `POST /chat/files` (multipart `file`), with the identity headers like every call. */
async function uploadChatFile(file: File): Promise<chat.ChatFile> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${chat.uploadChatFile.path}`, {
      method: 'POST',
      headers: identityHeaders(),
      body: form,
    });
  } catch {
    const text = translate('errors:network');
    notify.error(text);
    throw new ApiError(text, 0);
  }
  const body = (await response.json().catch(() => null)) as Parameters<typeof handleAnswer>[2];
  const answer = handleAnswer<chat.ChatFile>(chat.uploadChatFile.path, response.status, body);
  if (!answer.success) throw new ApiError(answer.message, 420);
  return answer.data;
}

export interface PendingFile {
  key: string;
  name: string;
  size: number;
  status: 'uploading' | 'ready' | 'failed';
  file: chat.ChatFile | null;
}

let nextKey = 0;

/** The files going with the next message: each uploaded (and read) as soon as it is added. */
export function useChatFiles(vision: boolean) {
  const { t } = useTranslation('chat');
  const [items, setItems] = useState<PendingFile[]>([]);
  const patch = (key: string, p: Partial<PendingFile>) =>
    setItems((list) => list.map((f) => (f.key === key ? { ...f, ...p } : f)));
  const add = (files: File[]) => {
    const room = MAX_FILES - items.length;
    if (files.length > room) notify.error(t('files.tooMany', { max: MAX_FILES }));
    const taken = files.slice(0, Math.max(0, room));
    const added = taken.map((f) => ({
      key: `f${nextKey++}`,
      name: f.name,
      size: f.size,
      status: 'uploading' as const,
      file: null,
    }));
    setItems((list) => [...list, ...added]);
    taken.forEach((f, i) => {
      const key = added[i]!.key;
      uploadChatFile(f).then(
        (file) => patch(key, { status: 'ready', file }),
        // The client showed why.
        () => patch(key, { status: 'failed' }),
      );
    });
  };
  return {
    items,
    add,
    remove: (key: string) => setItems((list) => list.filter((f) => f.key !== key)),
    clear: () => setItems([]),
    ready: items.flatMap((f) => (f.status === 'ready' && f.file ? [f.file] : [])),
    busy: items.some((f) => f.status === 'uploading'),
    drop: useFileDrop(add, vision),
  };
}

export const formatSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** What a chip shows of a file: the name, size, pages and, once sent, what was used. */
export interface FileChipView {
  name: string;
  size: number;
  format?: chat.ChatFile['format'];
  pages?: number;
  hasText?: boolean;
  used?: chat.UsedFile['used'];
  usedPages?: number[];
  /** Deleted by its owner since it was sent. */
  deleted?: boolean;
}

function pagesText(t: (k: string, o?: Record<string, unknown>) => string, f: FileChipView) {
  if (!f.pages || f.pages < 2) return null;
  const key =
    f.format === 'xlsx' ? 'files.sheets' : f.format === 'pptx' ? 'files.slides' : 'files.pages';
  return t(key, { count: f.pages });
}

function usedText(t: (k: string, o?: Record<string, unknown>) => string, f: FileChipView) {
  if (f.deleted) return t('files.deleted');
  if (f.hasText === false || f.used === 'none')
    return f.hasText === false ? t('files.noText') : t('files.usedNone');
  if (f.used === 'whole') return t('files.usedWhole');
  if (f.used === 'parts') return t('files.usedParts', { pages: (f.usedPages ?? []).join(', ') });
  return null;
}

/** One file as a chip: its name, size, pages and what of it the model got. */
export function FileChip(props: {
  file: FileChipView;
  status?: PendingFile['status'];
  onRemove?: () => void;
}) {
  const { t } = useTranslation('chat');
  const { file, status } = props;
  const details = [formatSize(file.size), pagesText(t, file), usedText(t, file)]
    .filter(Boolean)
    .join(' · ');
  return (
    <span
      data-testid="chat-file-chip"
      data-status={status ?? (file.deleted ? 'deleted' : 'sent')}
      className={`inline-flex max-w-full items-center gap-2 rounded-lg border px-2.5 py-1.5 text-xs ${
        status === 'failed'
          ? 'border-red-500/40 bg-red-500/10 text-red-200'
          : 'border-white/10 bg-white/[0.05] text-white/80'
      }`}
    >
      {status === 'uploading' ? (
        <Glyph icon={LoadingOutlined} />
      ) : (
        <Glyph icon={FileTextOutlined} />
      )}
      <span className="flex min-w-0 flex-col leading-4">
        <span
          className={`truncate font-medium ${file.deleted ? 'line-through opacity-60' : ''}`}
          title={file.name}
        >
          {file.name}
        </span>
        <span className="truncate text-white/55">
          {status === 'uploading'
            ? t('files.uploading')
            : status === 'failed'
              ? t('files.failed')
              : details}
        </span>
      </span>
      {props.onRemove && (
        <button
          type="button"
          aria-label={t('files.remove', { name: file.name })}
          onClick={props.onRemove}
          className="ml-1 flex h-5 w-5 cursor-pointer items-center justify-center rounded-full border-0 bg-transparent text-white/60 hover:text-white"
        >
          <Glyph icon={CloseOutlined} />
        </button>
      )}
    </span>
  );
}

/** The composer's chips of the files going with the next message. */
export function PendingFileChips(props: { files: ReturnType<typeof useChatFiles> }) {
  const hint = props.files.drop.dragging ? <DropHint /> : null;
  if (props.files.items.length === 0) return hint;
  return (
    <>
      {hint}
      <div className="flex flex-wrap gap-2 px-3 pt-3" data-testid="chat-pending-files">
        {props.files.items.map((f) => (
          <FileChip
            key={f.key}
            file={f.file ? { ...f.file } : { name: f.name, size: f.size }}
            status={f.status}
            onRemove={() => props.files.remove(f.key)}
          />
        ))}
      </div>
    </>
  );
}

/** The paper clip: picks several files at once. */
export function FilesButton(props: { onFiles: (files: File[]) => void; className: string }) {
  const { t } = useTranslation('chat');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Tooltip title={t('files.attach')}>
        <Button
          size="small"
          type="text"
          icon={<Glyph icon={PaperClipOutlined} />}
          aria-label={t('files.attach')}
          onClick={() => input.current?.click()}
          className={props.className}
          data-testid="chat-attach-files"
        />
      </Tooltip>
      <input
        ref={input}
        type="file"
        multiple
        accept={FILE_ACCEPT}
        hidden
        data-testid="chat-file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) props.onFiles(files);
        }}
      />
    </>
  );
}

/** Our own pictures in an answer (`/api/files/…` in a markdown image). */
export function ownPicturesOf(text: string): string[] {
  return [...text.matchAll(/!\[[^\]\n]*\]\((\/api\/files\/[^)\s]+)\)/g)].map((m) => m[1]!);
}

/** Under an answer with pictures: each one to open or download, and where it was saved. */
export function AnswerPictures(props: { content: string }) {
  const { t } = useTranslation('chat');
  const pictures = ownPicturesOf(props.content);
  if (pictures.length === 0) return null;
  return (
    <div
      data-testid="chat-answer-pictures"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-white/60"
    >
      <span>
        <Glyph icon={PictureOutlined} className="mr-1" />
        {t('pictures.saved')}{' '}
        <Link to="/myGallery" className="text-[var(--accent-text)]">
          {t('pictures.works')}
        </Link>
      </span>
      {pictures.map((url, i) => (
        <span key={url} className="inline-flex items-center gap-2">
          <a href={url} target="_blank" rel="noreferrer" className="text-white/70">
            <Glyph icon={ExportOutlined} /> {t('pictures.open')}
            {pictures.length > 1 ? ` ${i + 1}` : ''}
          </a>
          <a href={url} download className="text-white/70" data-testid="chat-picture-download">
            <Glyph icon={DownloadOutlined} /> {t('pictures.download')}
          </a>
        </span>
      ))}
    </div>
  );
}

/**
 * Files dropped on the composer, or pasted into it, are attached (a pasted picture still goes to
 * a vision model as a picture).
 */
export function useFileDrop(add: (files: File[]) => void, vision: boolean) {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    handlers: {
      onDragOver: (e: DragEvent) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      },
      onDragLeave: () => setDragging(false),
      onDrop: (e: DragEvent) => {
        setDragging(false);
        const dropped = [...e.dataTransfer.files];
        if (dropped.length === 0) return;
        e.preventDefault();
        add(dropped);
      },
      onPaste: (e: ClipboardEvent) => {
        const pasted = [...e.clipboardData.files].filter(
          (f) => !(vision && f.type.startsWith('image/')),
        );
        if (pasted.length === 0) return;
        e.preventDefault();
        add(pasted);
      },
    },
  };
}

/** Over the composer while files are dragged over it. */
export function DropHint() {
  const { t } = useTranslation('chat');
  return (
    <div className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center rounded-2xl bg-black/60 text-sm text-white/85">
      {t('files.drop')}
    </div>
  );
}

/** A question's files, as chips above its bubble. */
export function MessageFiles(props: { files: FileChipView[] }) {
  if (props.files.length === 0) return null;
  return (
    <div className="flex max-w-[85%] flex-wrap justify-end gap-2" data-testid="chat-message-files">
      {props.files.map((f, i) => (
        <FileChip key={`${f.name}-${i}`} file={f} />
      ))}
    </div>
  );
}
