import { failedWith } from '../../lib/failure-text.js';
import type { AppContext } from '../../context.js';
import { formatAll } from '../../http/messages.js';
import {
  pickStems,
  type SeparatorAdapter,
  type SeparatorConfig,
  type SeparatorStatus,
} from '../../providers/audio/index.js';
import { storageOf } from '../../storage/index.js';
import type { KindAdapter, KindModel } from '../kind-kit/index.js';
import { UpstreamError, type ResultFile, type StepOutcome, type TaskIo } from '../tasks/index.js';
import { decodeAudio, encodeWav, midSide, mp3Of, secondsOf } from './audio.js';
import { texts } from './messages.js';

import type { SeparationData, SeparationJob, SeparationParams } from './params.js';

/** The demo's steps: four, one every `separation.demoStepMs`, the work done at the last. */
const DEMO_STEPS = 4;

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

const configOf = (m: KindModel): SeparatorConfig => ({
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
async function demoSeparate({ params: p, io }: SeparationJob): Promise<StepOutcome> {
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
  upstream: SeparatorAdapter,
  c: SeparatorConfig,
  id: string,
  files: Record<string, string>,
): Promise<StepOutcome> {
  const picked = pickStems(files);
  if (!picked.vocals || !picked.instrumental) return { type: 'failed', error: texts.noStems };
  const order = [picked.vocals, picked.instrumental, ...picked.others];
  const out: ResultFile[] = [];
  for (const f of order)
    out.push({ bytes: await upstream.download(c, id, f.hash, io.signal), name: f.name });
  const data: SeparationData = {
    method: 'model',
    stems: { vocals: 0, instrumental: 1 },
    durationSeconds: await secondsOf(out[0]!.bytes!),
  };
  return { type: 'done', files: out, data: { ...data } };
}

/** Where an upstream separation is, as a step of ours. */
function outcomeOf(
  job: SeparationJob,
  upstream: SeparatorAdapter,
  c: SeparatorConfig,
  id: string,
  s: SeparatorStatus,
): Promise<StepOutcome> | StepOutcome {
  const { io, task } = job;
  if (s.status === 'completed') return collect(io, upstream, c, id, s.files);
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
}

/** A separation upstream (separatorAdapters) as the kind's adapter: send, then poll. */
export function upstreamAdapter(
  upstream: SeparatorAdapter,
): KindAdapter<SeparationParams, SeparationData> {
  return {
    async submit(job) {
      const { params: p, model, io } = job;
      // A deployment that answers when the work is done gets the provider's whole timeout.
      const waited = model.provider.timeoutMs;
      const c = upstream.waits
        ? { ...configOf(model), timeoutMs: io.allowStep?.(waited) ?? waited }
        : configOf(model);
      const sent = await upstream.submit(
        c,
        {
          bytes: await readSource(io.ctx, p.source.key),
          fileName: `${baseName(p.source.name)}.${p.source.key.split('.').pop() ?? 'bin'}`,
          // `default` in the console: the server's own default model.
          model: model.upstreamModel === 'default' ? '' : model.upstreamModel,
          outputFormat: p.format,
        },
        io.signal,
      );
      // An upstream that answered a finished job (Cloud Run): a failure ends the task now; a
      // success is collected by a poll at once, so a failed download never repeats the job.
      const s = sent.done?.status;
      if (sent.done && s !== 'submitted' && s !== 'processing' && s !== 'completed')
        return outcomeOf(job, upstream, c, sent.id, sent.done);
      return {
        type: 'submitted',
        upstreamId: sent.id,
        pollAfterMs: s === 'completed' ? 0 : io.ctx.config.separation.pollMs,
        ...(s === 'completed' ? { progress: 99 } : {}),
      };
    },
    async poll(job) {
      const c = configOf(job.model);
      const id = job.task.upstreamId!;
      return outcomeOf(job, upstream, c, id, await upstream.status(c, id, job.io.signal));
    },
    checkConnection: upstream.checkConnection,
  };
}

/** The offline demo: four steps, one every `separation.demoStepMs`, the work done at the last. */
export const demoAdapter: KindAdapter<SeparationParams, SeparationData> = {
  async submit({ task, io }) {
    return {
      type: 'submitted',
      upstreamId: `demo-${task.id}`,
      pollAfterMs: io.ctx.config.separation.demoStepMs,
      progress: 0,
    };
  },
  async poll(job) {
    const step = (job.data.demoStep ?? 0) + 1;
    if (step < DEMO_STEPS)
      return {
        type: 'progress',
        progress: Math.round((step * 100) / DEMO_STEPS),
        pollAfterMs: job.io.ctx.config.separation.demoStepMs,
        data: { demoStep: step },
      };
    return demoSeparate(job);
  },
};
