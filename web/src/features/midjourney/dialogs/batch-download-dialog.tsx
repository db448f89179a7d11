import { DownloadOutlined } from '@ant-design/icons';
import { isTaskActive, TaskStatus } from '@atelier/contracts';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Progress from 'antd/es/progress';
import Skeleton from 'antd/es/skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../../components/lazy-image';
import { downloadUrl } from '../../../lib/download';
import { useCreateZip, useFinishedDraws, useZips } from '../mj-api';
import { MjModal, useDialog } from './common';

/**
 * Batch download (flag `batchDownload`): choose finished drawings, build a zip
 * (`addBatchDownload`), follow it with `queryBatchDownload` every 2 s, then download it.
 */
export default function BatchDownloadDialog() {
  const { t } = useTranslation();
  const { open, close } = useDialog('batchDownload');
  const [selected, setSelected] = useState<number[]>([]);
  const done = useFinishedDraws('zip-candidates', 60, open);
  const zips = useZips(open);
  const creating = useCreateZip();
  useEffect(() => {
    if (open) setSelected([]);
  }, [open]);
  const rows = (done.data?.rows ?? []).filter((r) => r.images[0]);
  const all = rows.length > 0 && selected.length === rows.length;
  const toggle = (id: number) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id].slice(0, 100)));
  // A failure was shown by the client; the choice stays so it can be sent again.
  const create = () => creating.mutate(selected, { onSuccess: () => setSelected([]) });
  return (
    <MjModal open={open} onCancel={close} title={t('midjourney:dialogs.batch.title')} width={760}>
      <div className="flex flex-col gap-4">
        {done.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : rows.length === 0 ? (
          <Empty description={t('midjourney:dialogs.batch.empty')} />
        ) : (
          <>
            <Checkbox
              checked={all}
              indeterminate={selected.length > 0 && !all}
              onChange={(e) => setSelected(e.target.checked ? rows.map((r) => r.id) : [])}
            >
              {t('midjourney:dialogs.batch.all', { count: rows.length })}
            </Checkbox>
            <div className="grid max-h-[40vh] grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-5">
              {rows.map((r) => {
                const on = selected.includes(r.id);
                return (
                  <button
                    key={r.id}
                    type="button"
                    aria-pressed={on}
                    title={r.prompt}
                    className={`cursor-pointer overflow-hidden rounded-md border-2 bg-transparent p-0 ${
                      on ? 'border-violet-400' : 'border-transparent'
                    }`}
                    onClick={() => toggle(r.id)}
                  >
                    <LazyImage
                      src={r.images[0]!.thumbUrl || r.images[0]!.url}
                      alt={r.prompt}
                      frameClassName="aspect-square w-full"
                      className="h-full w-full object-cover"
                    />
                  </button>
                );
              })}
            </div>
            <Button
              type="primary"
              disabled={selected.length === 0}
              loading={creating.isPending}
              onClick={() => void create()}
              className="self-end"
            >
              {t('midjourney:dialogs.batch.create', { count: selected.length })}
            </Button>
          </>
        )}
        {zips.data && zips.data.length > 0 ? (
          <section className="flex flex-col gap-2">
            <h3 className="m-0 text-sm font-medium text-white/80">
              {t('midjourney:dialogs.batch.zips')}
            </h3>
            <ul className="m-0 flex list-none flex-col gap-2 p-0">
              {zips.data.map((z) => (
                <li
                  key={z.id}
                  className="flex items-center gap-3 rounded-lg bg-white/5 px-3 py-2 text-sm text-white/75"
                >
                  <span className="shrink-0">
                    {t('midjourney:dialogs.batch.zip', { count: z.count })}
                  </span>
                  {isTaskActive(z.status) ? (
                    <Progress percent={z.progress} size="small" className="!m-0 flex-1" />
                  ) : z.status === TaskStatus.failed ? (
                    <span className="flex-1 text-red-300">
                      {z.error || t('midjourney:dialogs.batch.failed')}
                    </span>
                  ) : (
                    <span className="flex-1" />
                  )}
                  {z.url ? (
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      onClick={() => downloadUrl(z.url!, `atelier-mj-${z.id}.zip`)}
                    >
                      {t('midjourney:dialogs.batch.download')}
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </MjModal>
  );
}
