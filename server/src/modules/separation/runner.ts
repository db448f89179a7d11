import { failedWith } from '../../lib/failure-text.js';
import type { AppContext } from '../../context.js';
import { formatAll } from '../../http/messages.js';
import {
  downloadStem,
  pickStems,
  separationStatus,
  submitSeparation,
  type SeparatorConfig,
} from '../../providers/audio/audio-separator.js';
import { storageOf } from '../../storage/index.js';
import {
  UpstreamError,
  type ResultFile,
  type StepOutcome,
  type TaskIo,
  type TaskRow,
  type TaskRunner,
} from '../tasks/index.js';
import { decodeAudio, encodeWav, midSide, mp3Of, secondsOf } from './audio.js';
import { texts } from './messages.js';
import { modelById, type SeparationModel } from './models.js';

/** What a separation task stores in `params` (everything the screen needs to show it again). */
export interface SeparationParams {
  modelId: number;
  format: 'wav' | 'flac' | 'mp3';
  source: {
    type: 'upload' | 'song';
    /** Storage key of the audio to separate. */
    key: string;
    name: string;
    mime: string;
    songTaskId?: number;
    /** Which clip of the song task (music tasks make two). */
    songClip?: number;
    /** A demo song's own stems (storage keys), which the demo returns as they are. */
    stemKeys?: { vocals: string; instrumental: string };
  };
}

/** What the runner adds to `data`: how the stems were made and where they are in `files`. */
export interface SeparationData {
  method?: 'model' | 'demo-stems' | 'mid-side';
  stems?: { vocals: number; instrumental: number };
  durationSeconds?: number;
  demoStep?: number;
}

/** The demo's steps: four, one every `separation.demoStepMs`, the work done at the last. */
const DEMO_STEPS = 4;

const paramsOf = (task: TaskRow) => task.params as unknown as SeparationParams;

const baseName = (name: string) =>
  (
    name
      .replace(/\.[a-z0-9]{1,5}$/i, '')
      .replace(/[^\p{L}\p{N}._ -]+/gu, '_')
      .trim() || 'audio'
  ).slice(0, 80);

async function readSource(ctx: AppContext, key: string): Promise<Buffer> {
  const got = await storageOf(ctx.config).get(key);
  if (!got) throw UpstreamError.permanent(texts.sourceGone);
  return got.bytes;
}

async function modelOf(ctx: AppContext, task: TaskRow): Promise<SeparationModel> {
  const model = await modelById(ctx, paramsOf(task).modelId);
  if (!model) throw UpstreamError.permanent(texts.modelNotFound);
  return model;
}

const configOf = (m: SeparationModel): SeparatorConfig => ({
  baseUrl: m.provider.baseUrl,
  apiKey: m.provider.apiKey,
  timeoutMs: Math.min(m.provider.timeoutMs, 120_000),
});

/** The two stems (and MP3 copies when ffmpeg is present), vocals first. */
async function stemFiles(
  name: string,
  vocals: Buffer,
  instrumental: Buffer,
  signal: AbortSignal,
): Promise<{ files: ResultFile[]; stems: { vocals: number; instrumental: number } }> {
  const base = baseName(name);
  const files: ResultFile[] = [
    { bytes: vocals, name: `${base}-vocals.wav` },
    { bytes: instrumental, name: `${base}-instrumental.wav` },
  ];
  const [v, i] = await Promise.all([mp3Of(vocals, signal), mp3Of(instrumental, signal)]);
  if (v && i)
    files.push(
      { bytes: v, name: `${base}-vocals.mp3` },
      { bytes: i, name: `${base}-instrumental.mp3` },
    );
  return { files, stems: { vocals: 0, instrumental: 1 } };
}

