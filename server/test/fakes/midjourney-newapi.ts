import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A fake of New API's Midjourney relay (https://github.com/QuantumNous/new-api:
 * `router/relay-router.go` `/mj` and `/:mode/mj` groups, `middleware/auth.go` TokenAuth,
 * `controller/relay.go` RelayMidjourney, `relay/relay-mj.go` RelayMidjourneySubmit /
 * RelayMidjourneyTask / RelayMidjourneyImage / coverMidjourneyTaskDto, `dto/midjourney.go`,
 * `service/midjourney.go`) in front of a channel: one of the midjourney-proxy fakes, reached
 * over HTTP with the channel's key as its `mj-api-secret`.
 * - its token comes as `Authorization: Bearer <token>` (or `mj-api-secret` when that is
 *   missing); a wrong one is HTTP 401 `{error: {message, type}}`;
 * - `/{mode}/mj/...` is the same route as `/mj/...` (the mode is recorded; New API passes the
 *   path on to its channel, this fake's channel is reached at `/mj/...`);
 * - `notifyHook` is taken out of every submit (MjNotifyEnabled is off by default): only
 *   polling sees progress;
 * - the channel's answer goes back with its HTTP status, except that code 22 becomes 1 and code
 *   21 becomes 1 unless the action is inpaint or custom zoom (its description and properties
 *   stay); New API's own refusals are HTTP 400 `{description: "<text> <result>", type:
 *   "upstream_error", code: 4}` (a change without `index`, a task of another token, a parent
 *   not finished);
 * - a fetch is of its own copy: a task it did not relay for this token is that 400
 *   "task_no_found"; the copy is `MidjourneyDto` (buttons null when the channel has none,
 *   properties only finalPrompt/finalZhPrompt) with `imageUrl` its own proxy
 *   `{serverAddress}/mj/image/{id}` (MjForwardUrlEnabled) — `serverAddress` is what it was
 *   configured with, `http://localhost:3000` by default, not necessarily how it is reached;
 * - `GET /mj/image/{id}` (no token) streams the channel's picture.
 * Where this fake is simpler: New API refreshes its copy from the channel every 15 s
 * (`controller/midjourney.go`), this one reads the channel at each fetch.
 */
