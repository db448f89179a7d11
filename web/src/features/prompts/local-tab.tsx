import {
  ClearOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  SendOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Tooltip from 'antd/es/tooltip';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { notify } from '../../lib/notify';
import { texts } from '../../lib/texts';
import { promptFileText, usePromptStore, type PromptEntry } from '../../stores/prompt-store';
import { PromptEditor } from './prompt-editor';
import { downloadBlob } from '../../lib/download';
import {
  filterPrompts,
  PROMPT_FILE_NAME,
  readPromptJson,
  type IndexedPrompt,
} from './prompt-files';
import { ImportOutcomeAlert, type ImportOutcome } from './import-outcome';
import { PromptRow } from './prompt-row';

/** The outcome of the picked prompt file, or null when none was picked. */
async function readImport(event: ChangeEvent<HTMLInputElement>): Promise<ImportOutcome | null> {
  const file = event.target.files?.[0];
  // The same file may be picked again after a fix.
  event.target.value = '';
  if (!file) return null;
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { kind: 'invalid' };
  }
  const entries = readPromptJson(text);
  if (entries === 'invalid' || entries === 'mismatch') return { kind: entries };
  return { kind: 'done', ...usePromptStore.getState().importEntries(entries) };
}

/** Downloads the user's prompts as the prompt file. */
function exportPrompts(t: TFunction) {
  try {
    downloadBlob(
      new Blob([promptFileText(usePromptStore.getState().promptList)], {
        type: 'application/json;charset=utf-8',
      }),
      PROMPT_FILE_NAME,
    );
    notify.success(t(texts.success.export));
  } catch (error) {
    console.error('prompt export failed', error);
    notify.error(t(texts.errors.exportFailed));
  }
}

/** A local prompt's buttons: edit, delete (after a confirmation), use. */
function LocalRowActions(props: { entry: IndexedPrompt; onEdit: () => void; onUse: () => void }) {
  const { t } = useTranslation(['prompts']);
  const { entry } = props;
  return (
    <>
      <Tooltip title={t('prompts:local.edit')}>
        <Button
          type="text"
          icon={<EditOutlined />}
          aria-label={t('prompts:local.editNamed', { title: entry.title })}
          onClick={props.onEdit}
        />
      </Tooltip>
      <Popconfirm
        title={t('prompts:local.deleteConfirm')}
        okText={t('prompts:local.delete')}
        cancelText={t('prompts:local.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => {
          usePromptStore.getState().remove(entry.index);
          notify.success(t(texts.success.delete));
        }}
      >
        <Tooltip title={t('prompts:local.delete')}>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('prompts:local.deleteNamed', { title: entry.title })}
          />
        </Tooltip>
      </Popconfirm>
      <Button
        type="primary"
        ghost
        icon={<SendOutlined />}
        aria-label={t('prompts:local.useNamed', { title: entry.title })}
        onClick={props.onUse}
      >
        {t('prompts:local.use')}
      </Button>
    </>
  );
}

/** The prompts that match the search, each with its buttons. */
function LocalList(props: {
  shown: IndexedPrompt[];
  onEdit: (entry: IndexedPrompt) => void;
  onUse: (content: string) => void;
}) {
  const { t } = useTranslation(['prompts']);
  return (
    <ul
      className="m-0 flex max-h-[min(60vh,560px)] list-none flex-col gap-2 overflow-y-auto p-0 max-sm:max-h-none"
      aria-label={t('prompts:tabs.local')}
    >
      {props.shown.map((entry) => (
        <PromptRow
          key={`${entry.index}:${entry.title}`}
          entry={entry}
          actions={
            <LocalRowActions
              entry={entry}
              onEdit={() => props.onEdit(entry)}
              onUse={() => props.onUse(entry.content)}
            />
          }
        />
      ))}
    </ul>
  );
}

/** The Local tab: the user's prompts with search, add, edit, delete, import, export, clear. */
export function LocalTab({ onUse }: { onUse: (content: string) => void }) {
  const { t } = useTranslation(['prompts']);
  const list = usePromptStore((s) => s.promptList);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ index: number | null; entry: PromptEntry } | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const shown = useMemo(() => filterPrompts(list, keyword), [list, keyword]);

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const found = await readImport(event);
    if (found) setOutcome(found);
  };

  const clear = () => {
    usePromptStore.getState().clear();
    setKeyword('');
    setOutcome(null);
    notify.success(t(texts.success.clear));
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Input.Search
          allowClear
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder={t('prompts:local.search')}
          aria-label={t('prompts:local.search')}
          className="sm:max-w-xs"
        />
        <div className="grid grid-cols-2 gap-2 sm:ml-auto sm:flex sm:flex-wrap">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ index: null, entry: { title: '', content: '' } })}
          >
            {t('prompts:local.add')}
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
            {t('prompts:local.import')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            className="hidden"
            aria-label={t('prompts:local.importFile')}
            data-testid="prompt-import-file"
            onChange={(e) => void importFile(e)}
          />
          <Button
            icon={<DownloadOutlined />}
            disabled={list.length === 0}
            onClick={() => exportPrompts(t)}
          >
            {t('prompts:local.export')}
          </Button>
          <Popconfirm
            title={t(texts.confirm.clearStore)}
            okText={t('prompts:local.clear')}
            cancelText={t('prompts:local.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={clear}
          >
            <Button danger icon={<ClearOutlined />} disabled={list.length === 0}>
              {t('prompts:local.clear')}
            </Button>
          </Popconfirm>
        </div>
      </div>

      <ImportOutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />

      {list.length === 0 ? (
        <Empty
          className="py-10"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('prompts:local.empty')}
        />
      ) : shown.length === 0 ? (
        <Empty
          className="py-10"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('prompts:local.noMatch', { keyword: keyword.trim() })}
        >
          <Button onClick={() => setKeyword('')}>{t('prompts:local.clearSearch')}</Button>
        </Empty>
      ) : (
        <>
          <p className="m-0 text-xs text-white/55" aria-live="polite">
            {keyword.trim()
              ? t('prompts:local.matches', { count: shown.length, total: list.length })
              : t('prompts:local.count', { count: list.length })}
          </p>
          <LocalList
            shown={shown}
            onEdit={(entry) => setEditing({ index: entry.index, entry })}
            onUse={onUse}
          />
        </>
      )}

      {editing && (
        <PromptEditor
          index={editing.index}
          initial={editing.entry}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
