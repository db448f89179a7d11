import type { FastifyInstance } from 'fastify';
import { video as V } from '@atelier/contracts';
import { notFound } from '../../http/errors.js';
import type { Localized } from '../../http/messages.js';
import { route } from '../../http/route.js';
import { renderDemoVideo } from '../../providers/video/demo-video.js';
import { demoById, listDemos } from './demo-store.js';
import { frameAt } from './media.js';
import { texts } from './messages.js';

/** Rendered clips, kept while the process lives (a few small files). */
const clips = new Map<string, Promise<{ bytes: Buffer; mime: string; poster: Buffer }>>();

function clipOf(d: { prompt: string; aspect: string; duration: number; camera: string | null }) {
  const key = JSON.stringify(d);
  let got = clips.get(key);
  if (!got) {
    got = (async () => {
      const v = await renderDemoVideo({
        prompt: d.prompt,
        seed: 7,
        aspect: d.aspect as V.VideoAspect,
        duration: d.duration,
        ...(d.camera ? { camera: d.camera as V.CameraPreset } : {}),
      });
      const poster = v.mime === 'video/mp4' ? await frameAt(v.bytes, 0.5) : v.bytes;
      return { bytes: v.bytes, mime: v.mime, poster };
    })();
    got.catch(() => clips.delete(key));
    clips.set(key, got);
  }
  return got;
}

export function demoRoutes(app: FastifyInstance): void {
  const ctx = () => app.ctx;
  route(app, V.queryVideoDemo, async ({ lang }) => {
    const rows = await listDemos(ctx());
    return {
      rows: rows.map((r) => ({
        id: r.id,
        title: (JSON.parse(r.title) as Localized)[lang],
        prompt: r.prompt,
        params: {
          aspect: r.aspect as V.VideoAspect,
          duration: r.duration,
          camera: (r.camera as V.CameraPreset | null) ?? null,
        },
        videoUrl: `/api/video/demos/${r.id}/clip`,
        posterUrl: `/api/video/demos/${r.id}/poster`,
      })),
      count: rows.length,
    };
  });

  // Bytes, not the envelope: the example's clip and its poster.
  app.get<{ Params: { id: string; what: string } }>(
    '/video/demos/:id/:what',
    { schema: { hide: true } },
    async (req, reply) => {
      const id = /^\d{1,9}$/.test(req.params.id) ? Number(req.params.id) : 0;
      const row = id ? await demoById(ctx(), id) : undefined;
      if (!row || !['clip', 'poster'].includes(req.params.what)) throw notFound(texts.taskNotFound);
      const c = await clipOf(row);
      const poster = req.params.what === 'poster';
      return reply
        .header('content-type', poster ? (c.mime === 'video/mp4' ? 'image/jpeg' : c.mime) : c.mime)
        .header('cache-control', 'public, max-age=86400')
        .send(poster ? c.poster : c.bytes);
    },
  );
}