export interface FakeNewApiRelay {
  url: string;
  token: string;
  /** What New API says its own address is (`ServerAddress`), used in the picture links. */
  serverAddress: string;
  /** Every relayed submit: the path asked for, the mode prefix, the body as received. */
  submits: Array<{ path: string; mode: string | null; body: Record<string, unknown> }>;
  /** Every request: method, path, and how the token came. */
  requests: Array<{ method: string; path: string; authorization: string | undefined }>;
  /** Picture requests through `/mj/image/{id}`. */
  imageRequests: string[];
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

export async function startFakeNewApiRelay(options: {
  channel: { url: string; secret: string };
  token?: string;
  serverAddress?: string;
}): Promise<FakeNewApiRelay> {
  const sockets = new Set<Socket>();
  /** Task id → action, of the tasks relayed (New API's `midjourneys` table). */
  const owned = new Map<string, string>();
  const channel = options.channel;
  const fake: FakeNewApiRelay = {
    url: '',
    token: options.token ?? 'sk-fake-newapi-token',
    serverAddress: options.serverAddress ?? 'http://localhost:3000',
    submits: [],
    requests: [],
    imageRequests: [],
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

  const toChannel = async (method: string, path: string, body?: Json) => {
    const res = await fetch(`${channel.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'mj-api-secret': channel.secret },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, text };
  };

  const mjError = (res: http.ServerResponse, description: string, code = 4) => {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ description: `${description} `, type: 'upstream_error', code }));
  };

  /** `CoverPlusActionToNormalAction`: INPAINT and CUSTOM_ZOOM keep their 21. */
  const actionOf = (path: string, body: Json): string => {
    if (path.endsWith('/submit/action')) {
      const parts = String(body.customId ?? '').split('::');
      const a = parts[1] === 'JOB' ? (parts[2] ?? '') : (parts[1] ?? '');
      if (a === 'Inpaint') return 'INPAINT';
      if (a === 'CustomZoom') return 'CUSTOM_ZOOM';
      return 'ACTION';
    }
    if (path.endsWith('/submit/change')) return String(body.action ?? '');
    return (path.split('/').pop() ?? '').toUpperCase();
  };

  const submit = async (
    res: http.ServerResponse,
    path: string,
    mode: string | null,
    body: Json,
  ) => {
    fake.submits.push({ path, mode, body });
    const parentId = typeof body.taskId === 'string' ? body.taskId : '';
    if (path.endsWith('/submit/change') && !body.index) return mjError(res, 'index_is_required');
    if (parentId && !owned.has(parentId)) return mjError(res, 'task_not_found');
    const sent = { ...body };
    delete sent.notifyHook;
    const r = await toChannel('POST', path, sent);
    let a: Json = {};
    try {
      a = JSON.parse(r.text) as Json;
    } catch {
      return mjError(res, 'unmarshal_response_body_failed');
    }
    const action = actionOf(path, body);
    if ([1, 21, 22].includes(Number(a.code)) && typeof a.result === 'string')
      owned.set(a.result, action);
    if (a.code === 22 || (a.code === 21 && !['INPAINT', 'CUSTOM_ZOOM'].includes(action)))
      a = { ...a, code: 1 };
    res.writeHead(r.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(a));
  };

  const fetchTask = async (res: http.ServerResponse, id: string) => {
    if (!owned.has(id)) return mjError(res, 'task_no_found');
    const r = await toChannel('GET', `/mj/task/${encodeURIComponent(id)}/fetch`);
    const t = (r.text ? JSON.parse(r.text) : {}) as Json;
    const p = (t.properties ?? {}) as Json;
    const buttons = Array.isArray(t.buttons) && t.buttons.length > 0 ? t.buttons : null;
    let imageUrl = typeof t.imageUrl === 'string' ? t.imageUrl : '';
    if (imageUrl) {
      imageUrl = `${fake.serverAddress}/mj/image/${id}`;
      if (t.status !== 'SUCCESS') imageUrl += `?rand=${Date.now()}`;
    }
    const dto = {
      id,
      action: t.action ?? owned.get(id),
      customId: '',
      botType: '',
      prompt: t.prompt ?? '',
      promptEn: t.promptEn ?? '',
      description: t.description ?? '',
      state: t.state ?? '',
      submitTime: t.submitTime ?? 0,
      startTime: t.startTime ?? 0,
      finishTime: t.finishTime ?? 0,
      imageUrl,
      videoUrl: '',
      videoUrls: null,
      status: t.status ?? '',
      progress: t.progress ?? '',
      failReason: t.failReason ?? '',
      buttons,
      maskBase64: '',
      properties: {
        finalPrompt: typeof p.finalPrompt === 'string' ? p.finalPrompt : '',
        finalZhPrompt: '',
      },
    };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(dto));
  };

  const image = async (res: http.ServerResponse, id: string) => {
    fake.imageRequests.push(id);
    const r = await toChannel('GET', `/mj/task/${encodeURIComponent(id)}/fetch`);
    const t = (r.text ? JSON.parse(r.text) : null) as Json | null;
    if (!t || typeof t.imageUrl !== 'string') {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: 'midjourney_task_not_found' }));
    }
    const pic = await fetch(t.imageUrl);
    res.writeHead(pic.status, { 'content-type': pic.headers.get('content-type') ?? 'image/jpeg' });
    res.end(Buffer.from(await pic.arrayBuffer()));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const m = url.pathname.match(/^(?:\/([^/]+))?(\/mj\/.*)$/);
        const authorization = req.headers.authorization;
        fake.requests.push({ method: req.method ?? 'GET', path: url.pathname, authorization });
        if (!m) {
          res.writeHead(404);
          return res.end('404 page not found');
        }
        const mode = m[1] ?? null;
        const path = m[2]!;
        const pic = path.match(/^\/mj\/image\/([^/]+)$/);
        if (req.method === 'GET' && pic) return image(res, pic[1]!);
        let key = (authorization ?? '').replace(/^Bearer\s+/i, '').trim();
        if (!key || key === 'midjourney-proxy')
          key = String(req.headers['mj-api-secret'] ?? '').replace(/^Bearer\s+/i, '');
        if (key.replace(/^sk-/, '') !== fake.token.replace(/^sk-/, '')) {
          res.writeHead(401, { 'content-type': 'application/json' });
          return res.end(
            JSON.stringify({ error: { message: '无效的令牌', type: 'new_api_error' } }),
          );
        }
        const text = Buffer.concat(chunks).toString('utf8');
        const body = (text ? JSON.parse(text) : {}) as Json;
        const fetchMatch = path.match(/^\/mj\/task\/([^/]+)\/fetch$/);
        if (req.method === 'GET' && fetchMatch)
          return fetchTask(res, decodeURIComponent(fetchMatch[1]!));
        if (req.method === 'POST' && /^\/mj\/(submit\/[\w-]+|insight-face\/swap)$/.test(path))
          return submit(res, path, mode, body);
        res.writeHead(404);
        res.end('404 page not found');
      })();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
