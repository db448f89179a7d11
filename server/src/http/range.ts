import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * One byte range of a `Range` request (RFC 9110 section 14.1.2: `bytes=first-last`, `bytes=first-`
 * or `bytes=-suffix`). Null when there is no single byte range to answer (no header, several
 * ranges, another unit): the whole body is sent. `unsatisfiable` when it starts past the end.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Sends `bytes` whole or the requested range of them (206 with `content-range`), so that a
 * browser can seek in audio and video; every answer says `accept-ranges: bytes`.
 */
export function sendBytes(req: FastifyRequest, reply: FastifyReply, bytes: Buffer) {
  void reply.header('accept-ranges', 'bytes');
  const range = byteRange(req.headers.range, bytes.length);
  if (range === 'unsatisfiable')
    return reply.code(416).header('content-range', `bytes */${bytes.length}`).send();
  if (!range) return reply.send(bytes);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`)
    .send(bytes.subarray(range.start, range.end + 1));
}
