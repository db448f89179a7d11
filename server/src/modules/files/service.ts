import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { decodeSlot, MAX_IMAGE_PIXELS, sharp } from '../../lib/sharp.js';
import { audioExtensions, audioTypeOf } from '../../lib/audio-type.js';
import type { files as F } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { storageOf } from '../../storage/index.js';
import { texts } from './messages.js';
import { quotaBytesOf } from './settings.js';
import type { FilesTable } from './tables.js';
import type { Selectable } from 'kysely';

export type FileRow = Selectable<FilesTable>;

export const FILES_PREFIX = '/api/files/';

const imageFormats: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
const extOf: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/zip': 'zip',
  'video/mp4': 'mp4',
  'text/plain': 'txt',
  'application/pdf': 'pdf',
  'text/csv': 'csv',
  'text/markdown': 'md',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  ...audioExtensions,
};

/** What a picture's header says, read without decoding a pixel; null when not one we take. */
export async function imageHeaderOf(
  bytes: Buffer,
): Promise<{ mime: string; width: number; height: number; pixels: number } | null> {
  try {
    // The header only: the pixel limit is for decoding, and this is how it is checked.
    const meta = await sharp(bytes, { animated: true, limitInputPixels: false }).metadata();
    const mime = meta.format && imageFormats[meta.format];
    if (!mime) return null;
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    return { mime, width, height, pixels: width * height };
  } catch {
    return null;
  }
}

/** The picture's type as its bytes say (sharp reads the header); null when not one we take. */
export async function imageTypeOf(bytes: Buffer): Promise<string | null> {
  return (await imageHeaderOf(bytes))?.mime ?? null;
}

const secretOf = (ctx: AppContext) => ctx.config.secretKey ?? 'atelier-dev-secret';

const sign = (ctx: AppContext, key: string, exp: number) =>
  createHmac('sha256', secretOf(ctx)).update(`${key}\n${exp}`).digest('base64url').slice(0, 32);

/**
 * A link an <img> can load. Private files get `?exp&sig` (an <img> cannot send a Bearer
 * header); the expiry is rounded up to a whole day so a page shows the same URL all day and
 * browsers cache it.
 */
export function fileUrl(ctx: AppContext, key: string, isPublic = false): string {
  if (isPublic) return `${FILES_PREFIX}${key}`;
  const day = 86_400;
  const exp = Math.ceil((Date.now() / 1000 + ctx.config.files.linkTtlSeconds) / day) * day;
  return `${FILES_PREFIX}${key}?exp=${exp}&sig=${sign(ctx, key, exp)}`;
}

/** Whether a signed link is genuine and unexpired. */
export function checkSignature(ctx: AppContext, key: string, exp: string, sig: string): boolean {
  const e = Number(exp);
  if (!Number.isInteger(e) || e * 1000 < Date.now()) return false;
  const want = Buffer.from(sign(ctx, key, e));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** Whether a URL (absolute or not) points into /api/files/, whether or not it names a file. */
export function isFilesLink(url: string): boolean {
  try {
    return new URL(url, 'http://local').pathname.startsWith(FILES_PREFIX);
  } catch {
    return false;
  }
}

/** The storage key a /api/files/ URL (absolute or not, signed or not) points at. */
export function keyOfUrl(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://local').pathname;
  } catch {
    return null;
  }
  if (!pathname.startsWith(FILES_PREFIX)) return null;
  let key: string;
  try {
    key = decodeURIComponent(pathname.slice(FILES_PREFIX.length));
  } catch {
    // A broken percent-encoding (`a%ZZ`) names no file.
    return null;
  }
  return /^[a-z0-9][a-z0-9/_.-]{0,200}$/i.test(key) && !key.includes('..') ? key : null;
}

/** A picture whose header reads but whose pixels do not decode. */
export class DamagedImageError extends Error {
  override readonly name = 'DamagedImageError';
}

