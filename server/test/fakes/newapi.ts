import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { startFakeNewApiRelay, type FakeNewApiRelay } from './midjourney-newapi.js';
import { startFakeNovicezkProxy, type FakeNovicezkProxy } from './midjourney-novicezk.js';
import { startFakeGeminiImage, type FakeGeminiImage } from './gemini-image.js';
import { startFakeOpenAI, type FakeOpenAI } from './openai.js';
import { startFakeOpenAIImages, type FakeOpenAIImages } from './openai-images.js';
import { startFakeSuno, type FakeSuno } from './suno.js';
import { startFakeVideoUpstream, type FakeVideoUpstream } from './video.js';

/**
 * One fake New API (https://github.com/QuantumNous/new-api) serving every kind on one root,
 * made of the fakes of each route, routed by path as its routers do:
 * - `router/relay-router.go`: `GET /v1/models`, `POST /v1/chat/completions` → openai.ts;
 *   `/v1/images/*` → openai-images.ts; `/mj/*` and `/{mode}/mj/*` → midjourney-newapi.ts
 *   (itself New API's Midjourney relay, in front of a novicezk proxy); `/suno/*` → suno.ts in
 *   its New API format; `/v1beta/models/*` (Gemini's own format: image models) → gemini-image.ts,
 *   its token also taken from `x-goog-api-key` or `?key=` as `middleware/auth.go` does;
 * - `router/video-router.go`: `/kling/v1/videos/*` (Kling's format) and `/v1/videos*`
 *   (OpenAI's, and the read-back of both) → video.ts (video-kling.ts, video-openai.ts).
 * Its token: `Authorization: Bearer <token>` (`middleware/auth.go` TokenAuth); a wrong one is
 * HTTP 401 `{error: {message, type}}`, and an unknown path 404 (gin's). A request it takes
 * goes on to its channel with the channel's own key (`middleware/distributor.go` picks the
 * channel, the relay signs with its key), and the channel's answer comes back as it is,
 * streamed. `GET /mj/image/{id}` takes no token (the picture proxy).
 * Where it differs: the result links a channel hands out (songs, videos) are a vendor's public
 * CDN behind the real relay; here they are on loopback, and a link to a private address is
 * fetched only from the provider's own host (docs/architecture.md), so this fake hands them
 * out on its own root (`/audio/*`, `/image/*`, `/files/*`, signed as the channel signs them).
 */
export interface FakeNewApi {
  url: string;
  token: string;
  /** Every request: method and path, in order (refused ones too). */
  requests: Array<{ method: string; path: string }>;
  chat: FakeOpenAI;
  images: FakeOpenAIImages;
  mj: FakeNewApiRelay;
  mjChannel: FakeNovicezkProxy;
  suno: FakeSuno;
  video: FakeVideoUpstream;
  gemini: FakeGeminiImage;
  close(): Promise<void>;
}

export async function startFakeNewApi(): Promise<FakeNewApi> {
  const sockets = new Set<Socket>();
  const fake = { url: '', token: 'sk-fake-newapi-root', requests: [] } as unknown as FakeNewApi;
  /** The channel of a path, with the key it signs with; null: no route (404). */
  const channelOf = (path: string): { url: string; key: string } | null => {
    if (/^\/(audio|image)\//.test(path)) return { url: fake.suno.url, key: '' };
    if (path.startsWith('/files/')) return { url: fake.video.url, key: '' };
    if (path === '/v1/models' || path === '/v1/chat/completions')
      return { url: fake.chat.url, key: fake.chat.apiKey ?? '' };
    if (path.startsWith('/v1/images/')) return { url: fake.images.url, key: fake.images.secret };
    if (path.startsWith('/v1beta/models')) return { url: fake.gemini.url, key: fake.gemini.secret };
    if (/^\/([a-z]+\/)?mj\//.test(path)) return { url: fake.mj.url, key: fake.mj.token };
    if (path.startsWith('/suno/')) return { url: fake.suno.url, key: fake.suno.key };
    if (path.startsWith('/kling/v1/videos/') || /^\/v1\/videos(\/|$)/.test(path))
      return { url: fake.video.url, key: fake.video.apiKey };
    return null;
  };
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    fake.requests.push({ method: req.method ?? 'GET', path });
    const to = channelOf(path);
    const send = (status: number, message: string, type: string) => {
      req.resume();
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message, type } }));
    };
    if (!to) return send(404, 'Invalid URL (not found)', 'invalid_request_error');
    // Picture and media links carry no token.
    const picture = !to.key || /^\/mj\/image\//.test(path);
    const gemini = path.startsWith('/v1beta/models');
    const given = gemini
      ? (req.headers['x-goog-api-key'] ?? req.headers.authorization?.replace(/^Bearer /, ''))
      : req.headers.authorization?.replace(/^Bearer /, '');
    if (!picture && String(given).replace(/^sk-/, '') !== fake.token.slice(3))
      return send(401, '无效的令牌 (invalid token)', 'new_api_error');
    const origin = new URL(to.url).origin;
    const headers: http.OutgoingHttpHeaders = { ...req.headers, host: new URL(origin).host };
    if (gemini) {
      delete headers.authorization;
      headers['x-goog-api-key'] = to.key;
    } else if (!picture) headers.authorization = `Bearer ${to.key}`;
    const out = http.request(`${origin}${req.url}`, { method: req.method, headers }, (up) => {
      if (!String(up.headers['content-type']).includes('json')) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        return void up.pipe(res);
      }
      // A JSON answer: the channel's links handed out on this root (see above).
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8').replaceAll(origin, fake.url);
        res.writeHead(up.statusCode ?? 502, { 'content-type': 'application/json' });
        res.end(body);
      });
    });
    out.on('error', () => send(502, 'the channel did not answer', 'upstream_error'));
    req.pipe(out);
  });
  // New API is a Go server (gin on net/http, no IdleTimeout): an idle connection stays open.
  // Node's default of 5 s would close it just as a 5 s poll (music.pollMs) reuses it, and the
  // engine would see the socket cut (UND_ERR_SOCKET) where the real relay answers.
  server.keepAliveTimeout = 120_000;
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  [fake.chat, fake.images, fake.mjChannel, fake.suno, fake.video, fake.gemini] = await Promise.all([
    startFakeOpenAI(),
    startFakeOpenAIImages(),
    startFakeNovicezkProxy({ stepMs: 15 }),
    startFakeSuno('newapi'),
    startFakeVideoUpstream({ stepMs: 60, clipSeconds: 2 }),
    startFakeGeminiImage(),
  ]);
  fake.chat.apiKey = 'sk-chat-channel';
  // The Midjourney relay names this fake as its address (ServerAddress): its picture links.
  fake.mj = await startFakeNewApiRelay({ channel: fake.mjChannel, serverAddress: fake.url });
  fake.close = async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.all(
      [fake.chat, fake.images, fake.mj, fake.mjChannel, fake.suno, fake.video, fake.gemini].map(
        (f) => f.close(),
      ),
    );
  };
  return fake;
}
