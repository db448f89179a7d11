import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSignedIn, useAuthStore } from '../../stores/auth';
import { AlbumList } from '../../components/works/album-list';
import { SelectableWorks } from '../../components/works/batch-bar';
import { WorksFrame } from '../../components/works/screen-frame';
import { NewAlbumForm } from '../../components/works/new-album';
import {
  loadMine,
  useCollections,
  useMyAlbums,
  useSaveAlbum,
  useUncollectMany,
  useWorkPages,
} from '../../components/works/works-api';

function MyWorks() {
  const { t } = useTranslation();
  const [visibility, setVisibility] = useState<'all' | 'public'>('all');
  const query = useWorkPages(['mine', visibility], loadMine({ visibility }));
  return (
    <div className="flex flex-col gap-3">
      <SelectableWorks
        query={query}
        empty={t('works:gallery.empty')}
        filters={
          <>
            <Segmented
              value={visibility}
              onChange={(v) => setVisibility(v as 'all' | 'public')}
              options={[
                { value: 'all', label: t('works:gallery.all') },
                { value: 'public', label: t('works:gallery.published') },
              ]}
            />
          </>
        }
      />
    </div>
  );
}

function MyCollections() {
  const { t } = useTranslation();
  const q = useCollections();
  const clear = useUncollectMany();
  if (q.isPending) return <Skeleton active />;
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  if (rows.length === 0) return <Empty description={t('works:gallery.noCollections')} />;
  return (
    <div className="flex flex-col gap-3">
      {rows.some((r) => !r.available) ? (
        <Button
          className="self-start"
          loading={clear.isPending}
          onClick={() => clear.mutate({ unavailable: true })}
        >
          {t('works:gallery.clearGone')}
        </Button>
      ) : null}
      <ul className="m-0 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-4 lg:grid-cols-6">
        {rows.map((c) => (
          <li
            key={c.id}
            data-testid="collection"
            className="overflow-hidden rounded-lg border border-white/5 bg-[#16161c]"
          >
            {c.available && c.targetType === 'work' ? (
              <Link to={`/workDetails?id=${c.targetId}`} className="block text-white/80">
                {c.thumbUrl ? (
                  <img
                    src={c.thumbUrl}
                    alt={c.title}
                    className="aspect-square w-full object-cover"
                    loading="lazy"
                  />
                ) : null}
                <span className="block truncate p-2 text-xs">{c.title}</span>
              </Link>
            ) : (
              <span className="block p-3 text-xs text-white/45">
                {c.available ? c.title : t('works:gallery.gone')}
              </span>
            )}
          </li>
        ))}
      </ul>
      {q.hasNextPage ? (
        <Button
          className="self-center"
          onClick={() => void q.fetchNextPage()}
          loading={q.isFetchingNextPage}
        >
          {t('works:grid.more')}
        </Button>
      ) : null}
    </div>
  );
}

function MyAlbums() {
  const albums = useMyAlbums();
  const save = useSaveAlbum();
  return (
    <div className="flex flex-col gap-3">
      <div className="max-w-xl">
        <NewAlbumForm busy={save.isPending} onCreate={(album) => save.mutateAsync(album)} />
      </div>
      {albums.isPending ? <Skeleton active /> : <AlbumList albums={albums.data?.rows ?? []} />}
    </div>
  );
}

/** `/myGallery`: my works (publish from the details), my collections and my albums. */
export default function MyGalleryScreen() {
  const { t } = useTranslation();
  const signedIn = useAuthStore(isSignedIn);
  const tabs = [
    { key: 'works', label: t('works:gallery.works'), children: <MyWorks /> },
    ...(signedIn
      ? [
          {
            key: 'collections',
            label: t('works:gallery.collections'),
            children: <MyCollections />,
          },
          { key: 'albums', label: t('works:gallery.albums'), children: <MyAlbums /> },
        ]
      : []),
  ];
  return (
    <WorksFrame icon="myGallery" title={t('menu:myGallery')} text={t('screens:myGallery')}>
      <Tabs items={tabs} destroyOnHidden />
    </WorksFrame>
  );
}
