import CaretRightOutlined from '@ant-design/icons-svg/es/asn/CaretRightOutlined';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Glyph } from '../../components/glyph';
import { Button, lazyThemed, Skeleton } from '../../components/lite/lite';
import { CreationScreen } from '../../components/tasks/creation-screen';
import { useShared } from '../../stores/shared';
import { Composer } from './composer';
import { LyricsView } from './lyrics-view';
import { useMusicDemos } from './music-api';
import { SongList } from './song-list';

/** The crop dialog (antd's dialog and slider) loads when a song is first cropped. */
const CropDialog = lazyThemed(() => import('./crop-dialog').then((m) => m.CropDialog));

/** The crop dialog from the first crop on (antd's closing animation), nothing before it. */
function CropHost() {
  const cropping = useShared((s) => s.croppedSong !== null);
  const [shown, setShown] = useState(false);
  if (cropping && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <CropDialog />
    </Suspense>
  );
}

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
            icon={<Glyph icon={CaretRightOutlined} />}
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
  return (
    <CreationScreen
      screen="music"
      description="screens:music"
      width="medium"
      composerWidth={400}
      composer={<Composer />}
      results={
        <>
          <DemoSongs />
          <LyricsView />
          <h2 className="m-0 text-sm font-semibold text-white/80">{t('music:song.list')}</h2>
          <SongList />
        </>
      }
    >
      <CropHost />
    </CreationScreen>
  );
}