/** The offline demo's work: a demo song's own stems, else a mid/side split of stereo audio. */
async function demoSeparate(task: TaskRow, io: TaskIo): Promise<StepOutcome> {
  const p = paramsOf(task);
  if (p.source.stemKeys) {
    const [vocals, instrumental] = await Promise.all([
      readSource(io.ctx, p.source.stemKeys.vocals),
      readSource(io.ctx, p.source.stemKeys.instrumental),
    ]);
    const out = await stemFiles(p.source.name, vocals, instrumental, io.signal);
    const data: SeparationData = {
      method: 'demo-stems',
      stems: out.stems,
      durationSeconds: await secondsOf(vocals),
    };
    return { type: 'done', files: out.files, data: { ...data } };
  }
  const pcm = await decodeAudio(await readSource(io.ctx, p.source.key), io.signal);
  if (!pcm) throw UpstreamError.permanent(texts.demoCannotDecode);
  if (pcm.channels.length !== 2)
    throw UpstreamError.permanent(
      formatAll(texts.demoNeedsStereo, { channels: pcm.channels.length }),
    );
  const split = midSide(pcm);
  const out = await stemFiles(
    p.source.name,
    encodeWav(split.vocals),
    encodeWav(split.instrumental),
    io.signal,
  );
  const data: SeparationData = {
    method: 'mid-side',
    stems: out.stems,
    durationSeconds: pcm.channels[0]!.length / pcm.sampleRate,
  };
  return { type: 'done', files: out.files, data: { ...data } };
}

/** A finished upstream separation: its stems downloaded, vocals and instrumental first. */
async function collect(
  io: TaskIo,
  task: TaskRow,
  c: SeparatorConfig,
  files: Record<string, string>,
): Promise<StepOutcome> {
  const picked = pickStems(files);
  if (!picked.vocals || !picked.instrumental) return { type: 'failed', error: texts.noStems };
  const id = task.upstreamId!;
  const order = [picked.vocals, picked.instrumental, ...picked.others];
  const out: ResultFile[] = [];
  for (const f of order)
    out.push({ bytes: await downloadStem(c, id, f.hash, io.signal), name: f.name });
  const data: SeparationData = {
    method: 'model',
    stems: { vocals: 0, instrumental: 1 },
    durationSeconds: await secondsOf(out[0]!.bytes!),
  };
  return { type: 'done', files: out, data: { ...data } };
}

export const separationRunner: TaskRunner = {
  kind: 'separation',
  timeoutMs: 30 * 60_000,
  async submit(task, io) {
    const model = await modelOf(io.ctx, task);
    if (model.demo)
      return {
        type: 'submitted',
        upstreamId: `demo-${task.id}`,
        pollAfterMs: io.ctx.config.separation.demoStepMs,
        progress: 0,
      };
    const p = paramsOf(task);
    const upstreamId = await submitSeparation(
      configOf(model),
      {
        bytes: await readSource(io.ctx, p.source.key),
        fileName: `${baseName(p.source.name)}.${p.source.key.split('.').pop() ?? 'bin'}`,
        model: model.upstreamModel,
        outputFormat: p.format,
      },
      io.signal,
    );
    return { type: 'submitted', upstreamId, pollAfterMs: io.ctx.config.separation.pollMs };
  },
  async poll(task, io) {
    const model = await modelOf(io.ctx, task);
    if (model.demo) {
      const step = ((task.data as SeparationData).demoStep ?? 0) + 1;
      if (step < DEMO_STEPS)
        return {
          type: 'progress',
          progress: Math.round((step * 100) / DEMO_STEPS),
          pollAfterMs: io.ctx.config.separation.demoStepMs,
          data: { demoStep: step },
        };
      return demoSeparate(task, io);
    }
    const c = configOf(model);
    const s = await separationStatus(c, task.upstreamId!, io.signal);
    if (s.status === 'completed') return collect(io, task, c, s.files);
    if (s.status === 'error') {
      io.ctx.log.warn({ taskId: task.id, err: s.error }, 'separation failed upstream');
      return {
        type: 'failed',
        error: failedWith(texts.upstreamFailed, new Error(s.error ?? 'error')),
      };
    }
    if (s.status === 'not_found') return { type: 'failed', error: texts.upstreamLost };
    return {
      type: 'progress',
      progress: Math.min(99, s.progress),
      pollAfterMs: io.ctx.config.separation.pollMs,
    };
  },
};
