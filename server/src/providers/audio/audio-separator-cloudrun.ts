import { UpstreamError } from '../errors.js';
import {
  call,
  downloadStem,
  jsonOf,
  separationStatus,
  statusOf,
  type SeparatorAdapter,
  type StatusAnswer,
} from './audio-separator.js';

/**
 * python-audio-separator's Cloud Run GPU deployment (`audio_separator/remote/deploy_cloudrun.py`
 * of nomadkaraoke/python-audio-separator): the same API contract as its API server
 * (audio-separator.ts), with two differences this adapter follows:
 * - `POST /separate` keeps the request open while the instance separates (one job per GPU
 *   instance) and answers the job's last status: `{task_id, status: completed|error,
 *   progress, files: {hash: name}, error?, models_used, …}`; the job's id is made there and
 *   known only from that answer. Its own client (`audio_separator/remote/api_client.py`)
 *   waits up to 1,800 s, Cloud Run's request timeout: so does this adapter (`waits`: the
 *   provider's timeout, 1,800 s by default, within the task's deadline). A call that times
 *   out, loses its connection, answers 504 (Cloud Run's own request timeout) or answers
 *   without a readable job may have a separation running or done: it is never sent again
 *   (`sent`: the task fails unconfirmed, docs/tasks.md). The stems are then read by a poll
 *   (`GET /status/{id}` and the downloads), so a failed download never repeats the job.
 * - `GET /health` answers `{status: "healthy", service, version, models_ready, platform:
 *   "cloud-run"}`: `models_ready` is false while the instance still copies its models from
 *   the bucket.
 * An upstream model named `preset:<name>` sends the ensemble preset `<name>` (`preset`,
 * e.g. `karaoke`, `instrumental_clean`) instead of one model file (`model`).
 * A private service sits behind Cloud Run's IAM: the provider's key is sent as a Bearer
 * token (an identity token of an invoker account); a refused one answers 401 or 403.
 */
export const audioSeparatorCloudRun: SeparatorAdapter = {
  async submit(c, input, signal) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(input.bytes)]), input.fileName);
    const preset = /^preset:(.+)$/.exec(input.model)?.[1];
    if (preset) form.append('preset', preset);
    else if (input.model) form.append('model', input.model);
    form.append('output_format', input.outputFormat);
    try {
      const res = await call(c, 'POST', '/separate', { body: form, ...(signal ? { signal } : {}) });
      const a = await jsonOf<StatusAnswer>(res, 'POST /separate');
      if (typeof a.task_id !== 'string' || !a.task_id)
        throw UpstreamError.transient('POST /separate: answered without a task id', 'answer');
      return { id: a.task_id, done: statusOf(a) };
    } catch (error) {
      // The work ran (or may run on) upstream: an unreadable answer or Cloud Run's timeout.
      if (error instanceof UpstreamError && (error.kind === 'answer' || error.status === 504))
        throw new UpstreamError(error.message, error.retry, error.kind, {
          ...error.detail,
          sent: true,
        });
      throw error;
    }
  },
  waits: true,
  status: separationStatus,
  download: downloadStem,
  async checkConnection(p, signal) {
    const res = await call(p, 'GET', '/health', signal ? { signal } : {});
    const a = await jsonOf<{ status?: unknown; models_ready?: unknown; version?: unknown }>(
      res,
      'GET /health',
    );
    if (a.status !== 'healthy')
      throw UpstreamError.transient(`GET /health: ${String(a.status ?? 'no status')}`, 'answer');
    const version = typeof a.version === 'string' ? ` ${a.version}` : '';
    return a.models_ready === false
      ? `audio-separator${version} on Cloud Run answered: healthy, still loading its models`
      : `audio-separator${version} on Cloud Run answered: healthy, models ready`;
  },
};
