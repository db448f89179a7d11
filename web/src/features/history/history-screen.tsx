import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectableWorks } from '../../components/works/batch-bar';
import { KindSelect } from '../../components/works/kind-select';
import { WorksFrame } from '../../components/works/screen-frame';
import { loadHistory, useWorkPages } from '../../components/works/works-api';

/**
 * `/history`: every task of mine, every kind, newest first (GET /chatLog/drawAll), by kind,
 * status and prompt words; select many to delete or download as a zip; a tile opens it.
 */
export default function HistoryScreen() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<string>('');
  const [status, setStatus] = useState<number>(0);
  const [keyword, setKeyword] = useState('');
  const filters = {
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
    ...(keyword ? { keyword } : {}),
  };
  const query = useWorkPages(['history', filters], loadHistory(filters));
  return (
    <WorksFrame icon="history" title={t('menu:history')} text={t('screens:history')}>
      <SelectableWorks
        query={query}
        empty={t('works:history.empty')}
        filters={
          <>
            <KindSelect value={kind} onChange={setKind} />
            <Select
              aria-label={t('works:filters.status')}
              className="min-w-32"
              value={status}
              onChange={setStatus}
              options={[
                { value: 0, label: t('works:filters.allStatus') },
                { value: 1, label: t('works:card.queued') },
                { value: 2, label: t('works:card.running') },
                { value: 3, label: t('works:filters.succeeded') },
                { value: 4, label: t('works:card.failed') },
              ]}
            />
            <Input.Search
              aria-label={t('works:filters.search')}
              placeholder={t('works:filters.search')}
              allowClear
              className="max-w-72"
              onSearch={(v) => setKeyword(v.trim())}
            />
          </>
        }
      />
    </WorksFrame>
  );
}
