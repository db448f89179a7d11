import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { listOf, queryInt } from './envelope.js';

/*
 * Uploads: a picture the user sends (chat vision, Midjourney references, blend, describe).
 * `POST /upload/file` is multipart/form-data with one field `file`; its type is read from the
 * bytes, the picture is re-encoded (metadata stripped) and gets a thumbnail.
 */

export const uploadMimes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const uploadedFile = z.object({
  id: z.number().int(),
  /** Path under /api/files/… an <img> can load (private files: an expiring signed link). */
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  mime: z.string(),
  size: z.number().int(),
  createdAt: z.string().optional(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** Multipart: the handler reads the file itself, so there is no body schema. */
export const uploadFile = endpoint({
  method: 'POST',
  path: '/upload/file',
  access: 'identity',
  summary: 'Upload a picture (png, jpeg, webp or gif, checked by content)',
  tags: ['files'],
  data: uploadedFile,
});

/** Multipart like uploadFile; the picture is public so every visitor's page can load it. */
export const adminUploadSitePicture = endpoint({
  method: 'POST',
  path: '/admin/files/site-picture',
  access: 'admin',
  summary:
    'Upload a site logo or icon (png, jpeg, webp or gif, checked by content, at most 2 MB); answers its permanent public address',
  tags: ['files', 'admin'],
  data: uploadedFile,
});

export const pageQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(100)).default(20),
});

export const listUploads = endpoint({
  method: 'GET',
  path: '/upload/piclist',
  access: 'identity',
  summary: "The caller's uploads, newest first",
  tags: ['files'],
  query: pageQuery,
  data: listOf(uploadedFile),
});

export const deleteAllUploads = endpoint({
  method: 'GET',
  path: '/upload/delAllPic',
  access: 'identity',
  summary: "Delete all of the caller's uploads",
  tags: ['files'],
  data: z.object({ deleted: z.number().int() }),
});

export const deleteOneUpload = endpoint({
  method: 'GET',
  path: '/upload/delOnePic',
  access: 'identity',
  summary: 'Delete one of the caller’s uploads',
  tags: ['files'],
  query: z.object({ id: queryInt(z.number().int().positive()) }),
  data: z.object({ deleted: z.number().int() }),
});

export const storageUsage = endpoint({
  method: 'GET',
  path: '/upload/usage',
  access: 'identity',
  summary: 'How much of the storage quota the caller’s files take',
  tags: ['files'],
  data: z.object({
    /** Bytes of every stored file (uploads, results, derived pictures). */
    usedBytes: z.number().int(),
    /** The operator's quota for the caller (an account's or a guest's, console); 0: none. */
    quotaBytes: z.number().int(),
  }),
});

/**
 * What the operator sets for stored files (console: Sites → Storage). Quotas in MB (MiB) of
 * stored files; 0: no quota. An upload or a free derived file past it answers 413.
 */
export const fileSettings = z.object({
  /** Per account; the default is FILE_USER_QUOTA_BYTES. */
  userQuotaMb: z.number().int().min(0).max(10_000_000),
  /** Per guest (no account yet); their files move to the account they sign up as. */
  guestQuotaMb: z.number().int().min(0).max(10_000_000),
  /** The largest file a user may attach to a chat (PDF, DOCX, XLSX…), in MB; default 20. */
  chatFileMaxMb: z.number().int().min(1).max(512),
});
export type FileSettings = z.infer<typeof fileSettings>;

export const adminGetFileSettings = endpoint({
  method: 'GET',
  path: '/admin/files/settings',
  access: 'admin',
  summary: 'Storage quotas of an account and of a guest, and the largest chat attachment',
  tags: ['files', 'admin'],
  data: fileSettings,
});

export const adminUpdateFileSettings = endpoint({
  method: 'POST',
  path: '/admin/files/settings',
  access: 'admin',
  summary: 'Change the storage quotas (only the fields sent)',
  tags: ['files', 'admin'],
  body: fileSettings.partial(),
  data: fileSettings,
});
