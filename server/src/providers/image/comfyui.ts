import { randomBytes } from 'node:crypto';
import { mayHaveSent, retryOfStatus, UpstreamError } from '../errors.js';

/**
 * ComfyUI (docs/stable-diffusion.md, Upstreams; upstream: comfyanonymous/ComfyUI `server.py`,
 * its routes and websocket messages): `POST /prompt {prompt: <API-format graph>, client_id}` →
 * `{prompt_id, number, node_errors}`; progress over `/ws?clientId=` (`progress {value,max}`,
 * `executing` with `node: null` when done); results in `GET /history/{id}` →
 * `outputs[node].images[{filename, subfolder, type}]`, bytes from `GET /view`. The operator's
 * workflow has its inputs mapped by node id (the output node is named, never assumed last).
 */

export interface ComfyConfig {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
}

export type ComfyGraph = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

export interface ComfyMapping {
  prompt?: string;
  negativePrompt?: string;
  seed?: string;
  size?: string;
  model?: string;
  steps?: string;
  output: string;
  /** Toolbox workflows: LoadImage nodes for the picture and its mask, the upscale's factor. */
  image?: string;
  mask?: string;
  scale?: string;
}

export interface ComfyInputs {
  prompt: string;
  negativePrompt: string;
  seed: number;
  width: number;
  height: number;
  checkpoint: string;
  steps: number;
  cfgScale: number;
  /** Names `POST /upload/image` gave the toolbox's picture and mask. */
  image?: string;
  mask?: string;
  scale?: number;
}

/** The operator's workflow with our inputs written into the mapped nodes (a copy). */
export function fillWorkflow(graph: ComfyGraph, map: ComfyMapping, v: ComfyInputs): ComfyGraph {
  const g = structuredClone(graph);
  const node = (id: string | undefined, what: string) => {
    if (id === undefined) return null;
    const n = g[id];
    if (!n)
      throw new UpstreamError(`the workflow has no node ${id} (${what})`, 'permanent', 'refused');
    return n.inputs;
  };
  const text = node(map.prompt, 'prompt');
  if (text) text.text = v.prompt;
  const image = node(map.image, 'image');
  if (image && v.image) image.image = v.image;
  const mask = node(map.mask, 'mask');
  if (mask && v.mask) mask.image = v.mask;
  const scale = node(map.scale, 'scale');
  if (scale && v.scale) scale.scale_by = v.scale;
  const neg = node(map.negativePrompt, 'negative prompt');
  if (neg) neg.text = v.negativePrompt;
  const seed = node(map.seed, 'seed');
  if (seed) seed['noise_seed' in seed ? 'noise_seed' : 'seed'] = v.seed;
  const size = node(map.size, 'size');
  if (size) Object.assign(size, { width: v.width, height: v.height });
  const model = node(map.model, 'model');
  if (model && v.checkpoint) model.ckpt_name = v.checkpoint;
  const steps = node(map.steps, 'steps');
  if (steps) Object.assign(steps, { steps: v.steps, cfg: v.cfgScale });
  node(map.output, 'output');
  return g;
}

interface HistoryEntry {
  outputs?: Record<
    string,
    { images?: Array<{ filename: string; subfolder: string; type: string }> }
  >;
  status?: {
    status_str?: string;
    completed?: boolean;
    messages?: Array<[string, Record<string, unknown>]>;
  };
}

export class ComfyClient {
  constructor(private readonly config: ComfyConfig) {}

  private base = () => this.config.baseUrl.replace(/\/+$/, '');

  private headers(): Record<string, string> {
    return this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {};
  }

