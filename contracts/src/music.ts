import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { isoTime, listOf, pageQuery } from './envelope.js';
import { taskStatus } from './tasks.js';

/*
 * AI music (/music): songs through Suno (the New API task format or a self-hosted gcui-art
 * suno-api) or the offline demo, on the task engine (kind `music`). A request makes two clips
 * (each charged only when delivered); a clip can be extended from a point, assembled into the
 * whole song, or cropped into a new song. Lyrics drafts, style tags and demo songs.
 */

const id = z.number().int().positive();
const seconds = z.number().min(0).max(3600);

export const musicModes = ['inspiration', 'custom'] as const;
export const musicActions = ['create', 'extend', 'crop', 'whole'] as const;

export const musicModel = z.object({
  id,
  name: z.string(),
  demo: z.boolean(),
  /** Credits per request of each action (a request makes two clips; one failing halves it). */
  prices: z.object({
    song: z.number().int().nullable(),
    extend: z.number().int().nullable(),
    lyrics: z.number().int().nullable(),
  }),
});
export type MusicModel = z.infer<typeof musicModel>;

export const musicClip = z.object({
  index: z.number().int(),
  title: z.string(),
  tags: z.string(),
  lyrics: z.string(),
  /** `[mm:ss.xx]line` per sung line; empty when unknown. */
  lrc: z.string(),
  duration: z.number().nullable(),
  /** What the player plays (MP3 when there is one, else WAV). */
  audioUrl: z.string().nullable(),
  wavUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Demo songs: their separate stems (the song is their exact sum). */
  stems: z.object({ vocalsUrl: z.string(), instrumentalUrl: z.string() }).nullable(),
  status: z.enum(['complete', 'error']),
  error: z.string().nullable(),
});
export type MusicClip = z.infer<typeof musicClip>;

