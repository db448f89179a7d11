import { CloudDownloadOutlined, ReloadOutlined, SendOutlined } from '@ant-design/icons';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { texts } from '../../lib/texts';
import { useAppSetting } from '../../stores/app-setting';
import { findConflict, usePromptStore } from '../../stores/prompt-store';
import { ImportOutcomeAlert, type ImportOutcome } from './import-outcome';
import { builtInSources, defaultSourceUrl } from './online-sources';
import { filterPrompts, PromptSourceError, sourceAddress } from './prompt-files';
import { usePromptSource } from './prompts-api';
import { PromptRow } from './prompt-row';

/** The built-in sources and a typed address (checked before it is fetched). */
function SourcePicker(props: { url: string; onPick: (url: string) => void }) {
  const { t } = useTranslation(['prompts']);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState(false);
  const fetchTyped = () => {
    const address = sourceAddress(typed);
    setTypedError(!address);
    if (address) props.onPick(address);
  };
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm text-white/75" id="prompt-sources-label">
        {t('prompts:online.sources')}
      </span>
      <div className="flex flex-wrap gap-2" role="group" aria-labelledby="prompt-sources-label">
        {builtInSources.map((s) => (
          <Button
            key={s.url}
            shape="round"
            type={props.url === s.url ? 'primary' : 'default'}
            aria-pressed={props.url === s.url}
            onClick={() => props.onPick(s.url)}
          >
            {t(s.labelKey)}
          </Button>
        ))}
      </div>
      <Input.Search
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          if (typedError) setTypedError(false);
        }}
        onSearch={fetchTyped}
        enterButton={t('prompts:online.fetch')}
        placeholder={t('prompts:online.addressPlaceholder')}
        aria-label={t('prompts:online.address')}
        status={typedError ? 'error' : undefined}
        inputMode="url"
        autoComplete="url"
      />
      {typedError && (
        <span role="alert" className="text-sm text-[#ff7875]">
          {t('prompts:online.badAddress')}
        </span>
      )}
      <span className="text-xs break-all text-white/55">
        {t('prompts:online.current', { url: props.url })}
      </span>
    </div>
  );
}

/**
 * The Online tab: a JSON file of prompts from a built-in source (served by this site) or an
 * address the user types, previewed, then imported with the local store's duplicate rules.
 */
export function OnlineTab({ onUse }: { onUse: (content: string) => void }) {
  const { t } = useTranslation(['prompts']);
  const language = useAppSetting((s) => s.language);
  const local = usePromptStore((s) => s.promptList);
  const [url, setUrl] = useState(() => defaultSourceUrl(language));
  const [keyword, setKeyword] = useState('');
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const source = usePromptSource(url);
  const entries = useMemo(() => source.data ?? [], [source.data]);
  const shown = useMemo(() => filterPrompts(entries, keyword), [entries, keyword]);
  const fresh = useMemo(
    () => entries.filter((e) => !findConflict(local, e)).length,
    [entries, local],
  );

  const pick = (next: string) => {
    setUrl(next);
    setKeyword('');
    setOutcome(null);
  };
  const importAll = () =>
    setOutcome({ kind: 'done', ...usePromptStore.getState().importEntries(entries) });

  return (
    <div className="flex flex-col gap-3">
      <Alert type="warning" showIcon message={t(texts.errors.importSourceWarning)} />

      <SourcePicker url={url} onPick={pick} />

      <ImportOutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />

      {source.isPending ? (
        <div aria-busy="true" aria-label={t('prompts:online.loading')} className="py-2">
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : source.isError ? (
        <Result
          status="warning"
          title={
            source.error instanceof PromptSourceError && source.error.reason === 'mismatch'
              ? t(texts.errors.keyMismatch)
              : t(texts.errors.importFailed)
          }
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void source.refetch()}>
              {t('prompts:online.retry')}
            </Button>
          }
        />
      ) : entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('prompts:online.empty')} />
      ) : (
        <>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <Input.Search
              allowClear
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              placeholder={t('prompts:local.search')}
              aria-label={t('prompts:local.search')}
              className="sm:max-w-xs"
            />
            <span className="text-xs text-white/55 sm:ml-auto" aria-live="polite">
              {t('prompts:online.count', { count: entries.length, fresh })}
            </span>
            <Button
              type="primary"
              icon={<CloudDownloadOutlined />}
              disabled={fresh === 0}
              onClick={importAll}
            >
              {t('prompts:online.importAll')}
            </Button>
          </div>
          {shown.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('prompts:local.noMatch', { keyword: keyword.trim() })}
            />
          ) : (
            <ul
              className="m-0 flex max-h-[min(50vh,480px)] list-none flex-col gap-2 overflow-y-auto p-0 max-sm:max-h-none"
              aria-label={t('prompts:tabs.online')}
            >
              {shown.map((entry) => (
                <PromptRow
                  key={`${entry.index}:${entry.title}`}
                  entry={entry}
                  tag={
                    findConflict(local, entry) ? (
                      <Tag bordered={false} className="shrink-0">
                        {t('prompts:online.inStore')}
                      </Tag>
                    ) : undefined
                  }
                  actions={
                    <Button
                      type="primary"
                      ghost
                      icon={<SendOutlined />}
                      aria-label={t('prompts:local.useNamed', { title: entry.title })}
                      onClick={() => onUse(entry.content)}
                    >
                      {t('prompts:local.use')}
                    </Button>
                  }
                />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
