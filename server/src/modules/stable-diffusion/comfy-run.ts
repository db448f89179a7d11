import { formatAll } from '../../http/messages.js';
import { ComfyClient, newClientId, type ComfyGraph } from '../../providers/image/comfyui.js';
import type { StepOutcome, TaskIo, TaskRow } from '../tasks/index.js';
import type { SdProvider } from './catalogue.js';
import { texts } from './messages.js';

/*
 * A ComfyUI run, the square's or a toolbox operation's: the filled workflow is queued in
 * `submit`; `poll` listens on `/ws` for progress, then reads `/history` and `/view`.
 */

export const comfyOf = (p: SdProvider) =>
  new ComfyClient({ baseUrl: p.baseUrl, apiKey: p.apiKey, timeoutMs: p.timeoutMs });

/** `POST /prompt` with a filled workflow; the task remembers where its picture will be. */
export async function queueComfy(
  io: TaskIo,
  provider: SdProvider,
  graph: ComfyGraph,
  outputNode: string,
): Promise<StepOutcome> {
  const clientId = newClientId();
  const promptId = await comfyOf(provider).queuePrompt(graph, clientId, io.signal);
  return {
    type: 'submitted',
    upstreamId: promptId,
    pollAfterMs: 300,
    progress: 0,
    data: { clientId, outputNode },
  };
}

/** The run's state: its picture (`finish` makes the outcome), its error, or its progress. */
export async function pollComfy(
  io: TaskIo,
  task: TaskRow,
  provider: SdProvider,
  finish: (png: Buffer) => StepOutcome,
): Promise<StepOutcome> {
  const client = comfyOf(provider);
  const promptId = task.upstreamId ?? '';
  const output = String(task.data.outputNode ?? '');
  let got = await client.results(promptId, output, io.signal);
  let percent: number | null = null;
  if (!got) {
    // Still running: listen on /ws for a moment, then look again if it ended meanwhile.
    const heard = await client.watch(String(task.data.clientId ?? ''), promptId, 1000);
    percent = heard.percent;
    if (heard.ended) got = await client.results(promptId, output, io.signal);
  }
  if (got && 'error' in got)
    return { type: 'failed', error: formatAll(texts.upstreamFailed, { reason: got.error }) };
  if (got) return finish(got.images[0]!);
  return { type: 'progress', progress: Math.min(99, percent ?? task.progress), pollAfterMs: 200 };
}