  private async call(path: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    const all = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const where = `${init.method ?? 'GET'} ${path.split('?')[0]}`;
    let res: Response;
    try {
      res = await fetch(`${this.base()}${path}`, {
        ...init,
        headers: { ...this.headers(), ...(init.headers as Record<string, string>) },
        redirect: 'manual',
        signal: all,
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? '';
      throw UpstreamError.transient(
        timeout.aborted
          ? `${where}: no answer in ${this.config.timeoutMs} ms`
          : `${where}: unreachable${cause ? ` (${cause})` : ''}`,
        timeout.aborted ? 'timeout' : 'network',
        { sent: mayHaveSent(error, timeout.aborted) },
      );
    }
    if (res.status >= 300) {
      const text = await res.text().catch(() => '');
      const retry =
        res.status === 401 || res.status === 403 ? 'permanent' : retryOfStatus(res.status);
      throw new UpstreamError(
        `${where}: HTTP ${res.status}${retry === 'permanent' ? ` ${text.slice(0, 300)}` : ''}`,
        retry,
        'http',
        { status: res.status },
      );
    }
    return res;
  }

  private async json<T>(path: string, init: RequestInit, signal?: AbortSignal): Promise<T> {
    const res = await this.call(path, init, signal);
    try {
      return (await res.json()) as T;
    } catch {
      throw UpstreamError.transient(`${path}: the answer is not JSON`, 'answer');
    }
  }

  objectInfo(signal?: AbortSignal) {
    return this.json<Record<string, unknown>>('/object_info', {}, signal);
  }

  /** Queues a graph; a graph the server refuses (`node_errors`) is final. */
  async queuePrompt(graph: ComfyGraph, clientId: string, signal?: AbortSignal): Promise<string> {
    const out = await this.json<{ prompt_id?: string; node_errors?: Record<string, unknown> }>(
      '/prompt',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: graph, client_id: clientId }),
      },
      signal,
    );
    if (out.node_errors && Object.keys(out.node_errors).length > 0)
      throw new UpstreamError(
        `the workflow was refused: ${JSON.stringify(out.node_errors).slice(0, 300)}`,
        'permanent',
        'refused',
      );
    if (!out.prompt_id) throw UpstreamError.transient('/prompt: no prompt_id', 'answer');
    return out.prompt_id;
  }

  async history(promptId: string, signal?: AbortSignal): Promise<HistoryEntry | null> {
    const all = await this.json<Record<string, HistoryEntry>>(
      `/history/${encodeURIComponent(promptId)}`,
      {},
      signal,
    );
    return all[promptId] ?? null;
  }

  async view(f: { filename: string; subfolder: string; type: string }, signal?: AbortSignal) {
    const q = new URLSearchParams({ filename: f.filename, subfolder: f.subfolder, type: f.type });
    const res = await this.call(`/view?${q.toString()}`, {}, signal);
    return Buffer.from(await res.arrayBuffer());
  }

  /** `POST /upload/image` (multipart `image`, `overwrite`): the name to put in a LoadImage node. */
  async uploadImage(bytes: Buffer, name: string, signal?: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
    form.append('overwrite', 'true');
    const out = await this.json<{ name?: string; subfolder?: string }>(
      '/upload/image',
      { method: 'POST', body: form },
      signal,
    );
    if (!out.name) throw UpstreamError.transient('/upload/image: no name', 'answer');
    return out.subfolder ? `${out.subfolder}/${out.name}` : out.name;
  }

  /**
   * Listens on `/ws?clientId=` for up to `ms`: the last progress of `promptId` (0–100), and
   * whether it finished (`executing` with `node: null`) or failed (`execution_error`).
   */
  async watch(
    clientId: string,
    promptId: string,
    ms: number,
  ): Promise<{ percent: number | null; ended: boolean }> {
    // Loaded with the first ComfyUI drawing: a server without one keeps its memory.
    const { default: WebSocket } = await import('ws');
    const url = `${this.base().replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`;
    return new Promise((resolve) => {
      let percent: number | null = null;
      let settled = false;
      const ws = new WebSocket(url, { headers: this.headers(), handshakeTimeout: ms });
      const end = (ended: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        ws.removeAllListeners();
        ws.on('error', () => undefined);
        ws.terminate();
        resolve({ percent, ended });
      };
      const timer = setTimeout(() => end(false), ms);
      ws.on('error', () => end(false));
      ws.on('message', (raw, isBinary) => {
        if (isBinary) return; // preview frames
        let m: { type?: string; data?: Record<string, unknown> };
        try {
          m = JSON.parse(String(raw)) as typeof m;
        } catch {
          return;
        }
        const d = m.data ?? {};
        if (d.prompt_id !== undefined && d.prompt_id !== promptId) return;
        if (m.type === 'progress' && typeof d.value === 'number' && typeof d.max === 'number')
          percent = Math.round((d.value / Math.max(1, d.max)) * 100);
        if (
          (m.type === 'executing' && d.node === null) ||
          m.type === 'execution_error' ||
          m.type === 'execution_success'
        )
          end(true);
      });
    });
  }

  /** The finished pictures of a prompt, or why it failed; null while it still runs. */
  async results(
    promptId: string,
    outputNode: string,
    signal?: AbortSignal,
  ): Promise<{ images: Buffer[] } | { error: string } | null> {
    const h = await this.history(promptId, signal);
    if (!h) return null;
    if (h.status?.status_str === 'error') {
      const err = h.status.messages?.find(([t]) => t === 'execution_error')?.[1];
      return { error: String(err?.exception_message ?? 'the workflow failed').slice(0, 300) };
    }
    const files = h.outputs?.[outputNode]?.images ?? [];
    if (files.length === 0) {
      if (h.status?.completed) return { error: `node ${outputNode} gave no pictures` };
      return null;
    }
    return { images: await Promise.all(files.map((f) => this.view(f, signal))) };
  }
}

export const newClientId = () => `atelier-${randomBytes(8).toString('hex')}`;

/** The console's "test connection": `/object_info` (the node list). */
export async function checkConnection(
  p: { baseUrl: string; apiKey: string | null; timeoutMs: number },
  signal?: AbortSignal,
): Promise<string> {
  const info = await new ComfyClient(p).objectInfo(signal);
  const n = Object.keys(info).length;
  if (n === 0)
    throw new UpstreamError('object_info is empty: is this ComfyUI?', 'permanent', 'answer');
  const ckpt = info.CheckpointLoaderSimple ? '' : ' (no CheckpointLoaderSimple node)';
  return `ComfyUI answers: ${n} node types${ckpt}`;
}
