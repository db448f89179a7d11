import type { FastifyInstance } from 'fastify';
import { video as V } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import type { Localized } from '../../http/messages.js';
import { route } from '../../http/route.js';
import { renderDemoVideo } from '../../providers/video/demo-video.js';
import { frameAt } from './media.js';
import { texts } from './messages.js';

/** The example clips: seeded rows, each clip rendered by the offline demo from its prompt. */
const DEMOS: Array<{
  slug: string;
  title: Localized;
  prompt: string;
  aspect: V.VideoAspect;
  duration: number;
  camera: V.CameraPreset | null;
}> = [
  {
    slug: 'harbour-dawn',
    title: { 'en-US': 'Harbour at dawn', 'zh-CN': '黎明的港口', 'zh-TW': '黎明的港口' },
    prompt: 'a quiet harbour at dawn, fishing boats, soft mist, golden light',
    aspect: '16:9',
    duration: 5,
    camera: 'pan_right',
  },
  {
    slug: 'neon-street',
    title: { 'en-US': 'Neon street in the rain', 'zh-CN': '雨夜霓虹街', 'zh-TW': '雨夜霓虹街' },
    prompt: 'a rainy neon street at night, reflections on wet asphalt, cinematic',
    aspect: '9:16',
    duration: 5,
    camera: 'zoom_in',
  },
  {
    slug: 'paper-birds',
    title: { 'en-US': 'Paper birds', 'zh-CN': '纸鸟飞舞', 'zh-TW': '紙鳥飛舞' },
    prompt: 'origami paper birds flying over a desk, playful, pastel colours',
    aspect: '1:1',
    duration: 3,
    camera: 'orbit',
  },
  {
    slug: 'mountain-lake',
    title: { 'en-US': 'Mountain lake', 'zh-CN': '山间湖泊', 'zh-TW': '山間湖泊' },
    prompt: 'a calm mountain lake, pine forest, drifting clouds, time-lapse',
    aspect: '21:9',
    duration: 5,
    camera: 'tilt_up',
  },
];

export async function seedDemos(ctx: AppContext): Promise<number> {
  let added = 0;
  for (const [i, d] of DEMOS.entries()) {
    const r = await ctx.db.kysely
      .insertInto('video_demos')
      .values({
        slug: d.slug,
        title: JSON.stringify(d.title),
        prompt: d.prompt,
        aspect: d.aspect,
        duration: d.duration,
        camera: d.camera,
        sort: i * 10,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('slug').doNothing())
      .executeTakeFirst();
    added += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

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
    const rows = await ctx()
      .db.kysely.selectFrom('video_demos')
      .selectAll()
      .orderBy('sort')
      .orderBy('id')
      .execute();
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
      const row = id
        ? await ctx()
            .db.kysely.selectFrom('video_demos')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirst()
        : undefined;
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
