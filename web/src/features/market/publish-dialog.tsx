import type { market, works } from '@atelier/contracts';
import Alert from 'antd/es/alert';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kindName } from '../../components/works/kinds';
import { usePromptStore } from '../../stores/prompt-store';
import {
  useMarketCategories,
  usePublish,
  usePublishableTasks,
  useUpdatePrompt,
} from './market-api';

type Source = 'task' | 'store' | 'text';

export interface PublishDialogProps {
  open: boolean;
  /** Edit this prompt of mine (title, description, category, tags) instead of publishing. */
  editing?: market.MarketPrompt;
  onClose: () => void;
}

/** Picks one of my finished drawings: its picture, prompt and every parameter are published. */
/** A work's picture for the picker: a picture, a video's poster, a song's cover, or none. */
const thumbOf = (w: works.Work): string | undefined =>
  (w.files.find((f) => f.media === 'image') ?? (w.cover?.media === 'video' ? w.cover : undefined))
    ?.thumbUrl;

function TaskPicker(props: { value: number | null; onChange: (id: number) => void }) {
  const { t } = useTranslation('market');
  const tasks = usePublishableTasks(true);
  if (tasks.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!tasks.data?.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('publish.noTasks')} />;
  return (
    <div
      role="radiogroup"
      aria-label={t('publish.pickTask')}
      className="grid max-h-64 grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-4"
    >
      {tasks.data.map((task) => (
        <button
          key={task.id}
          type="button"
          role="radio"
          aria-checked={props.value === task.id}
          aria-label={task.prompt}
          data-testid="publish-task"
          onClick={() => props.onChange(task.id)}
          className={`relative cursor-pointer overflow-hidden rounded-lg border-2 bg-transparent p-0 ${
            props.value === task.id ? 'border-violet-400' : 'border-transparent'
          }`}
        >
          {/* Which kind of work it is: a video's poster or a song's cover looks like a picture. */}
          <span
            data-testid="publish-task-kind"
            title={kindName(task.kind, t)}
            className="absolute top-1 left-1 max-w-[calc(100%-0.5rem)] truncate rounded bg-black/70 px-1.5 py-0.5 text-[11px] leading-4 text-white/90"
          >
            {kindName(task.kind, t)}
          </span>
          {thumbOf(task) ? (
            <img src={thumbOf(task)} alt="" className="aspect-square w-full object-cover" />
          ) : (
            <span className="flex aspect-square w-full items-center justify-center text-2xl text-white/60">
              ♪
            </span>
          )}
        </button>
      ))}
    </div>
  );
}

/** Where the prompt comes from: one of my works, my prompt store, or typed. */
function SourcePicker(p: {
  source: Source;
  setSource: (s: Source) => void;
  taskId: number | null;
  setTaskId: (id: number) => void;
  storeIndex: number | null;
  onStore: (i: number) => void;
  text: string;
  setText: (v: string) => void;
}) {
  const { t } = useTranslation('market');
  const store = usePromptStore((s) => s.promptList);
  return (
    <>
      <Segmented<Source>
        block
        value={p.source}
        onChange={p.setSource}
        aria-label={t('publish.source')}
        options={[
          { value: 'task', label: t('publish.fromTask') },
          { value: 'store', label: t('publish.fromStore') },
          { value: 'text', label: t('publish.fromText') },
        ]}
      />
      {p.source === 'task' && <TaskPicker value={p.taskId} onChange={p.setTaskId} />}
      {p.source === 'store' &&
        (store.length ? (
          <Select
            aria-label={t('publish.pickStore')}
            placeholder={t('publish.pickStore')}
            value={p.storeIndex ?? undefined}
            onChange={(i: number) => p.onStore(i)}
            options={store.map((e, i) => ({ value: i, label: e.title }))}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('publish.noStore')} />
        ))}
      {p.source === 'text' && (
        <Input.TextArea
          aria-label={t('publish.promptText')}
          placeholder={t('publish.promptText')}
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={6000}
          value={p.text}
          onChange={(e) => p.setText(e.target.value)}
        />
      )}
    </>
  );
}

/** The tags field: Esc clears a tag being typed first; only an empty field lets the dialog close. */
function TagsField({ tags, setTags }: { tags: string[]; setTags: (tags: string[]) => void }) {
  const { t } = useTranslation('market');
  const [tagInput, setTagInput] = useState('');
  return (
    <label className="flex flex-col gap-1 text-sm text-white/70">
      {t('market:publish.tags')}
      <Select
        mode="tags"
        value={tags}
        maxCount={8}
        placeholder={t('market:publish.tagsPlaceholder')}
        onChange={(v: string[]) => {
          setTags(v.map((x) => x.trim().slice(0, 20)).filter(Boolean));
          setTagInput('');
        }}
        searchValue={tagInput}
        onSearch={setTagInput}
        // Esc clears a tag being typed first; only an empty field lets the dialog close.
        onKeyDown={(e) => {
          if (e.key === 'Escape' && tagInput) {
            e.stopPropagation();
            setTagInput('');
          }
        }}
        data-testid="publish-tags"
        open={false}
      />
    </label>
  );
}