/** A picture whose header declares more than MAX_IMAGE_PIXELS: refused before decoding (400). */
export class TooManyPixelsError extends AppError {
  constructor(readonly pixels: number) {
    super(
      400,
      texts.tooManyPixels,
      { max: MAX_IMAGE_PIXELS / 1_000_000 },
      { errors: [{ field: 'file', message: texts.tooManyPixels['en-US'] }] },
    );
  }
}

export interface StoreInput {
  userId: number;
  /** `attachment`: a file attached to a chat (docs/chat.md), not listed with the uploads. */
  origin: 'upload' | 'result' | 'site' | 'attachment';
  taskId?: number | null;
  bytes: Buffer;
  name?: string;
  /** Known type of non-pictures (zip); pictures are read from their bytes. */
  mime?: string;
  /** Re-encode the picture (uploads: strips metadata and anything hidden after the image). */
  reencode?: boolean;
  /** A non-picture's thumbnail (a video's poster frame): stored as a 256 px WebP. */
  thumb?: Buffer;
  /** Served to anyone without a signed link (the site's logo and icon). */
  public?: boolean;
  /**
   * Refused when it would take the user past their storage quota (413). Default: uploads
   * only; a result a user paid for is always kept (and counts).
   */
  quota?: boolean;
  /** The owner is a guest: the guest quota applies (console: Sites → Storage); unsaid: read. */
  guest?: boolean;
}

/** A write that would take the user past their storage quota (413, saying what is used). */
export class StorageFullError extends AppError {
  constructor(
    readonly usedBytes: number,
    readonly quotaBytes: number,
  ) {
    super(413, texts.storageFull, {
      used: Math.ceil(usedBytes / 1048576),
      quota: Math.floor(quotaBytes / 1048576),
    });
  }
}

