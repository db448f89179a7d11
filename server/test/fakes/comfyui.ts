import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A fake ComfyUI on loopback (docs/stable-diffusion.md, Upstreams; it follows
 * comfyanonymous/ComfyUI `server.py`), HTTP and WebSocket on one port:
 * - `POST /prompt {prompt, client_id}` checks the graph (every node a known `class_type`, a
 *   `SaveImage` output) → `{prompt_id, number, node_errors: {}}`, or 400 with `node_errors`;
 * - prompts run one at a time; over `/ws?clientId=` the owner hears `execution_start`,
 *   `executing {node}`, `progress {value, max}` per step, `executed`, then `executing` with
 *   `node: null`;
 * - `GET /history/{id}` → `{[id]: {outputs: {[node]: {images: [{filename, subfolder, type}]}},
 *   status}}` once done; `GET /view?filename&subfolder&type` serves the PNG;
 * - `POST /upload/image` (multipart `image`) → `{name, subfolder, type}`, kept as an input: a
 *   graph whose LoadImage names it answers that picture (scaled by an ImageScaleBy node's
 *   `scale_by`), as a toolbox workflow would; `GET /object_info`.
 * `failNext` makes the next prompt fail with an `execution_error`.
 */
export interface FakeComfy {
  url: string;
  prompts: Array<{
    id: string;
    clientId: string;
    graph: Record<string, { class_type: string; inputs: Record<string, unknown> }>;
  }>;
  uploads: string[];
  failNext: boolean;
  peak: number;
  close(): Promise<void>;
}

const NODES = [
  'CheckpointLoaderSimple',
  'CLIPTextEncode',
  'EmptyLatentImage',
  'KSampler',
  'VAEDecode',
  'SaveImage',
  'LoadImage',
  'ImageScaleBy',
];

