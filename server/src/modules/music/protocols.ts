import type { AppContext } from '../../context.js';
import { demoLyrics } from '../../providers/music/demo-lyrics.js';
import * as gcui from '../../providers/music/gcui-suno.js';
import * as newapi from '../../providers/music/newapi-suno.js';
import { UpstreamError } from '../../providers/errors.js';
import type { ProviderCheck } from '../providers/index.js';
import type { StepOutcome, TaskIo, TaskRow } from '../tasks/index.js';
import { demoStep } from './local-steps.js';
import type { MusicModel } from './models.js';
import { gcuiPoll, gcuiSubmit, newApiPoll, newApiSubmit } from './upstream-steps.js';

/** A lyrics draft. */
export type Draft = { title: string; text: string };

/** What a music protocol does: the adapter of one provider protocol (musicProtocols). */
export interface MusicProtocol {
  /** A song (`create`, `extend`, and `whole` where `concat`). */
  submit(task: TaskRow, io: TaskIo, m: MusicModel): Promise<StepOutcome>;
  poll(task: TaskRow, io: TaskIo, m: MusicModel): Promise<StepOutcome>;
  /** One lyrics draft of the `/queue/lyrics-pair` call (`n`: 0 or 1). */
  lyrics(ctx: AppContext, m: MusicModel, prompt: string, n: number): Promise<Draft>;
  /** Whether the upstream joins an extension to its source itself (a `whole` song). */
  concat: boolean;
  /** The console's "test connection" (the demo's is chat's). */
  checkConnection?: ProviderCheck;
}

/** A New API lyrics task, polled until it is done (lyrics take seconds). */
async function newApiLyrics(ctx: AppContext, m: MusicModel, prompt: string): Promise<Draft> {
  const id = await newapi.submitLyrics(m.upstream, prompt);
  const until = Date.now() + 90_000;
  for (;;) {
    const t = await newapi.fetchTask(m.upstream, id);
    if (t.status === 'SUCCESS' && t.lyrics) return t.lyrics;
    if (t.status === 'FAILURE')
      throw new UpstreamError(t.failReason || 'FAILURE', 'permanent', 'refused');
    if (Date.now() > until) throw UpstreamError.transient('lyrics: no answer in time', 'timeout');
    await new Promise((r) => setTimeout(r, Math.min(ctx.config.music.pollMs, 2000)));
  }
}

/** Suno through New API's task routes (`/suno/*` of its root), without a connection test. */
const sunoOnNewApi = {
  submit: newApiSubmit,
  poll: newApiPoll,
  lyrics: (ctx, m, prompt) => newApiLyrics(ctx, m, prompt),
  concat: false,
} satisfies MusicProtocol;

/**
 * Music by provider protocol (docs/music.md): the offline demo, Suno through New API's task
 * format, the self-hosted gcui-art suno-api. A new protocol is one entry here (and its adapter
 * under providers/music/).
 */
export const musicProtocols = {
  demo: {
    submit: (task, io) => demoStep(task, io),
    // A demo song is made in its submit: there is nothing to poll, so it is made again.
    poll: (task, io) => demoStep(task, io),
    lyrics: async (_ctx, _m, prompt, n) => demoLyrics(prompt, n),
    concat: false,
    // The demo's connection test is chat's (every kind's demo provider).
    checkConnection: undefined,
  },
  'suno-newapi': { ...sunoOnNewApi, checkConnection: newapi.checkConnection },
  // The one-provider New API: the same routes; its connection test is the chat map's.
  newapi: { ...sunoOnNewApi, checkConnection: undefined },
  'suno-api': {
    submit: gcuiSubmit,
    poll: gcuiPoll,
    lyrics: (_ctx, m, prompt) => gcui.generateLyrics(m.upstream, prompt),
    concat: true,
    checkConnection: gcui.checkConnection,
  },
} satisfies Record<string, MusicProtocol>;
