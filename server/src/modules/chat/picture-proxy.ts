import http from 'node:http';
import https from 'node:https';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from '../../http/errors.js';
import { authorize } from '../../http/identity.js';
import { MAX_IMAGE_PIXELS } from '../../lib/sharp.js';
import { imageHeaderOf } from '../files/index.js';
import { texts } from './messages.js';
import { checkPublicUrl, guardedLookup, type GuardOptions } from '../../lib/url-guard.js';

/**
 * Remote pictures in answers, fetched for the browser on a click: the page's policy lets
 * pictures load only from this site, so that an answer cannot make the browser call an
 * address of its choosing by itself (and send the conversation out in it). The fetch goes
 * only to public addresses (every connection's address is checked, redirects included), takes
 * pictures only (PNG, JPEG, WebP, GIF by their bytes, at most 5 MB and 40 M pixels) and answers
 * them with a policy that runs nothing.
 */
export const PROXY_MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

export class PictureFetchError extends Error {
  override readonly name = 'PictureFetchError';
}

/** GETs a public picture's bytes (redirects followed, each checked), or throws PictureFetchError. */
export async function fetchPublicPicture(
  url: string,
  guard: GuardOptions = {},
): Promise<{ mime: string; bytes: Buffer }> {
  let at = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const refused = await checkPublicUrl(at, guard);
    if (refused) throw new PictureFetchError(refused);
    const got = await getOnce(at, guard);
    if ('location' in got) {
      at = new URL(got.location, at).href;
      continue;
    }
    const header = await imageHeaderOf(got.bytes);
    if (!header) throw new PictureFetchError('not a PNG, JPEG, WebP or GIF picture');
    if (header.pixels > MAX_IMAGE_PIXELS) throw new PictureFetchError('too many pixels');
    return { mime: header.mime, bytes: got.bytes };
  }
  throw new PictureFetchError('too many redirects');
}

function getOnce(
  url: string,
  guard: GuardOptions,
): Promise<{ bytes: Buffer } | { location: string }> {
  const secure = url.startsWith('https:');
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).get(
      url,
      {
        lookup: guardedLookup(guard),
        timeout: TIMEOUT_MS,
        headers: { accept: 'image/*', 'user-agent': 'Atelier picture proxy' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ location: res.headers.location });
          return;
        }
        if (status !== 200) {
          res.resume();
          reject(new PictureFetchError(`the address answered ${status}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > PROXY_MAX_BYTES) {
            req.destroy(new PictureFetchError('larger than 5 MB'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new PictureFetchError('no answer in 10 s')));
    req.on('error', (error) =>
      reject(error instanceof PictureFetchError ? error : new PictureFetchError(error.message)),
    );
  });
}

/** `GET /api/proxy/image?url=…`: bytes, not the envelope (like /api/files/). */
export function pictureProxyRoutes(app: FastifyInstance): void {
  app.get(
    '/proxy/image',
    {
      schema: { hide: true },
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      await authorize(app.ctx, req, 'identity');
      const url = (req.query as { url?: unknown }).url;
      if (typeof url !== 'string' || url.length === 0 || url.length > 2000)
        throw badRequest(texts.pictureUnavailable, { reason: 'no address' }, 'url');
      let picture;
      try {
        picture = await fetchPublicPicture(url);
      } catch (error) {
        if (!(error instanceof PictureFetchError)) throw error;
        throw new AppError(
          400,
          texts.pictureUnavailable,
          { reason: error.message },
          { errors: [{ field: 'url', message: texts.pictureUnavailable['en-US'] }] },
        );
      }
      return reply
        .header('content-type', picture.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(picture.bytes);
    },
  );
}
