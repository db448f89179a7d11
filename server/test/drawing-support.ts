import net from 'node:net';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { drawing as D } from '@atelier/contracts';
import { bearer, call } from '../src/test/harness.js';
import { storeImage } from '../src/modules/drawing/engine.js';

/** A port nobody listens on right now (the app listens on it so the proxy can call back). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** A small real PNG of one colour. */
export const pngOf = (r: number, g: number, b: number, size = 32) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/**
 * A picture the user owns, as an upload would leave it (stored by the drawing module's file
 * store until the shared `/upload/file` exists).
 */
export async function upload(
  app: FastifyInstance,
  user: { userId: number },
  bytes: Buffer,
  name = 'picture.png',
): Promise<{ url: string; thumbUrl: string }> {
  return storeImage(app.ctx, user.userId, bytes, name);
}

export async function draw(app: FastifyInstance, token: string, body: D.DrawInput | object) {
  return call<D.DrawTask>(app, {
    method: 'POST',
    url: '/api/queue/addMjDrawQueue',
    headers: bearer(token),
    payload: body,
  });
}

export async function status(app: FastifyInstance, token: string, ids: number[]) {
  return call<{ rows: D.DrawTask[] }>(app, {
    method: 'POST',
    url: '/api/queue/getMjStatus',
    headers: bearer(token),
    payload: { ids },
  });
}

/** Polls until the task has finished (status 3 or 4), with a deadline; keeps what it saw. */
export async function settle(
  app: FastifyInstance,
  token: string,
  id: number,
  seen: number[] = [],
  deadlineMs = 8000,
): Promise<D.DrawTask> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const r = await status(app, token, [id]);
    const t = r.body.data.rows[0]!;
    if (!seen.includes(t.progress)) seen.push(t.progress);
    if (t.status === 3 || t.status === 4) return t;
    if (Date.now() > end) throw new Error(`task ${id} still ${t.status} at ${t.progress}%`);
    await new Promise((res) => setTimeout(res, 8));
  }
}

export async function credits(app: FastifyInstance, token: string): Promise<number> {
  const r = await call<{ credits: number }>(app, {
    method: 'GET',
    url: '/api/balance/query',
    headers: bearer(token),
  });
  return r.body.data.credits;
}
