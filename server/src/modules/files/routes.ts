import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { files as F } from '@atelier/contracts';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { authorize } from '../../http/identity.js';
import { route } from '../../http/route.js';
import { sendBytes } from '../../http/range.js';
import { storageOf } from '../../storage/index.js';
import { texts } from './messages.js';
import {
  checkSignature,
  DamagedImageError,
  deleteFiles,
  fileOfKey,
  imageTypeOf,
  keyOfUrl,
  storageUsed,
  storeFile,
  toUploaded,
  FILES_PREFIX,
} from './service.js';
import { quotaBytesOf, readFileSettings, writeFileSettings } from './settings.js';
import { uploadOf, uploadsOf, uploadsPage } from './uploads.js';

/** The largest site picture (logo, icon) an admin may upload. */
export const SITE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Reads the one picture of a multipart form (field `file`, at most `max` bytes) and stores it
 * re-encoded. Its type comes from its bytes (png, jpeg, webp, gif; SVG and anything else is
 * refused), never from its name or declared type. Every picture upload goes through here.
 */
async function receivePicture(
  ctx: FastifyInstance['ctx'],
  req: FastifyRequest,
  max: number,
  store: { userId: number; origin: 'upload' | 'site'; public?: boolean; guest?: boolean },
) {
  if (!req.isMultipart()) throw badRequest(texts.noFile, {}, 'file');
  let part: Awaited<ReturnType<typeof req.file>>;
  let bytes: Buffer;
  try {
    part = await req.file({ limits: { fileSize: max } });
    if (!part || part.fieldname !== 'file') throw badRequest(texts.noFile, {}, 'file');
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, texts.tooLarge, { max: Math.round(max / 1048576) });
    // No boundary, a wrong one, or a body cut short: the form cannot be read.
    throw badRequest(texts.badForm, {}, 'file');
  }
  // The name and the declared type are the sender's word; the bytes decide.
  if (!(await imageTypeOf(bytes))) throw badRequest(texts.notImage, {}, 'file');
  try {
    const row = await storeFile(ctx, { ...store, bytes, name: part.filename, reencode: true });
    return toUploaded(ctx, row);
  } catch (error) {
    if (error instanceof DamagedImageError) throw badRequest(texts.damagedImage, {}, 'file');
    throw error;
  }
}

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const max = ctx.config.files.uploadMaxBytes;
  await app.register(multipart, { limits: { fileSize: max, files: 1, fields: 5 } });

  route(
    app,
    F.uploadFile,
    ({ req, identity }) =>
      receivePicture(ctx, req, max, {
        userId: identity.userId,
        origin: 'upload',
        guest: identity.isGuest,
      }),
    {
      rateLimit: { max: ctx.config.files.uploadRateLimit, timeWindow: 60_000 },
      bodyLimit: max + 64 * 1024,
    },
  );

  // A site's logo or icon: public (every visitor's page loads it), not in the admin's uploads.
  const siteMax = Math.min(max, SITE_PICTURE_MAX_BYTES);
  route(
    app,
    F.adminUploadSitePicture,
    ({ req, identity }) =>
      receivePicture(ctx, req, siteMax, { userId: identity.userId, origin: 'site', public: true }),
    {
      rateLimit: { max: ctx.config.files.uploadRateLimit, timeWindow: 60_000 },
      bodyLimit: siteMax + 64 * 1024,
    },
  );

  route(app, F.storageUsage, async ({ identity }) => ({
    usedBytes: await storageUsed(ctx, identity.userId),
    quotaBytes: await quotaBytesOf(ctx, identity.isGuest),
  }));

  route(app, F.adminGetFileSettings, async () => readFileSettings(ctx));
  route(app, F.adminUpdateFileSettings, async ({ body }) => writeFileSettings(ctx, body));

  route(app, F.listUploads, async ({ query, identity }) => {
    const { rows, count } = await uploadsPage(ctx.db.kysely, identity.userId, query);
    return { rows: rows.map((r) => toUploaded(ctx, r)), count };
  });

  route(app, F.deleteAllUploads, async ({ identity }) => {
    const rows = await uploadsOf(ctx.db.kysely, identity.userId);
    return { deleted: await deleteFiles(ctx, rows) };
  });

  route(app, F.deleteOneUpload, async ({ query, identity }) => {
    const row = await uploadOf(ctx.db.kysely, identity.userId, query.id);
    if (!row) throw notFound(texts.fileNotFound);
    return { deleted: await deleteFiles(ctx, [row]) };
  });

  // Not a contract endpoint: it answers bytes, not the JSON envelope.
  app.get('/files/*', { schema: { hide: true } }, async (req, reply) => {
    const key = keyOfUrl(`${FILES_PREFIX}${(req.params as { '*': string })['*']}`);
    const row = key ? await fileOfKey(ctx, key) : undefined;
    if (!key || !row) throw notFound(texts.fileNotFound);
    const q = req.query as { exp?: string; sig?: string };
    let cache: string;
    if (row.public === 1) cache = 'public, max-age=31536000, immutable';
    else if (q.exp && q.sig && checkSignature(ctx, key, q.exp, q.sig)) {
      const left = Math.max(0, Number(q.exp) - Math.floor(Date.now() / 1000));
      cache = `private, max-age=${Math.min(left, 86_400)}`;
    } else {
      // Without a valid link only the owner, by their credentials; anyone else sees nothing.
      await authorize(ctx, req, 'public').catch(() => undefined);
      if (req.identity?.userId !== row.user_id) throw notFound(texts.fileNotFound);
      cache = 'private, no-cache';
    }
    const storage = storageOf(ctx.config);
    const mime = key === row.key ? row.mime : 'image/webp';
    const download = mime.startsWith('image/') ? undefined : row.name || 'download';
    const fromBucket = ctx.config.files.bucketLinkMinBytes;
    if (storage.presign && fromBucket > 0 && key === row.key && row.size >= fromBucket) {
      // Checked above like any other read; the bytes come straight from the bucket.
      const link = await storage.presign(key, 3600, { mime, ...(download ? { download } : {}) });
      return reply.header('cache-control', 'private, no-store').redirect(link, 302);
    }
    void reply
      .header('content-type', mime)
      .header('cache-control', cache)
      .header('x-content-type-options', 'nosniff');
    if (req.headers.range && /^(audio|video)\//.test(mime)) {
      // A player seeking: the part asked for (songs and clips are a few MB at most).
      const whole = await storage.get(key);
      if (!whole) throw notFound(texts.fileNotFound);
      return sendBytes(req, reply, whole.bytes);
    }
    const got = await storage.stream(key);
    if (!got) throw notFound(texts.fileNotFound);
    void reply.header('accept-ranges', /^(audio|video)\//.test(mime) ? 'bytes' : 'none');
    if (got.size !== null) void reply.header('content-length', got.size);
    if (download)
      void reply.header(
        'content-disposition',
        `attachment; filename="${download.replace(/[^\w.-]/g, '_')}"`,
      );
    return reply.send(got.body);
  });
}
