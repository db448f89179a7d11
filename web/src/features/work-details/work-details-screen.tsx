import {
  DownloadOutlined,
  HeartFilled,
  HeartOutlined,
  LinkOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../lib/notify';
import { isSignedIn, useAuthStore } from '../../stores/auth';
import { useDialogs } from '../../stores/dialogs';
import { ParamsTable } from '../../components/works/params-table';
import { kindName } from '../../components/works/kinds';
import { WorksFrame } from '../../components/works/screen-frame';
import {
  AlbumPicker,
  DrawSameDialog,
  PublishDialog,
  ReportDialog,
} from '../../components/works/work-dialogs';
import { posterOf, WorkMedia } from '../../components/works/work-media';
import {
  useCollect,
  useDeleteWorks,
  useLike,
  useWork,
  type Work,
} from '../../components/works/works-api';
import { fileFormat } from '../../lib/file-format';

type Open = 'publish' | 'report' | 'same' | 'album' | null;

function Reactions({ work }: { work: Work }) {
  const { t } = useTranslation();
  const signedIn = useAuthStore(isSignedIn);
  const openDialog = useDialogs((s) => s.open);
  const like = useLike();
  const collect = useCollect();
  const target = { targetType: 'work' as const, targetId: work.id };
  const needAccount = () => openDialog('login');
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        data-testid="like-button"
        aria-pressed={work.liked}
        icon={work.liked ? <HeartFilled className="text-rose-400" /> : <HeartOutlined />}
        loading={like.isPending}
        onClick={() => (signedIn ? like.mutate({ ...target, like: !work.liked }) : needAccount())}
      >
        {t('works:details.likes', { count: work.likeCount })}
      </Button>
      <Button
        data-testid="collect-button"
        aria-pressed={work.collected}
        icon={work.collected ? <StarFilled className="text-amber-300" /> : <StarOutlined />}
        loading={collect.isPending}
        onClick={() =>
          signedIn ? collect.mutate({ ...target, on: !work.collected }) : needAccount()
        }
      >
        {t('works:details.collects', { count: work.collectCount })}
      </Button>
    </div>
  );
}

function OwnerTools({ work, onOpen }: { work: Work; onOpen: (o: Open) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const del = useDeleteWorks();
  if (!work.mine) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {work.status === 3 ? (
        <>
          <Button type="primary" data-testid="publish-open" onClick={() => onOpen('publish')}>
            {work.isPublic ? t('works:details.edit') : t('works:details.publish')}
          </Button>
          <Button data-testid="album-open" onClick={() => onOpen('album')}>
            {t('works:details.toAlbum')}
          </Button>
        </>
      ) : null}
      <Popconfirm
        title={t('works:details.confirmDelete')}
        okText={t('works:batch.delete')}
        cancelText={t('works:common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={async () => {
          await del.mutateAsync([work.id]);
          void navigate('/myGallery');
        }}
      >
        <Button danger loading={del.isPending}>
          {t('works:batch.delete')}
        </Button>
      </Popconfirm>
    </div>
  );
}

function SidePanel({
  work,
  onOpen,
}: {
  work: Work & { chain: Array<{ id: number; action: string; kind: string }> };
  onOpen: (o: Open) => void;
}) {
  const { t } = useTranslation();
  const signedIn = useAuthStore(isSignedIn);
  const shareUrl = `${window.location.origin}/s/${work.id}`;
  return (
    <aside className="flex w-full flex-col gap-4 lg:w-[380px] lg:shrink-0">
      <div>
        <h2 className="m-0 text-lg text-white/90" data-testid="work-title">
          {work.title || t('works:card.untitled')}
        </h2>
        <Link to={`/hisGallery?userId=${work.author.id}`} className="text-sm text-violet-300">
          {work.author.name}
        </Link>
        {work.description ? <p className="text-sm text-white/65">{work.description}</p> : null}
        <div className="flex flex-wrap gap-1">
          {work.tags.map((tag) => (
            <Tag key={tag}>#{tag}</Tag>
          ))}
        </div>
      </div>
      {work.hidden ? (
        <Alert
          type="warning"
          showIcon
          message={t('works:details.hidden', { reason: work.hiddenReason ?? '' })}
        />
      ) : null}
      <Reactions work={work} />
      <div className="flex flex-wrap gap-2">
        <Button data-testid="draw-same" onClick={() => onOpen('same')}>
          {t('works:details.drawSame')}
        </Button>
        {work.files.map((f, i) => (
          <Button key={f.url} href={f.url} download icon={<DownloadOutlined />}>
            {work.files.length > 1
              ? t('works:details.downloadN', { n: i + 1, format: fileFormat(f.mime) })
              : t('works:details.download')}
          </Button>
        ))}
        {work.isPublic && !work.hidden ? (
          <Button
            icon={<LinkOutlined />}
            data-testid="share-link"
            data-url={shareUrl}
            onClick={() =>
              void navigator.clipboard
                ?.writeText(shareUrl)
                .then(() => notify.success(t('works:details.copied')))
            }
          >
            {t('works:details.share')}
          </Button>
        ) : null}
        {!work.mine && signedIn ? (
          <Button type="text" danger onClick={() => onOpen('report')}>
            {t('works:details.report')}
          </Button>
        ) : null}
      </div>
      <OwnerTools work={work} onOpen={onOpen} />
      <section>
        <h3 className="text-sm text-white/70">{t('works:details.prompt')}</h3>
        <code
          data-testid="work-prompt"
          className="block rounded bg-black/30 p-3 text-xs break-words whitespace-pre-wrap"
        >
          {work.prompt || '—'}
        </code>
      </section>
      <section>
        <h3 className="text-sm text-white/70">
          {t('works:details.params', { kind: kindName(work.kind, t) })}
        </h3>
        <ParamsTable params={work.params} />
      </section>
      {work.chain.length ? (
        <section>
          <h3 className="text-sm text-white/70">{t('works:details.chain')}</h3>
          <ol className="m-0 pl-5 text-xs">
            {work.chain.map((c) => (
              <li key={c.id}>
                <Link to={`/workDetails?id=${c.id}`} className="text-violet-300">
                  #{c.id} · {c.kind} · {c.action}
                </Link>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </aside>
  );
}

/** `/workDetails?id=`: the large viewer of a work with everything it was made from. */
export default function WorkDetailsScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? 0);
  const work = useWork(Number.isInteger(id) ? id : 0);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const w = work.data;
  return (
    <WorksFrame icon="workDetails" title={t('menu:workDetails')} text={t('screens:workDetails')}>
      {work.isPending && id > 0 ? (
        <Skeleton active />
      ) : !w ? (
        <Alert type="warning" showIcon message={t('works:details.notFound')} />
      ) : (
        <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            {w.files.map((f) => (
              <div key={f.url} className="overflow-hidden rounded-lg border border-white/5">
                <WorkMedia
                  file={f}
                  alt={w.title || w.prompt}
                  large
                  poster={f === w.files[0] ? posterOf(w.files) : undefined}
                />
              </div>
            ))}
          </div>
          <SidePanel work={w} onOpen={setOpen} />
          {w.mine ? <PublishDialog work={w} open={open === 'publish'} onClose={close} /> : null}
          {w.mine ? <AlbumPicker workIds={[w.id]} open={open === 'album'} onClose={close} /> : null}
          <ReportDialog workId={w.id} open={open === 'report'} onClose={close} />
          <DrawSameDialog work={w} open={open === 'same'} onClose={close} />
        </div>
      )}
    </WorksFrame>
  );
}
