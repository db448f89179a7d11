import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { isoTime, listOf, pageQuery, queryInt } from './envelope.js';
import { taskStatus } from './tasks.js';

/*
 * Audio separation (`/separation`): a song of the caller's (a finished music task's audio) or
 * an audio file they upload is split into a vocals stem and an instrumental stem, on the task
 * engine (kind `separation`), by a python-audio-separator server or the offline demo.
 *
 * Uploading is its own call (`POST /separation/upload`, multipart with one field `file`, the
 * type read from the bytes: WAV, MP3, FLAC, OGG or M4A); a separation then names the upload's
 * `url`, or a song task's id.
 */

const id = z.number().int().positive();

export const audioMimes = [
  'audio/wav',
  'audio/mpeg',
  'audio/flac',
  'audio/ogg',
  'audio/mp4',
] as const;

/** An audio file the caller uploaded, ready to be separated. */
export const uploadedAudio = z.object({
  id: z.number().int(),
  /** Signed link under /api/files/… an <audio> can load. */
  url: z.string(),
  name: z.string(),
  mime: z.enum(audioMimes),
  size: z.number().int(),
  /** Seconds, when read (WAV always; other types when ffprobe is present); else 0. */
  durationSeconds: z.number(),
  channels: z.number().int(),
});
export type UploadedAudio = z.infer<typeof uploadedAudio>;

export const uploadAudio = endpoint({
  method: 'POST',
  path: '/separation/upload',
  access: 'identity',
  summary:
    'Upload an audio file to separate (multipart field `file`; WAV, MP3, FLAC, OGG or M4A, checked by content)',
  tags: ['separation'],
  data: uploadedAudio,
});

/** A separation model and what one separation with it costs. */
export const separationModel = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The offline demo (exact stems of demo songs, else a mid/side split). */
  demo: z.boolean(),
  priceKey: z.string(),
  credits: z.number().int(),
});
export type SeparationModel = z.infer<typeof separationModel>;

export const listModels = endpoint({
  method: 'GET',
  path: '/separation/models',
  access: 'identity',
  summary: 'Separation models the caller may use, with the price of one separation',
  tags: ['separation'],
  data: listOf(separationModel),
});

/** A song of the caller's that can be separated (a finished music task with audio). */
export const song = z.object({
  taskId: z.number().int(),
  /** Which clip of the music task (a request makes two). */
  clip: z.number().int(),
  title: z.string(),
  url: z.string(),
  mime: z.string(),
  /** Made by the music demo with its own stems, which the demo separation returns. */
  demo: z.boolean(),
  createdAt: isoTime,
});
export type Song = z.infer<typeof song>;

export const listSongs = endpoint({
  method: 'GET',
  path: '/separation/songs',
  access: 'identity',
  summary: "The caller's finished songs that can be separated, newest first",
  tags: ['separation'],
  query: pageQuery,
  data: listOf(song),
});

export const outputFormats = ['wav', 'flac', 'mp3'] as const;

export const separationSource = z.discriminatedUnion('type', [
  /** An audio file `/separation/upload` answered (its `url`). */
  z.object({ type: z.literal('upload'), url: z.string().trim().min(1).max(2000) }),
  /** One of the caller's finished songs. */
  z.object({
    type: z.literal('song'),
    taskId: id,
    clip: z.number().int().min(0).max(99).default(0),
  }),
]);
export type SeparationSource = z.infer<typeof separationSource>;

export const separationInput = z.object({
  modelId: id.optional(),
  source: separationSource,
  /** Format the upstream writes the stems in (the demo writes WAV, plus MP3 with ffmpeg). */
  format: z.enum(outputFormats).default('wav'),
});
export type SeparationInput = z.input<typeof separationInput>;

/** One stored stem. */
export const stem = z.object({
  url: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type Stem = z.infer<typeof stem>;

/**
 * How the stems were made: `model` by a separation model upstream, `demo-stems` the exact
 * stems of a demo song, `mid-side` the demo's split of other stereo audio (mid = (L+R)/2 as
 * vocals, side = (L−R)/2 as instrumental).
 */
export const separationMethods = ['model', 'demo-stems', 'mid-side'] as const;

export const separationTask = z.object({
  id: z.number().int(),
  status: taskStatus,
  progress: z.number().int(),
  sourceName: z.string(),
  sourceType: z.enum(['upload', 'song']),
  songTaskId: z.number().int().nullable(),
  modelId: z.number().int().nullable(),
  modelName: z.string(),
  demo: z.boolean(),
  method: z.enum(separationMethods).nullable(),
  format: z.enum(outputFormats),
  vocals: stem.nullable(),
  instrumental: stem.nullable(),
  /** Every stored file: the two stems, MP3 copies, other stems of many-stem models. */
  files: z.array(stem),
  durationSeconds: z.number(),
  error: z.string().nullable(),
  /** Credits charged (held while running; 0 when it failed). */
  credits: z.number().int(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type SeparationTask = z.infer<typeof separationTask>;

export const submitSeparation = endpoint({
  method: 'POST',
  path: '/separation/submit',
  access: 'identity',
  summary: 'Separate a song or an uploaded audio file into vocals and instrumental (price held)',
  tags: ['separation'],
  body: separationInput,
  data: separationTask,
});

export const listSeparations = endpoint({
  method: 'GET',
  path: '/separation/list',
  access: 'identity',
  summary: "The caller's separations, newest first",
  tags: ['separation'],
  query: pageQuery,
  data: listOf(separationTask),
});

export const separationStatus = endpoint({
  method: 'GET',
  path: '/separation/status',
  access: 'identity',
  summary: 'One of the caller’s separations (progress while it runs)',
  tags: ['separation'],
  query: z.object({ id: queryInt(id) }),
  data: separationTask,
});

export const deleteSeparation = endpoint({
  method: 'POST',
  path: '/separation/delete',
  access: 'identity',
  summary: 'Delete one of the caller’s separations and its stems (a running one is cancelled)',
  tags: ['separation'],
  body: z.object({ id }),
  data: z.object({ deleted: z.number().int() }),
});
