import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The most answers kept; the oldest goes first when a new one comes. */
const MAX_ENTRIES = 500;

interface Entry {
  expires: number;
  etag: string;
  /**
   * The answer as sent: serialised once through the route's response schema and encoded once
   * (a string would be encoded to UTF-8 again for every visitor: on a page of 24 works that
   * copying and its garbage were a quarter of the server's CPU under load).
   */
  body: Buffer;
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
  /** The tags of the cached routes: a change through a route sharing one clears the cache. */
  private readonly tags = new Set<string>();

  constructor(private readonly ttlMs: number) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Names the tags of a cached route (its endpoint's, e.g. `works`, `market`). */
  watch(tags: readonly string[]): void {
    for (const tag of tags) this.tags.add(tag);
  }

  /**
   * Called after a change went through (a call other than GET): when its endpoint shares a tag
   * with a cached route (a publish, a like, a moderation, an album, a market prompt), every kept
   * answer goes, so this process's next anonymous visitor reads the change at once. Other
   * instances keep theirs until they expire (`PUBLIC_CACHE_SECONDS`).
   */
  changed(tags: readonly string[]): void {
    if (this.entries.size && tags.some((tag) => this.tags.has(tag))) this.entries.clear();
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
  ): { body: Buffer; notModified: boolean } | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const now = Date.now();
    if (entry.expires <= now) {
      this.entries.delete(key);
      return null;
    }
    this.headers(reply, entry, now);
    return { body: entry.body, notModified: req.headers['if-none-match'] === entry.etag };
  }

  /** Keeps `body` under `key`, serialised, sets the caching headers; returns the bytes to send. */
  write(key: string, body: unknown, reply: FastifyReply): Buffer {
    const now = Date.now();
    const json = String(reply.serialize(body));
    // Named by its content: an answer that did not change keeps its ETag across expiries (a
    // revalidation stays a 304), and one that changed never shares the old one.
    const etag = `W/"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"`;
    const entry = { expires: now + this.ttlMs, etag, body: Buffer.from(json) };
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, entry);
    this.headers(reply, entry, now);
    return entry.body;
  }

  private headers(reply: FastifyReply, entry: Entry, now: number): void {
    const age = Math.max(0, Math.floor((entry.expires - now) / 1000));
    reply.header('cache-control', `public, max-age=${age}`);
    reply.header('etag', entry.etag);
    reply.header('vary', 'x-lang, accept-language, authorization, guestid');
    // Bytes are sent as they are (not serialised again), as JSON.
    reply.header('content-type', 'application/json; charset=utf-8');
  }
}