/** The bytes a user's stored files take (thumbnails are not counted). */
export async function storageUsed(ctx: AppContext, userId: number): Promise<number> {
  const row = await ctx.db.kysely
    .selectFrom('files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('size'), eb.lit(0)).as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Throws StorageFullError when `adding` more bytes would pass the quota the operator set for
 * an account or a guest (settings.ts; 0: none). A caller that does not say whether the user is
 * a guest gets the account read (auth's hook): a free call that forgot to say so (a mask, an
 * audio upload, a video frame) would otherwise hold a guest to the larger account quota.
 */
export async function assertStorageRoom(
  ctx: AppContext,
  userId: number,
  adding: number,
  guest?: boolean,
): Promise<void> {
  const isGuest =
    guest ?? (await ctx.hooks.accounts(ctx.db.kysely, [userId])).get(userId)?.kind === 'guest';
  const quota = await quotaBytesOf(ctx, isGuest);
  if (quota === 0) return;
  const used = await storageUsed(ctx, userId);
  if (used + adding > quota) throw new StorageFullError(used, quota);
}

const keyPrefix = { upload: 'u', result: 'r', site: 's', attachment: 'a' } as const;

/** Stores a file with a 256 px thumbnail when it is a picture, and records who owns it. */
export async function storeFile(ctx: AppContext, input: StoreInput): Promise<FileRow> {
  const storage = storageOf(ctx.config);
  let bytes = input.bytes;
  const header = await imageHeaderOf(bytes);
  if (header && header.pixels > MAX_IMAGE_PIXELS) throw new TooManyPixelsError(header.pixels);
  if (input.thumb) {
    const still = await imageHeaderOf(input.thumb);
    if (still && still.pixels > MAX_IMAGE_PIXELS) throw new TooManyPixelsError(still.pixels);
  }
  if (input.quota ?? input.origin === 'upload')
    await assertStorageRoom(ctx, input.userId, bytes.length, input.guest);
  // Audio (stems, songs) is typed by its bytes too, so an <audio> gets the right type.
  let mime = header?.mime ?? input.mime ?? audioTypeOf(bytes) ?? 'application/octet-stream';
  let width = 0;
  let height = 0;
  let thumb: Buffer | null = null;
  if (mime.startsWith('image/')) {
    try {
      // At most DECODES_AT_ONCE pictures decoded at a time in this process.
      await decodeSlot(async () => {
        const animated = mime === 'image/gif';
        if (input.reencode) {
          // rotate() applies the EXIF orientation before the metadata goes.
          const img = sharp(bytes, { animated }).rotate();
          bytes =
            mime === 'image/png'
              ? await img.png().toBuffer()
              : mime === 'image/jpeg'
                ? await img.jpeg({ quality: 90 }).toBuffer()
                : mime === 'image/gif'
                  ? await img.gif().toBuffer()
                  : await img.webp({ quality: 90 }).toBuffer();
        }
        const meta = await sharp(bytes).metadata();
        width = meta.width ?? 0;
        height = meta.pageHeight ?? meta.height ?? 0;
        thumb = await sharp(bytes)
          .rotate()
          .resize(256, 256, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 75 })
          .toBuffer();
      });
    } catch (error) {
      // The header read fine but the pixels do not decode (cut short, bad CRC, a size with
      // no data behind it): the picture is damaged, which is the sender's problem.
      throw new DamagedImageError(error instanceof Error ? error.message : String(error));
    }
  } else {
    mime = input.mime ?? mime;
    if (input.thumb) {
      const meta = await sharp(input.thumb).metadata();
      width = meta.width ?? 0;
      height = meta.height ?? 0;
      thumb = await sharp(input.thumb)
        .resize(256, 256, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer();
    }
  }
  const base = `${keyPrefix[input.origin]}/${input.userId}/${Date.now().toString(36)}-${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;
  const key = `${base}.${extOf[mime] ?? 'bin'}`;
  const thumbKey = thumb ? `${base}-thumb.webp` : null;
  await storage.put(key, bytes, mime);
  if (thumb && thumbKey) await storage.put(thumbKey, thumb, 'image/webp');
  return ctx.db.kysely
    .insertInto('files')
    .values({
      user_id: input.userId,
      key,
      thumb_key: thumbKey,
      origin: input.origin,
      task_id: input.taskId ?? null,
      name: (input.name ?? '').slice(0, 200),
      mime,
      size: bytes.length,
      width,
      height,
      public: input.public ? 1 : 0,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const toUploaded = (ctx: AppContext, f: FileRow): F.UploadedFile => ({
  id: f.id,
  url: fileUrl(ctx, f.key, f.public === 1),
  thumbUrl: fileUrl(ctx, f.thumb_key ?? f.key, f.public === 1),
  width: f.width,
  height: f.height,
  mime: f.mime,
  size: f.size,
  createdAt: f.created_at,
});

/** The file row a key belongs to (as the file itself or its thumbnail). */
export async function fileOfKey(ctx: AppContext, key: string): Promise<FileRow | undefined> {
  return ctx.db.kysely
    .selectFrom('files')
    .selectAll()
    .where((eb) => eb.or([eb('key', '=', key), eb('thumb_key', '=', key)]))
    .executeTakeFirst();
}

/**
 * The bytes of a picture the user owns, given a URL they got from us (upload or result):
 * other modules send it upstream as data (the upstream cannot reach this server). Another
 * user's file, or anything else, is null.
 */
export async function readOwnedImage(
  ctx: AppContext,
  userId: number,
  url: string,
): Promise<{ mime: string; bytes: Buffer } | null> {
  const key = keyOfUrl(url);
  if (!key) return null;
  const row = await fileOfKey(ctx, key);
  if (!row || row.user_id !== userId) return null;
  const got = await storageOf(ctx.config).get(key);
  if (!got) return null;
  return { mime: key === row.key ? row.mime : 'image/webp', bytes: got.bytes };
}

/** The files one task of a user's made (its results, thumbnails and posters). */
export const filesOfTask = (ctx: AppContext, userId: number, taskId: number): Promise<FileRow[]> =>
  ctx.db.kysely
    .selectFrom('files')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('user_id', '=', userId)
    .execute();

/** Removes files (and their thumbnails) from storage and the table. */
export async function deleteFiles(ctx: AppContext, rows: FileRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const storage = storageOf(ctx.config);
  await ctx.db.kysely
    .deleteFrom('files')
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  for (const r of rows) {
    await storage.delete(r.key);
    if (r.thumb_key) await storage.delete(r.thumb_key);
  }
  return rows.length;
}
