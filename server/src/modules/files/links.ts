import type { AppContext } from '../../context.js';
import { ownedKeys } from './lookup.js';
import { fileOfKey, FILES_PREFIX, fileUrl, keyOfUrl } from './service.js';

/**
 * Links to our own files inside stored data (a task's parameters, a prompt's flags). A
 * reference is stored as the file's key in link form, `/api/files/<key>`, never as a signed
 * link: a signed link opens a private file to whoever reads it for days, and whoever reads a
 * published work's parameters is anyone.
 */

/** A link to one of our files, absolute or not, signed or not (`?exp=…&sig=…`). */
const FILE_LINK =
  /(?:https?:\/\/[^\s"'<>()]*?)?\/api\/files\/[A-Za-z0-9][A-Za-z0-9/_.%-]*(?:\?[^\s"'<>()]*)?/g;

/** A run of text that may be a link (no space, quote, angle bracket or parenthesis). */
const WORD = /[^\s"'<>()]+/g;

/**
 * The file a word of text links to, in whatever form a browser would resolve to our files:
 * `/api/./files/…`, `/api/x/../files/…`, `%2e` segments, `%66iles`, backslashes, with or without a site
 * and a signature. The word may start with other text (`see:https://…`). Null when none.
 */
function linkedFile(word: string): { key: string; link: string; origin: string } | null {
  if (!/[\\/]/.test(word)) return null;
  const at = word.search(/https?:|[\\/]/i);
  const link = word.slice(at);
  let url: URL;
  try {
    url = /^https?:/i.test(link) ? new URL(link) : new URL(link, 'http://local');
  } catch {
    return null;
  }
  let path = url.pathname;
  try {
    // The router decodes `%66iles` to `files` before it routes; so does this.
    path = decodeURI(path);
  } catch {
    // A broken percent-encoding: read as it is.
  }
  const key = keyOfUrl(path);
  if (!key) return null;
  const origin = /^https?:|^[\\/]{2}/i.test(link) ? url.origin : '';
  return { key, link, origin };
}

/** The key of a link, in the stored form (`/api/files/<key>`), or null when not one of ours. */
export function fileRef(url: string): string | null {
  const key = keyOfUrl(url);
  return key ? `${FILES_PREFIX}${key}` : null;
}

/**
 * A text with every link to our files written as its key: signatures dropped, the site's
 * address kept where there was one (an upstream's prompt needs it; the runner signs it again).
 * Links in any form a browser resolves to our files are written the one way.
 */
export function unsignFileLinks(text: string): string {
  return text.replace(WORD, (word) => {
    const f = linkedFile(word);
    if (!f) return word;
    return `${word.slice(0, word.length - f.link.length)}${f.origin}${FILES_PREFIX}${f.key}`;
  });
}

/** The same for every text inside stored data (a task's parameters). */
export function unsignFileLinksIn(value: unknown): unknown {
  if (typeof value === 'string') return unsignFileLinks(value);
  if (Array.isArray(value)) return value.map(unsignFileLinksIn);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unsignFileLinksIn(v)]));
  return value;
}

/** Marks a link taken out of a text, before the flag naming it goes too. */
const GONE = '\u0000';

/**
 * A copy of stored data fit for anyone to read: every link to one of our files whose key is
 * not in `keep` is taken out — a list item that is such a link is dropped, a `--cref`/`--sref`
 * flag pointing at one goes with it, and a link in running text is cut. Links kept lose their
 * signature. Links are found in any form a browser resolves to our files. Everything else is
 * copied as it is.
 */
export function withoutPrivateFiles(value: unknown, keep: ReadonlySet<string>): unknown {
  const isForeignLink = (s: string) => {
    const whole = s.trim();
    if (!whole || /[\s"'<>()]/.test(whole)) return false;
    const f = linkedFile(whole);
    return f !== null && f.link === whole && !keep.has(f.key);
  };
  const clean = (text: string) => {
    let changed = false;
    const marked = text.replace(WORD, (word) => {
      const f = linkedFile(word);
      if (!f) return word;
      changed = true;
      const before = word.slice(0, word.length - f.link.length);
      return keep.has(f.key) ? `${before}${f.origin}${FILES_PREFIX}${f.key}` : `${before}${GONE}`;
    });
    if (!changed) return text;
    return marked
      .replace(new RegExp(`--(?:cref|sref)\\s+${GONE}`, 'g'), '')
      .replaceAll(GONE, '')
      .replace(/ {2,}/g, ' ')
      .trim();
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return clean(v);
    if (Array.isArray(v))
      return v.filter((x) => typeof x !== 'string' || !isForeignLink(x)).map(walk);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v)
          .filter(([, x]) => typeof x !== 'string' || !isForeignLink(x))
          .map(([k, x]) => [k, walk(x)]),
      );
    return v;
  };
  return walk(value);
}

/**
 * A text (an upstream's prompt) with each link to one of the user's own files made fetchable:
 * absolute on PUBLIC_URL and freshly signed. Signed at the moment it is sent, never stored.
 * Links to anyone else's files are left as keys, which fetch nothing.
 */
export async function signFileLinks(
  ctx: AppContext,
  userId: number,
  text: string,
): Promise<string> {
  const links = [...new Set(text.match(FILE_LINK) ?? [])];
  const signed = new Map<string, string>();
  for (const link of links) {
    const key = keyOfUrl(link);
    const row = key ? await fileOfKey(ctx, key) : undefined;
    if (key && row?.user_id === userId)
      signed.set(link, `${ctx.config.publicUrl}${fileUrl(ctx, key)}`);
  }
  return text.replace(FILE_LINK, (link) => signed.get(link) ?? link);
}

/**
 * A copy of stored data with each value that is a link to one of our files replaced by
 * `sign(link)` (its owner's fresh signed link; null leaves the value as it is).
 */
export function signedFileLinks(value: unknown, sign: (link: string) => string | null): unknown {
  if (typeof value === 'string') {
    const whole = value.trim().match(FILE_LINK);
    return whole?.length === 1 && whole[0] === value.trim() ? (sign(value) ?? value) : value;
  }
  if (Array.isArray(value)) return value.map((v) => signedFileLinks(v, sign));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, signedFileLinks(v, sign)]));
  return value;
}

/** Every string in stored data (any may be a link to one of our files, in any form). */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value.trim());
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}

/**
 * A signer for the links in `data` (a task's params, say) shown to `userId`: a fresh signed
 * link for each of the user's own files, null for anything else. Someone else's file written
 * into the data (known from a link seen once, its signature run out) is never signed for them.
 */
export async function ownLinkSigner(
  ctx: AppContext,
  userId: number,
  data: unknown[],
): Promise<(url: string) => string | null> {
  const keys = new Set<string>();
  for (const s of stringsIn(data)) {
    const key = keyOfUrl(s);
    if (key) keys.add(key);
  }
  const owned = await ownedKeys(ctx.db.kysely, userId, [...keys]);
  return (url) => {
    const key = keyOfUrl(url);
    return key && owned.has(key) ? fileUrl(ctx, key) : null;
  };
}
