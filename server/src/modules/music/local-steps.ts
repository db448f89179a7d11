import { AppError } from '../../http/errors.js';
import type { PcmAudio } from '../../lib/wav.js';
import { demoSong } from '../../providers/music/demo-music.js';
import { parseLrc, toLrc, type TimedLine } from '../../providers/music/demo-lyrics.js';
import {
  getTask,
  type ResultFile,
  type StepOutcome,
  type TaskIo,
  type TaskRow,
} from '../tasks/index.js';
import { cut, join, readClip, songResult } from './audio-ops.js';
import { dataOf, paramsOf, type ClipData, type MusicData } from './params.js';

/*
 * The steps done here rather than upstream: the offline demo's songs (two per request, with
 * their stems), crops, and whole songs assembled from a clip and the clips it extends.
 */

/** The offline demo: two songs (or two extensions), each with stems, cover and lyrics. */
export async function demoStep(task: TaskRow, io: TaskIo): Promise<StepOutcome> {
  const p = paramsOf(task.params);
  let tags = p.tags;
  let prompt = p.prompt;
  if (task.action === 'extend' && p.source) {
    const parent = await getTask(io.ctx, task.userId, p.source.taskId);
    const pp = paramsOf(parent.params);
    tags ||= pp.tags;
    prompt ||= pp.prompt || pp.title;
  }
  const files: ResultFile[] = [];
  const clips: ClipData[] = [];
  for (const variant of [0, 1]) {
    const song = await demoSong(
      {
        prompt,
        tags,
        title: p.title,
        lyrics: p.lyrics,
        instrumental: p.instrumental,
        variant: task.action === 'extend' ? 2 + variant + Math.round(p.source?.at ?? 0) : variant,
      },
      io.signal,
    );
    const base = files.length;
    files.push(...song.files);
    const at = (i: number | null) => (i === null ? null : base + i);
    clips.push({
      id: `demo-${task.id}-${variant}`,
      status: 'complete',
      title: song.title,
      tags: song.tags,
      lyrics: song.lyrics,
      lrc: song.lrc,
      duration: song.duration,
      error: null,
      audio: at(song.index.mp3 ?? song.index.wav),
      wav: at(song.index.wav),
      image: at(song.index.image),
      stems: { vocals: base + song.index.vocals, instrumental: base + song.index.instrumental },
    });
  }
  const data: MusicData = { clips, demo: true, stems: clips[0]!.stems! };
  return { type: 'done', files, data: { ...data }, share: { delivered: 2, of: 2 } };
}

/** A region of a stored clip as a new song. */
export async function cropStep(task: TaskRow, io: TaskIo): Promise<StepOutcome> {
  const p = paramsOf(task.params);
  const src = p.source!;
  const parent = await getTask(io.ctx, task.userId, src.taskId);
  const { clip, audio, cover } = await readClip(io.ctx, parent, src.clip, io.signal);
  const from = src.at ?? 0;
  const to = src.to ?? from;
  const lines = parseLrc(clip.lrc).filter((l) => l.at >= from && l.at < to);
  const result = await songResult(
    cut(audio, from, to),
    {
      id: `crop-${task.id}`,
      title: p.title || clip.title,
      tags: clip.tags,
      lyrics: lines.map((l) => l.text).join('\n'),
      lrc: toLrc(lines.map((l) => ({ at: l.at - from, text: l.text }))),
    },
    cover,
    io.signal,
  );
  return { type: 'done', files: result.files, data: { clips: [result.clip] } };
}

interface Whole {
  audio: PcmAudio;
  lines: TimedLine[];
  title: string;
  tags: string;
  lyrics: string[];
  cover: Buffer | null;
}

/** A clip with everything before it: the clips it extends, each cut where it was extended. */
async function wholeOf(
  io: TaskIo,
  task: TaskRow,
  clipIndex: number,
  depth: number,
): Promise<Whole> {
  const { clip, audio, cover } = await readClip(io.ctx, task, clipIndex, io.signal);
  const own: Whole = {
    audio,
    lines: parseLrc(clip.lrc),
    title: clip.title,
    tags: clip.tags,
    lyrics: clip.lyrics ? [clip.lyrics] : [],
    cover,
  };
  const src = paramsOf(task.params).source;
  if (task.action !== 'extend' || !src || depth > 20) return own;
  // Only a song that is gone stands alone: a failed read (the database away) fails the step,
  // to be tried again, rather than making a song without the part it extends.
  const parent = await getTask(io.ctx, task.userId, src.taskId).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
  if (!parent) return own; // the song it extended was deleted: this part stands alone
  const before = await wholeOf(io, parent, src.clip, depth + 1);
  const at = Math.min(
    src.at ?? 0,
    (before.audio.channels[0]?.length ?? 0) / before.audio.sampleRate,
  );
  return {
    audio: join([cut(before.audio, 0, at), audio]),
    lines: [
      ...before.lines.filter((l) => l.at < at),
      ...own.lines.map((l) => ({ at: l.at + at, text: l.text })),
    ],
    title: before.title,
    tags: before.tags,
    lyrics: [...before.lyrics, ...own.lyrics],
    cover: before.cover ?? cover,
  };
}

/** The whole song, assembled by us from the stored audio. */
export async function wholeStep(task: TaskRow, io: TaskIo): Promise<StepOutcome> {
  const src = paramsOf(task.params).source!;
  const from = await getTask(io.ctx, task.userId, src.taskId);
  const w = await wholeOf(io, from, src.clip, 0);
  const result = await songResult(
    w.audio,
    {
      id: `whole-${task.id}`,
      title: w.title,
      tags: w.tags,
      lyrics: w.lyrics.join('\n\n'),
      lrc: toLrc(w.lines),
    },
    w.cover,
    io.signal,
  );
  return { type: 'done', files: result.files, data: { clips: [result.clip] } };
}

export const clipsOfTask = (t: TaskRow) => dataOf(t.data).clips ?? [];
