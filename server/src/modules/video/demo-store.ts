import type { video as V } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Localized } from '../../http/messages.js';

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

/** The example clips, in their order. */
export const listDemos = (ctx: AppContext) =>
  ctx.db.kysely.selectFrom('video_demos').selectAll().orderBy('sort').orderBy('id').execute();

/** One example clip's row. */
export const demoById = (ctx: AppContext, id: number) =>
  ctx.db.kysely.selectFrom('video_demos').selectAll().where('id', '=', id).executeTakeFirst();
