import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PictureOutlined,
} from '@ant-design/icons';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSelection } from '../../components/works/batch-bar';
import { WorksFrame } from '../../components/works/screen-frame';
import { WorkCard, WorkGrid } from '../../components/works/work-grid';
import {
  loadMine,
  useAddToAlbum,
  useAlbum,
  useDeleteAlbum,
  useRemoveFromAlbum,
  useReorderAlbum,
  useSaveAlbum,
  useWorkPages,
  type Work,
} from '../../components/works/works-api';

/** The owner picks works of theirs to add at the end of the album. */
function AddWorks(props: { albumId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const sel = useSelection();
  const query = useWorkPages(['mine', 'pick'], loadMine({ visibility: 'all' }));
  const add = useAddToAlbum();
  return (
    <Modal
      open={props.open}
      width={900}
      onCancel={props.onClose}
      title={t('works:album.addWorks')}
      okText={t('works:album.addCount', { count: sel.selected.size })}
      cancelText={t('works:common.cancel')}
      okButtonProps={{ disabled: sel.selected.size === 0 }}
      confirmLoading={add.isPending}
      onOk={async () => {
        await add.mutateAsync({ albumId: props.albumId, workIds: [...sel.selected] });
        sel.clear();
        props.onClose();
      }}
    >
      <WorkGrid
        query={query}
        empty={t('works:gallery.empty')}
        onOpen={(w) => sel.toggle(w.id)}
        selecting
        selected={sel.selected}
        onToggle={(w) => sel.toggle(w.id)}
      />
    </Modal>
  );
}

function OwnerControls(props: {
  albumId: number;
  works: Work[];
  index: number;
  coverId: number | null;
  title: string;
  isPublic: boolean;
}) {
  const { t } = useTranslation();
  const reorder = useReorderAlbum();
  const remove = useRemoveFromAlbum();
  const save = useSaveAlbum();
  const w = props.works[props.index]!;
  const move = (delta: number) => {
    const ids = props.works.map((x) => x.id);
    const [it] = ids.splice(props.index, 1);
    ids.splice(props.index + delta, 0, it!);
    reorder.mutate({ albumId: props.albumId, workIds: ids });
  };
  return (
    <div className="flex flex-wrap gap-1">
      <Button
        size="small"
        icon={<ArrowUpOutlined />}
        aria-label={t('works:album.up')}
        disabled={props.index === 0}
        onClick={() => move(-1)}
      />
      <Button
        size="small"
        icon={<ArrowDownOutlined />}
        aria-label={t('works:album.down')}
        disabled={props.index === props.works.length - 1}
        onClick={() => move(1)}
      />
      <Button
        size="small"
        icon={<PictureOutlined />}
        type={props.coverId === w.id ? 'primary' : 'default'}
        aria-label={t('works:album.setCover')}
        onClick={() =>
          save.mutate({
            id: props.albumId,
            title: props.title,
            isPublic: props.isPublic,
            coverWorkId: w.id,
          })
        }
      />
      <Popconfirm
        title={t('works:album.confirmRemove')}
        okText={t('works:album.remove')}
        cancelText={t('works:common.cancel')}
        onConfirm={() => remove.mutate({ albumId: props.albumId, workIds: [w.id] })}
      >
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('works:album.remove')}
        />
      </Popconfirm>
    </div>
  );
}

/** `/photoAlbum/{photoAlbumId}`: an album's works in order; its owner adds, removes and reorders. */
export default function PhotoAlbumScreen({ photoAlbumId }: { photoAlbumId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = /^\d+$/.test(photoAlbumId) ? Number(photoAlbumId) : 0;
  const data = useAlbum(id);
  const del = useDeleteAlbum();
  const [adding, setAdding] = useState(false);
  const a = data.data?.album;
  const works = data.data?.works ?? [];
  return (
    <WorksFrame
      icon="photoAlbum"
      title={a?.title ?? t('menu:photoAlbum')}
      text={
        a
          ? `${a.author.name} · ${t('works:album.count', { count: a.count })}${a.description ? ` · ${a.description}` : ''}`
          : t('screens:photoAlbum', { id: photoAlbumId })
      }
      actions={
        a?.mine ? (
          <div className="flex gap-2">
            <Button type="primary" data-testid="album-add-works" onClick={() => setAdding(true)}>
              {t('works:album.addWorks')}
            </Button>
            <Popconfirm
              title={t('works:album.confirmDelete')}
              okText={t('works:batch.delete')}
              cancelText={t('works:common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={async () => {
                await del.mutateAsync(a.id);
                void navigate('/myGallery');
              }}
            >
              <Button danger>{t('works:album.delete')}</Button>
            </Popconfirm>
          </div>
        ) : null
      }
    >
      {data.isPending && id > 0 ? (
        <Skeleton active />
      ) : !a ? (
        <Alert type="warning" showIcon message={t('works:album.notFound')} />
      ) : works.length === 0 ? (
        <Empty description={t('works:album.empty')} />
      ) : (
        <ol
          className="m-0 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-3 lg:grid-cols-4"
          data-testid="album-works"
        >
          {works.map((w, i) => (
            <li key={w.id} data-work-id={w.id} className="flex flex-col gap-1">
              <WorkCard work={w} onOpen={() => void navigate(`/workDetails?id=${w.id}`)} />
              {a.mine ? (
                <OwnerControls
                  albumId={a.id}
                  works={works}
                  index={i}
                  coverId={a.coverWorkId}
                  title={a.title}
                  isPublic={a.isPublic}
                />
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {a ? (
        <Link to={`/hisGallery?userId=${a.author.id}`} className="text-sm text-violet-300">
          {t('works:album.byAuthor', { name: a.author.name })}
        </Link>
      ) : null}
      {a?.mine ? <AddWorks albumId={a.id} open={adding} onClose={() => setAdding(false)} /> : null}
    </WorksFrame>
  );
}
