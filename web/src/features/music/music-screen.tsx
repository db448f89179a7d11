import { CaretRightOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { ScreenIcon } from '../../components/screen-icon';
import { useLazyTexts } from '../../components/use-lazy-texts';
import Skeleton from 'antd/es/skeleton';
import { useShared } from '../../stores/shared';
import { Composer } from './composer';
import { CropDialog } from './crop-dialog';
import { LyricsView } from './lyrics-view';
import { useMusicDemos } from './music-api';
import { SongList } from './song-list';

/** The demo songs (`queryMusicDemo`): listen before making one. */
function DemoSongs() {
  const { t } = useTranslation();
  const demos = useMusicDemos();
  const set = useShared((s) => s.set);
  const rows = demos.data?.rows ?? [];
  if (demos.isLoading) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (rows.length === 0) return null;
  const list = rows.map((d) => ({
    key: `demo:${d.id}`,
    title: d.title,
    audioUrl: d.audioUrl,
    imageUrl: d.imageUrl,
    lrc: d.lrc,
    duration: d.duration,
  }));
  return (
    <section aria-label={t('music:demos')} className="flex flex-col gap-2">
      <h2 className="m-0 text-sm font-semibold text-white/80">{t('music:demos')}</h2>
      <div className="flex flex-wrap gap-2 pb-1">
        {rows.map((d, index) => (
          <Button
            key={d.id}
            icon={<CaretRightOutlined />}
            onClick={() =>
              set({
                musicPlayer: { list, index },
                lyricsInfo: {
                  title: d.title,
                  handle: '',
                  imageUrl: d.imageUrl,
                  prompt: d.prompt,
                  metadata: d.tags,
                },
              })
            }
          >
            {d.title}
          </Button>
        ))}
      </div>
    </section>
  );
}

/** `/music`: the song form beside the user's songs, the lyrics of the song playing and demos. */
export default function MusicScreen() {
  const { t } = useTranslation();
  const ready = useLazyTexts();
  if (!ready) return <Skeleton active className="p-6" />;
  return (
    <section className="mx-auto flex w-full max-w-[1400px] flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6 lg:flex-row lg:items-start">
      <div className="flex w-full flex-col gap-3 lg:w-[400px] lg:shrink-0">
        <header className="flex flex-col gap-1">
          <h1 className="m-0 flex items-center gap-3 text-xl font-semibold text-white/90">
            <ScreenIcon name="music" />
            {t('menu:music')}
          </h1>
          <p className="m-0 text-sm text-white/55">{t('screens:music')}</p>
        </header>
        <Composer />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <DemoSongs />
        <LyricsView />
        <h2 className="m-0 text-sm font-semibold text-white/80">{t('music:song.list')}</h2>
        <SongList />
      </div>
      <CropDialog />
    </section>
  );
}
