import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { pickEncoding } from './web.js';

/*
 * The API's larger JSON answers compressed for a browser that accepts it (docs/architecture.md,
 * "Compression"). A first visit's start-up (`/config/start`, 10 KB) and lists (the app store's
 * 30 apps, 21 KB) went out as they were: on a slow phone link (1.6 Mbit/s) about 150 ms of it.
 * The web app's files are compressed by the build (`http/web.ts`); streams (a chat's NDJSON),
 * files and pictures are never touched here.
 */

/** Below about one packet, compressing saves no round trip and costs CPU. */
const MIN_BYTES = 1400;
/** Brotli's quality 4: about a third of the bytes for a fraction of a millisecond per 20 KB. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    const size =
      typeof payload === 'string'
        ? Buffer.byteLength(payload)
        : Buffer.isBuffer(payload)
          ? payload.length
          : 0;
    if (size < MIN_BYTES || reply.hasHeader('content-encoding')) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json'))
      return done(null, payload);
    // What a shared cache (a CDN) keeps of a public answer depends on the encoding asked.
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!/accept-encoding/i.test(String(vary)))
      reply.header('vary', `${String(vary)}, accept-encoding`);
    const encoding = pickEncoding(req.headers['accept-encoding'], ['br', 'gzip']);
    if (!encoding) return done(null, payload);
    const bytes = payload as string | Buffer;
    const body = encoding === 'br' ? brotliCompressSync(bytes, BROTLI) : gzipSync(bytes);
    reply.header('content-encoding', encoding).removeHeader('content-length');
    done(null, body);
  });
}
