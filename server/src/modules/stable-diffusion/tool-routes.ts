import type { FastifyInstance } from 'fastify';
import { sd as S } from '@atelier/contracts';
import { badRequest, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { sharp } from '../../lib/sharp.js';
import { demoPicture } from '../../providers/image/sd-demo.js';
import { createTask } from '../tasks/index.js';
import { providerById } from './catalogue.js';
import { texts } from './messages.js';
import { sdModelExamples, toolOpRow, toolOpRows } from './store.js';
import { creditsOf, ownedPicture, toSdTasks } from './views.js';
import type { ToolTaskParams } from './run-common.js';

/** The toolbox: its operations, submitting one, and the demo's example pictures of the square. */

/** Rendered example pictures, kept while the process runs (they never change). */
const exampleCache = new Map<string, Buffer>();
/** The longer side of an example's thumbnail (stored pictures' thumbnails are as large). */
const EXAMPLE_THUMB_PX = 256;

export function toolRoutes(app: FastifyInstance): void {
  const ctx = () => app.ctx;

  route(app, S.listToolOps, async ({ identity }) => {
    const rows = await toolOpRows(ctx());
    const byOp = new Map(rows.map((r) => [r.op, r]));
    const out = [];
    for (const op of S.toolOps) {
      const r = byOp.get(op);
      const provider = r?.provider_id ? await providerById(ctx(), r.provider_id) : null;
      out.push({
        op,
        enabled: r?.enabled === 1,
        providerName: provider ? provider.name : 'Offline demo',
        demo: !provider,
        credits: r ? await creditsOf(ctx(), r.price_key, identity?.userId) : 0,
      });
    }
    return { rows: out, count: out.length };
  });

  route(
    app,
    S.toolSubmit,
    async ({ body, identity, lang }) => {
      const row = await toolOpRow(ctx(), body.op);
      if (!row || row.enabled !== 1) throw notFound(texts.opNotAvailable);
      const provider = row.provider_id ? await providerById(ctx(), row.provider_id) : null;
      if (row.provider_id && !provider) throw notFound(texts.opNotAvailable);
      const uid = identity.userId;
      if (body.op === 'redraw' && !body.mask) throw badRequest(texts.maskNeeded, {}, 'mask');
      if (body.op === 'faceswap' && !body.face) throw badRequest(texts.faceNeeded, {}, 'face');
      const params: ToolTaskParams = {
        op: body.op,
        providerId: provider?.id ?? null,
        image: await ownedPicture(ctx(), uid, body.image),
        mask: body.mask ? await ownedPicture(ctx(), uid, body.mask) : null,
        face: body.face ? await ownedPicture(ctx(), uid, body.face) : null,
        scale: body.scale,
        strength: body.strength,
        seed: body.seed === -1 ? Math.floor(Math.random() * 2 ** 31) : body.seed,
        options: JSON.parse(row.options) as ToolTaskParams['options'],
        demo: !provider,
      };
      const task = await createTask(ctx(), {
        userId: uid,
        kind: 'sd-tool',
        action: body.op,
        prompt: body.prompt,
        params: { ...params },
        priceKey: row.price_key,
        providerId: provider?.id ?? null,
        providerLimit: provider?.concurrency ?? 0,
      });
      return (await toSdTasks(ctx(), [task], lang))[0]!;
    },
    { rateLimit: { max: 60, timeWindow: 60_000 } },
  );

  // The demo's pictures of the square's examples, drawn from their own parameters: `<n>.png`
  // at full size, `<n>.thumb.webp` as a 256 px WebP (the square's cards, as stored pictures'
  // thumbnails are).
  app.get('/sd/example/:model/:n', { schema: { hide: true } }, async (req, reply) => {
    const { model, n } = req.params as { model: string; n: string };
    const id = /^\d{1,9}$/.test(model) ? Number(model) : 0;
    const shape = /^(\d{1,2})\.(png|thumb\.webp)$/.exec(n);
    const i = shape ? Number(shape[1]) : -1;
    const thumb = shape?.[2] === 'thumb.webp';
    const row = id ? await sdModelExamples(ctx(), id) : undefined;
    const e = row ? (JSON.parse(row.examples) as S.SdExample[])[i] : undefined;
    if (!row || !e) return reply.code(404).send();
    const key = `${id}:${i}:${e.prompt}:${e.seed}:${e.width}x${e.height}`;
    let png = exampleCache.get(key);
    if (!png) {
      // The same recipe as a demo task with these parameters: "use these parameters" matches.
      png = (await demoPicture(`${e.prompt} · ${row.checkpoint}`, e.seed, e.width, e.height)).png;
      if (exampleCache.size > 200) exampleCache.clear();
      exampleCache.set(key, png);
    }
    let body = png;
    if (thumb) {
      body =
        exampleCache.get(`${key}:thumb`) ??
        (await sharp(png)
          .resize(EXAMPLE_THUMB_PX, EXAMPLE_THUMB_PX, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer());
      exampleCache.set(`${key}:thumb`, body);
    }
    return reply
      .header('content-type', thumb ? 'image/webp' : 'image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(body);
  });
}