export async function startFakeComfy(
  opts: { stepMs?: number; steps?: number } = {},
): Promise<FakeComfy> {
  const stepMs = opts.stepMs ?? 15;
  const sockets = new Map<string, Set<WebSocket>>();
  const history = new Map<string, unknown>();
  const files = new Map<string, Buffer>();
  let chain: Promise<void> = Promise.resolve();
  let running = 0;
  const fake: FakeComfy = {
    url: '',
    prompts: [],
    uploads: [],
    failNext: false,
    peak: 0,
    close: async () => undefined,
  };

  const send = (clientId: string, type: string, data: Record<string, unknown>) => {
    for (const ws of sockets.get(clientId) ?? []) ws.send(JSON.stringify({ type, data }));
  };

  const run = async (
    id: string,
    clientId: string,
    graph: FakeComfy['prompts'][number]['graph'],
  ) => {
    running++;
    fake.peak = Math.max(fake.peak, running);
    const fail = fake.failNext;
    fake.failNext = false;
    send(clientId, 'execution_start', { prompt_id: id });
    const sampler = Object.entries(graph).find(([, n]) => n.class_type === 'KSampler');
    const steps = Number(sampler?.[1].inputs.steps ?? opts.steps ?? 4);
    send(clientId, 'executing', { node: sampler?.[0] ?? null, prompt_id: id });
    for (let v = 1; v <= Math.min(steps, 10); v++) {
      await new Promise((r) => setTimeout(r, stepMs));
      send(clientId, 'progress', {
        value: v,
        max: Math.min(steps, 10),
        prompt_id: id,
        node: sampler?.[0],
      });
    }
    if (fail) {
      const error = {
        prompt_id: id,
        node_id: sampler?.[0],
        exception_message: 'CUDA out of memory',
        exception_type: 'RuntimeError',
      };
      send(clientId, 'execution_error', error);
      history.set(id, {
        prompt: [0, id, graph, {}, []],
        outputs: {},
        status: { status_str: 'error', completed: false, messages: [['execution_error', error]] },
      });
      running--;
      return;
    }
    const outputs: Record<string, unknown> = {};
    for (const [nodeId, n] of Object.entries(graph)) {
      if (n.class_type !== 'SaveImage') continue;
      const filename = `ComfyUI_${id.slice(0, 8)}_${nodeId}.png`;
      // A toolbox workflow: the loaded picture, scaled by an ImageScaleBy node when there is one.
      const loaded = Object.values(graph).find((x) => x.class_type === 'LoadImage');
      const input = loaded ? files.get(`input/${String(loaded.inputs.image)}`) : undefined;
      if (loaded) {
        if (!input) {
          const error = { prompt_id: id, exception_message: 'Invalid image file' };
          history.set(id, {
            outputs: {},
            status: {
              status_str: 'error',
              completed: false,
              messages: [['execution_error', error]],
            },
          });
          running--;
          return;
        }
        const by = Number(
          Object.values(graph).find((x) => x.class_type === 'ImageScaleBy')?.inputs.scale_by ?? 1,
        );
        const meta = await sharp(input).metadata();
        const png = await sharp(input)
          .resize(Math.round((meta.width ?? 1) * by), Math.round((meta.height ?? 1) * by))
          .png()
          .toBuffer();
        files.set(`output/${filename}`, png);
        outputs[nodeId] = { images: [{ filename, subfolder: '', type: 'output' }] };
        continue;
      }
      const latent = Object.values(graph).find((x) => x.class_type === 'EmptyLatentImage');
      const w = Number(latent?.inputs.width ?? 512);
      const h = Number(latent?.inputs.height ?? 512);
      const seed = Number(sampler?.[1].inputs.seed ?? 1) % 256;
      const png = await sharp({
        create: {
          width: w,
          height: h,
          channels: 3,
          background: { r: seed, g: 255 - seed, b: 128 },
        },
      })
        .png()
        .toBuffer();
      files.set(`output/${filename}`, png);
      outputs[nodeId] = { images: [{ filename, subfolder: '', type: 'output' }] };
      send(clientId, 'executed', { node: nodeId, output: outputs[nodeId], prompt_id: id });
    }
    history.set(id, {
      prompt: [0, id, graph, {}, []],
      outputs,
      status: { status_str: 'success', completed: true, messages: [] },
    });
    send(clientId, 'executing', { node: null, prompt_id: id });
    running--;
  };

  const reply = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks);
      const route = `${req.method} ${url.pathname}`;
      if (route === 'GET /object_info')
        return reply(
          res,
          200,
          Object.fromEntries(
            NODES.map((n) => [n, { input: { required: {} }, output: [], name: n }]),
          ),
        );
      if (route === 'POST /prompt') {
        const b = JSON.parse(body.toString('utf8') || '{}') as {
          prompt?: FakeComfy['prompts'][number]['graph'];
          client_id?: string;
        };
        const graph = b.prompt ?? {};
        const errors: Record<string, unknown> = {};
        for (const [id, n] of Object.entries(graph))
          if (!NODES.includes(n.class_type))
            errors[id] = {
              errors: [{ type: 'invalid_node', message: `${n.class_type} does not exist` }],
            };
        if (!Object.values(graph).some((n) => n.class_type === 'SaveImage'))
          return reply(res, 400, {
            error: { type: 'prompt_no_outputs', message: 'Prompt has no outputs' },
            node_errors: {},
          });
        if (Object.keys(errors).length)
          return reply(res, 400, {
            error: { type: 'prompt_outputs_failed_validation' },
            node_errors: errors,
          });
        const id = randomUUID();
        fake.prompts.push({ id, clientId: b.client_id ?? '', graph });
        chain = chain.then(() => run(id, b.client_id ?? '', graph));
        return reply(res, 200, { prompt_id: id, number: fake.prompts.length, node_errors: {} });
      }
      const hist = /^\/history\/(.+)$/.exec(url.pathname);
      if (req.method === 'GET' && hist) {
        const h = history.get(decodeURIComponent(hist[1]!));
        return reply(res, 200, h ? { [decodeURIComponent(hist[1]!)]: h } : {});
      }
      if (route === 'GET /view') {
        const f = files.get(`${url.searchParams.get('type')}/${url.searchParams.get('filename')}`);
        if (!f) return reply(res, 404, { error: 'not found' });
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(f);
      }
      if (route === 'POST /upload/image') {
        const text = body.toString('latin1');
        const name = /name="image"; filename="([^"]+)"/.exec(text)?.[1];
        if (!name) return reply(res, 400, { error: 'no image' });
        fake.uploads.push(name);
        // The file's bytes: after the part's blank line, up to the next boundary.
        const start = body.indexOf('\r\n\r\n', text.indexOf(`filename="${name}"`)) + 4;
        const boundary = /boundary=(.+)$/.exec(req.headers['content-type'] ?? '')?.[1] ?? '';
        files.set(`input/${name}`, body.subarray(start, body.indexOf(`\r\n--${boundary}`, start)));
        return reply(res, 200, { name, subfolder: '', type: 'input' });
      }
      reply(res, 404, { error: 'not found' });
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/ws') return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      const clientId = url.searchParams.get('clientId') ?? randomUUID();
      const set = sockets.get(clientId) ?? new Set();
      set.add(ws);
      sockets.set(clientId, set);
      ws.on('close', () => set.delete(ws));
      ws.send(
        JSON.stringify({
          type: 'status',
          data: { status: { exec_info: { queue_remaining: running } }, sid: clientId },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
