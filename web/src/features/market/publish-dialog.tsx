import type { market } from '@atelier/contracts';
import Alert from 'antd/es/alert';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
          className={`cursor-pointer overflow-hidden rounded-lg border-2 bg-transparent p-0 ${
            props.value === task.id ? 'border-violet-400' : 'border-transparent'
          }`}
        >
          <img
            src={task.images[0]!.thumbUrl}
            alt=""
            className="aspect-square w-full object-cover"
          />
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
      onCancel={onClose}
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
        <label className="flex flex-col gap-1 text-sm text-white/70">
          {t('market:publish.tags')}
          <Select
            mode="tags"
            value={tags}
            maxCount={8}
            placeholder={t('market:publish.tagsPlaceholder')}
            onChange={(v: string[]) => setTags(v.map((x) => x.trim().slice(0, 20)).filter(Boolean))}
            open={false}
          />
        </label>
        {problem && <Alert type="error" showIcon message={problem} />}
      </div>
    </Modal>
  );
}