export const musicTask = z.object({
  id,
  status: taskStatus,
  progress: z.number().int(),
  action: z.enum(musicActions),
  mode: z.enum(musicModes),
  prompt: z.string(),
  title: z.string(),
  tags: z.string(),
  lyrics: z.string(),
  instrumental: z.boolean(),
  modelId: z.number().int().nullable(),
  modelName: z.string(),
  demo: z.boolean(),
  /** Extend, crop and whole song: the song it comes from. */
  source: z
    .object({
      taskId: id,
      clip: z.number().int(),
      at: z.number().nullable(),
      to: z.number().nullable(),
    })
    .nullable(),
  clips: z.array(musicClip),
  error: z.string().nullable(),
  credits: z.number().int(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type MusicTask = z.infer<typeof musicTask>;

export const listModels = endpoint({
  method: 'GET',
  path: '/music/models',
  access: 'identity',
  summary: 'Music models the caller may use, with the price of each action',
  tags: ['music'],
  data: listOf(musicModel),
});

const text = (max: number) => z.string().trim().max(max);

export const submitBody = z
  .object({
    modelId: id.optional(),
    mode: z.enum(musicModes),
    /** Inspiration mode: what the song is about. */
    prompt: text(500).default(''),
    /** Custom mode: the lyrics (with [Verse]/[Chorus] marks). */
    lyrics: text(3000).default(''),
    title: text(80).default(''),
    tags: text(200).default(''),
    instrumental: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    if (b.mode === 'inspiration' && !b.prompt)
      ctx.addIssue({ code: 'custom', path: ['prompt'], message: 'describe the song' });
    if (b.mode === 'custom' && !b.lyrics && !b.instrumental)
      ctx.addIssue({ code: 'custom', path: ['lyrics'], message: 'write the lyrics' });
  });

export const submitSong = endpoint({
  method: 'POST',
  path: '/music/submit',
  access: 'identity',
  summary: 'Make a song (two clips); inspiration mode from a description, custom mode from lyrics',
  tags: ['music'],
  body: submitBody,
  data: musicTask,
});

const clipRef = { taskId: id, clip: z.number().int().min(0).max(9) };

export const extendSong = endpoint({
  method: 'POST',
  path: '/music/extend',
  access: 'identity',
  summary: 'Continue a clip from a point (seconds) into a new song',
  tags: ['music'],
  body: z.object({
    ...clipRef,
    at: seconds,
    lyrics: text(3000).default(''),
    tags: text(200).optional(),
    title: text(80).optional(),
  }),
  data: musicTask,
});

export const cropSong = endpoint({
  method: 'POST',
  path: '/music/crop',
  access: 'identity',
  summary: 'Save a region of a clip as a new song',
  tags: ['music'],
  body: z
    .object({ ...clipRef, from: seconds, to: seconds, title: text(80).optional() })
    .refine((b) => b.to - b.from >= 1, { path: ['to'], message: 'at least one second after from' }),
  data: musicTask,
});

export const wholeSong = endpoint({
  method: 'POST',
  path: '/queue/getWholeSong',
  access: 'identity',
  summary:
    'Assemble the whole song from a clip and the clips it extends (upstream concat, else ours)',
  tags: ['music'],
  body: z.object(clipRef),
  data: musicTask,
});

export const listSongs = endpoint({
  method: 'GET',
  path: '/music/songs',
  access: 'identity',
  summary: "The caller's songs, newest first",
  tags: ['music'],
  query: pageQuery,
  data: listOf(musicTask),
});

export const getSongs = endpoint({
  method: 'GET',
  path: '/music/song',
  access: 'identity',
  summary: 'Songs by id (polling), only the caller’s',
  tags: ['music'],
  query: z.object({
    ids: z.string().regex(/^\d{1,10}(,\d{1,10}){0,49}$/, { message: 'comma-separated ids' }),
  }),
  data: z.object({ rows: z.array(musicTask) }),
});

export const deleteSongs = endpoint({
  method: 'POST',
  path: '/music/delete',
  access: 'identity',
  summary: 'Delete songs (a running one is cancelled and its credits returned)',
  tags: ['music'],
  body: z.object({ ids: z.array(id).min(1).max(100) }),
  data: z.object({ deleted: z.number().int() }),
});

export const lyricsPair = endpoint({
  method: 'POST',
  path: '/queue/lyrics-pair',
  access: 'identity',
  summary: 'Two lyric drafts with titles from a theme (the music provider’s lyrics call)',
  tags: ['music'],
  body: z.object({ prompt: text(500).min(1), modelId: id.optional() }),
  data: z.object({
    drafts: z.array(z.object({ title: z.string(), text: z.string() })),
    credits: z.number().int(),
  }),
});

const localized = z.object({ 'zh-CN': z.string(), 'en-US': z.string(), 'zh-TW': z.string() });

export const musicTypeRow = z.object({
  key: z.string(),
  group: z.enum(['genre', 'mood', 'voice']),
  name: localized,
  tags: z.string(),
});
export type MusicTypeRow = z.infer<typeof musicTypeRow>;

export const queryMusicType = endpoint({
  method: 'GET',
  path: '/autoreply/queryMusicType',
  access: 'public',
  summary: 'Music styles and genres with their tags, named in three languages',
  tags: ['music'],
  data: listOf(
    z.object({
      key: z.string(),
      group: z.enum(['genre', 'mood', 'voice']),
      name: localized,
      tags: z.string(),
    }),
  ),
});

export const queryMusicDemo = endpoint({
  method: 'GET',
  path: '/autoreply/queryMusicDemo',
  access: 'public',
  summary: 'Demo songs to listen to (made by the offline demo, the same every time)',
  tags: ['music'],
  data: listOf(
    z.object({
      id: z.number().int(),
      title: z.string(),
      tags: z.string(),
      prompt: z.string(),
      lyrics: z.string(),
      lrc: z.string(),
      duration: z.number(),
      audioUrl: z.string(),
      imageUrl: z.string(),
    }),
  ),
});
