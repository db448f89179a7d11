import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The most answers kept; the oldest goes first when a new one comes. */
const MAX_ENTRIES = 500;

interface Entry {
  expires: number;
  etag: string;
  /** The answer as sent: serialised once through the route's response schema. */
  json: string;
}

/**
 * Public lists (the square, the market, a designer's page) as anonymous visitors get them:
 * the same answer for everyone asking the same address in the same language, so a crowd
 * arriving at once costs one database read per address every few seconds instead of one per
 * visitor. The answer is kept serialised (the route's response schema runs once, not per
 * visitor: on a 24-work page it cost more than the read). Each answer also carries `Cache-Control: public, max-age` and a weak `ETag`, so a
 * browser or proxy may keep it as long, and a revalidation is a bodiless 304. Only visitors
 * without identity: a guest's or a user's answer says which works are theirs or liked.
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly ttlMs: number) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The key of a request: its address (path and query as sent) and answer language. */
  static keyOf(req: FastifyRequest, lang: string): string {
    return `${lang} ${req.url}`;
  }

  /**
   * The cached answer for `key` when fresh (its headers set on `reply`), else null. `notModified`
   * is true when the request's `If-None-Match` names it: the caller answers 304.
   */
  read(
    key: string,
    req: FastifyRequest,
    reply: FastifyReply,
  ): { json: string; notModified: boolean } | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const now = Date.now();
    if (entry.expires <= now) {
      this.entries.delete(key);
      return null;
    }
    this.headers(reply, entry, now);
    return { json: entry.json, notModified: req.headers['if-none-match'] === entry.etag };
  }

  /** Keeps `body` under `key`, serialised, sets the caching headers; returns the JSON to send. */
  write(key: string, body: unknown, reply: FastifyReply): string {
    const now = Date.now();
    const etag = `W/"${createHash('sha1').update(`${key} ${now}`).digest('base64url').slice(0, 16)}"`;
    const entry = { expires: now + this.ttlMs, etag, json: String(reply.serialize(body)) };
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, entry);
    this.headers(reply, entry, now);
    return entry.json;
  }

  private headers(reply: FastifyReply, entry: Entry, now: number): void {
    const age = Math.max(0, Math.floor((entry.expires - now) / 1000));
    reply.header('cache-control', `public, max-age=${age}`);
    reply.header('etag', entry.etag);
    reply.header('vary', 'x-lang, accept-language, authorization, guestid');
    // A string sent as JSON is not serialised again.
    reply.header('content-type', 'application/json; charset=utf-8');
  }
}
