import { PictureOutlined } from '@ant-design/icons';
import Empty from 'antd/es/empty';
import type { works as W } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Albums as cover tiles linking to /photoAlbum/{id}. */
export function AlbumList({ albums }: { albums: W.Album[] }) {
  const { t } = useTranslation();
  if (albums.length === 0) return <Empty description={t('works:album.none')} />;
  return (
    <ul className="m-0 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-3 lg:grid-cols-5">
      {albums.map((a) => (
        <li key={a.id}>
          <Link
            to={`/photoAlbum/${a.id}`}
            data-testid="album-tile"
            className="block overflow-hidden rounded-lg border border-white/5 bg-[#16161c] text-white/80"
          >
            {a.cover ? (
              <img
                src={a.cover.thumbUrl}
                alt={a.title}
                className="aspect-square w-full object-cover"
                loading="lazy"
              />
            ) : (
              <div className="flex aspect-square items-center justify-center text-3xl text-white/25">
                <PictureOutlined />
              </div>
            )}
            <span className="block truncate p-2 text-sm">
              {a.title} · {t('works:album.count', { count: a.count })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
