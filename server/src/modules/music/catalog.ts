import type { FastifyInstance } from 'fastify';
import { music as M } from '@atelier/contracts';
import { notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { sendBytes } from '../../http/range.js';
import { demoSong, type DemoSong } from '../../providers/music/demo-music.js';
import { texts } from './messages.js';

type Named = { 'zh-CN': string; 'en-US': string; 'zh-TW': string };
const n = (zhCN: string, enUS: string, zhTW: string): Named => ({
  'zh-CN': zhCN,
  'en-US': enUS,
  'zh-TW': zhTW,
});

/** Styles offered as tags (`queryMusicType`): genres, moods and voices, in three languages. */
export const MUSIC_TYPES: M.MusicTypeRow[] = [
  { key: 'pop', group: 'genre', name: n('流行', 'Pop', '流行'), tags: 'pop' },
  { key: 'rock', group: 'genre', name: n('摇滚', 'Rock', '搖滾'), tags: 'rock, electric guitar' },
  { key: 'edm', group: 'genre', name: n('电子舞曲', 'EDM', '電子舞曲'), tags: 'edm, dance' },
  { key: 'hiphop', group: 'genre', name: n('嘻哈', 'Hip hop', '嘻哈'), tags: 'hip hop, rap' },
  { key: 'folk', group: 'genre', name: n('民谣', 'Folk', '民謠'), tags: 'folk, acoustic guitar' },
  { key: 'jazz', group: 'genre', name: n('爵士', 'Jazz', '爵士'), tags: 'jazz, swing' },
  { key: 'lofi', group: 'genre', name: n('低保真', 'Lo-fi', '低傳真'), tags: 'lofi, chill' },
  {
    key: 'chinese',
    group: 'genre',
    name: n('中国风', 'Chinese style', '中國風'),
    tags: 'chinese traditional, guzheng',
  },
  { key: 'ballad', group: 'mood', name: n('抒情', 'Ballad', '抒情'), tags: 'ballad, slow' },
  { key: 'happy', group: 'mood', name: n('欢快', 'Upbeat', '歡快'), tags: 'upbeat, happy' },
  { key: 'sad', group: 'mood', name: n('伤感', 'Sad', '傷感'), tags: 'sad, melancholic' },
  { key: 'epic', group: 'mood', name: n('史诗', 'Epic', '史詩'), tags: 'epic, cinematic' },
  {
    key: 'female',
    group: 'voice',
    name: n('女声', 'Female vocals', '女聲'),
    tags: 'female vocals',
  },
  { key: 'male', group: 'voice', name: n('男声', 'Male vocals', '男聲'), tags: 'male vocals' },
];

/** The demo songs (`queryMusicDemo`): made by the offline demo, the same bytes every time. */
export const MUSIC_DEMOS = [
  {
    id: 1,
    title: 'Summer Sea',
    tags: 'pop, upbeat',
    prompt: 'a summer song about the sea and the night',
  },
  {
    id: 2,
    title: 'Rainy City',
    tags: 'lofi, chill',
    prompt: 'rain on the city windows, coffee and quiet',
  },
  {
    id: 3,
    title: 'Open Road',
    tags: 'rock, electric guitar',
    prompt: 'driving on the open road with friends',
  },
  { id: 4, title: 'Slow Goodbye', tags: 'sad ballad', prompt: 'a slow goodbye at the station' },
];

const rendered = new Map<number, Promise<DemoSong>>();

/** A demo song, rendered on first use and kept (a few hundred kB each). */
function demoOf(id: number): Promise<DemoSong> | null {
  const d = MUSIC_DEMOS.find((x) => x.id === id);
  if (!d) return null;
  let got = rendered.get(id);
  if (!got) {
    got = demoSong({
      prompt: d.prompt,
      tags: d.tags,
      title: d.title,
      lyrics: '',
      instrumental: false,
      variant: 0,
    });
    got.catch(() => rendered.delete(id));
    rendered.set(id, got);
  }
  return got;
}

export function catalogRoutes(app: FastifyInstance): void {
  route(app, M.queryMusicType, async () => ({ rows: MUSIC_TYPES, count: MUSIC_TYPES.length }));

  route(app, M.queryMusicDemo, async () => {
    const rows = [];
    for (const d of MUSIC_DEMOS) {
      const song = await demoOf(d.id)!;
      const ext = song.index.mp3 !== null ? 'mp3' : 'wav';
      rows.push({
        id: d.id,
        title: d.title,
        tags: d.tags,
        prompt: d.prompt,
        lyrics: song.lyrics,
        lrc: song.lrc,
        duration: song.duration,
        audioUrl: `/api/music/demo/${d.id}.${ext}`,
        imageUrl: `/api/music/demo/${d.id}.png`,
      });
    }
    return { rows, count: rows.length };
  });

  // The demo songs' bytes (not the envelope). Public: they are the same for everyone.
  app.get<{ Params: { file: string } }>(
    '/music/demo/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const m = /^(\d{1,3})\.(wav|mp3|png)$/.exec(req.params.file);
      const song = m ? demoOf(Number(m[1])) : null;
      if (!m || !song) throw notFound(texts.songNotFound);
      const s = await song;
      const index = m[2] === 'png' ? s.index.image : m[2] === 'mp3' ? s.index.mp3 : s.index.wav;
      if (index === null) throw notFound(texts.songNotFound);
      const file = s.files[index]!;
      void reply.header('content-type', file.mime).header('cache-control', 'public, max-age=86400');
      return sendBytes(req, reply, Buffer.from(file.bytes));
    },
  );
}