/** Asks before a filled form is closed and lost. */
function DiscardDialog(p: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  const { t } = useTranslation('market');
  return (
    <Modal
      open={p.open}
      title={t('market:publish.discardTitle')}
      okText={t('market:publish.discard')}
      okButtonProps={{ danger: true }}
      cancelText={t('market:publish.keepEditing')}
      onOk={() => (p.onKeep(), p.onDiscard())}
      onCancel={p.onKeep}
      width={400}
    >
      {t('market:publish.discardText')}
    </Modal>
  );
}

/** Publish a prompt (from a work, the prompt store or typed), or edit one of mine. */
export function PublishDialog({ open, editing, onClose }: PublishDialogProps) {
  const { t } = useTranslation(['market', 'common']);
  const cats = useMarketCategories();
  const store = usePromptStore((s) => s.promptList);
  const publish = usePublish();
  const update = useUpdatePrompt();
  const [source, setSource] = useState<Source>('task');
  const [taskId, setTaskId] = useState<number | null>(null);
  const [storeIndex, setStoreIndex] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [title, setTitle] = useState(editing?.title ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [categoryId, setCategoryId] = useState<number | null>(editing?.categoryId ?? null);
  const [tags, setTags] = useState<string[]>(editing?.tags ?? []);
  const [problem, setProblem] = useState<string | null>(null);

  // Something typed or picked that closing would lose: closing asks first.
  const dirty = editing
    ? title !== editing.title ||
      description !== editing.description ||
      categoryId !== editing.categoryId ||
      tags.join('\n') !== editing.tags.join('\n')
    : !!(title || description || tags.length || text || taskId !== null || storeIndex !== null);
  const [asking, setAsking] = useState(false);
  const close = () => (dirty ? setAsking(true) : onClose());

  const prompt = source === 'store' ? (store[storeIndex ?? -1]?.content ?? '') : text.trim();
  const submit = async () => {
    const meta = { title: title.trim(), description: description.trim(), categoryId, tags };
    if (!meta.title)
      return setProblem(t('market:publish.required', { field: t('market:publish.name') }));
    if (editing) {
      await update.mutateAsync({ id: editing.id, ...meta });
      return onClose();
    }
    if (source === 'task' && taskId === null) return setProblem(t('market:publish.pickRequired'));
    if (source !== 'task' && !prompt)
      return setProblem(t('market:publish.required', { field: t('market:publish.promptText') }));
    await publish.mutateAsync(
      source === 'task' ? { taskId: taskId!, ...meta } : { prompt, ...meta },
    );
    onClose();
  };

  return (
    <Modal
      open={open}
      title={editing ? t('market:publish.editTitle') : t('market:publish.title')}
      okText={editing ? t('market:publish.save') : t('market:publish.submit')}
      cancelText={t('common:cancel')}
      confirmLoading={publish.isPending || update.isPending}
      onOk={() => void submit().catch(() => null)}
      onCancel={close}
      destroyOnHidden
    >
      <div className="flex flex-col gap-3">
        {!editing && (
          <SourcePicker
            {...{ source, setSource, taskId, setTaskId, storeIndex, text, setText }}
            onStore={(i) => {
              setStoreIndex(i);
              if (!title) setTitle(store[i]?.title.slice(0, 80) ?? '');
            }}
          />
        )}
        <label className="flex flex-col gap-1 text-sm text-white/70">
          {t('market:publish.name')}
          <Input
            maxLength={80}
            showCount
            value={title}
            placeholder={t('market:publish.namePlaceholder')}
            onChange={(e) => {
              setTitle(e.target.value);
              setProblem(null);
            }}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-white/70">
          {t('market:publish.description')}
          <Input.TextArea
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 4 }}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-white/70">
          {t('market:publish.category')}
          <Select
            value={categoryId ?? 0}
            onChange={(v: number) => setCategoryId(v || null)}
            options={[
              { value: 0, label: t('market:publish.noCategory') },
              ...(cats.data?.rows.map((c) => ({ value: c.id, label: c.name })) ?? []),
            ]}
          />
        </label>
        <TagsField tags={tags} setTags={setTags} />
        {problem && <Alert type="error" showIcon message={problem} />}
      </div>
      <DiscardDialog open={asking} onKeep={() => setAsking(false)} onDiscard={onClose} />
    </Modal>
  );
}
