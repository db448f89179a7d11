import type { AppContext } from '../../context.js';
import { MAX_IMAGE_PIXELS } from '../../lib/sharp.js';
import type { GuardOptions } from '../../lib/url-guard.js';
import {
  FILES_PREFIX,
  fileUrl,
  imageHeaderOf,
  isFilesLink,
  keyOfUrl,
  storeFile,
} from '../files/index.js';
import { insertFinishedTask, toStoredFiles } from '../tasks/index.js';
import { fetchPublicPicture } from './picture-proxy.js';

/**
 * Pictures in answers (docs/chat.md, "Pictures in answers"): a model that draws answers with
 * pictures as data parts (Gemini's `inline_data` relayed as a data: URL, OpenRouter's
 * `delta.images`, gpt-image through a relay) or as markdown links (`![](https://…)`, often a
 * link that expires in an hour). Each is copied into our storage (a link fetched through the
 * address guard, a data: URL decoded within DATA_MAX_BYTES), saved to the user's works as a
 * finished `chat-draw` task (so the drawing screens offer it as a reference), and the answer
 * keeps our copy's address (`/api/files/<key>`, signed when read) instead of the original.
 */

/** The most pictures one answer keeps; more are left as they came. */
export const MAX_PICTURES = 8;
/** A data: URL's picture may be at most this large once decoded. */
export const DATA_MAX_BYTES = 10 * 1024 * 1024;

/** The guard of the fetches (tests let the loopback fake through). */
export const answerPictureGuard: { options: GuardOptions } = { options: {} };

/** A markdown image: `![alt](url)` or `![alt](<url> "title")`, of http(s) or a data:image. */
const MARKDOWN_IMAGE =
  /!\[([^\]\n]{0,300})\]\(\s*<?((?:https?:\/\/|data:image\/)[^\s)>]+)>?(?:\s+"[^"\n]*")?\s*\)/g;

/**
 * Whether a picture link is copied by itself: only from the answer's own provider or a host the
 * operator lists. Any other address is left for the reader to load on a click, as before: a
 * model talked into it (by a file or a page it read) could otherwise make this server call an
 * address of its choosing with the conversation in it.
 */
export function isPictureHost(url: string, hosts: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((h) => {
    const want = h.toLowerCase();
    return want.startsWith('*.') ? host.endsWith(want.slice(1)) : host === want;
  });
}

export interface KeptPicture {
  /** Our copy's address as stored (`/api/files/<key>`). */
  ref: string;
  workId: number | null;
}

/** The bytes of a data:image URL, or null when it is not one or is too large. */
function decodeDataUrl(url: string): Buffer | null {
  const m = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(url);
  if (!m) return null;
  const b64 = m[1]!.replace(/\s/g, '');
  if ((b64.length * 3) / 4 > DATA_MAX_BYTES) return null;
  return Buffer.from(b64, 'base64');
}

async function bytesOf(url: string): Promise<Buffer | null> {
  if (url.startsWith('data:')) {
    const bytes = decodeDataUrl(url);
    if (!bytes) return null;
    const header = await imageHeaderOf(bytes);
    return header && header.pixels <= MAX_IMAGE_PIXELS ? bytes : null;
  }
  return (await fetchPublicPicture(url, answerPictureGuard.options)).bytes;
}

/** The kept pictures as the answer's last line gives them: signed links and their works. */
export const picturesLine = (ctx: AppContext, pictures: KeptPicture[]) =>
  pictures.length
    ? {
        pictures: pictures.map((p) => ({
          url: fileUrl(ctx, keyOfUrl(p.ref)!),
          workId: p.workId,
        })),
      }
    : {};

/**
 * Copies the answer's pictures (its markdown images, and `parts` that came as data) into the
 * user's storage and works, and answers the text with our addresses in their place (the data
 * parts added at the end). A picture that cannot be fetched is left as it came, and logged.
 */
export async function keepAnswerPictures(
  ctx: AppContext,
  a: {
    userId: number;
    prompt: string;
    groupId: number;
    text: string;
    parts: string[];
    /** Hosts whose links are copied (the provider's and the operator's `chat.pictureHosts`). */
    hosts: readonly string[];
  },
): Promise<{ text: string; pictures: KeptPicture[] }> {
  // Most answers: no picture part and no picture link (a link starts with `![`).
  if (a.parts.length === 0 && !a.text.includes('![')) return { text: a.text, pictures: [] };
  const copied = (url: string) =>
    !isFilesLink(url) && (url.startsWith('data:') || isPictureHost(url, a.hosts));
  const linked = [...a.text.matchAll(MARKDOWN_IMAGE)].map((m) => m[2]!).filter(copied);
  const parts = a.parts.filter(copied);
  const wanted = [...new Set([...linked, ...parts])].slice(0, MAX_PICTURES);
  const kept = new Map<string, KeptPicture>();
  for (const url of wanted) {
    try {
      const bytes = await bytesOf(url);
      if (!bytes) continue;
      const file = await storeFile(ctx, {
        userId: a.userId,
        origin: 'result',
        bytes,
        name: 'chat-picture',
        quota: false,
      });
      const workId = await insertFinishedTask(ctx, {
        userId: a.userId,
        kind: 'chat-draw',
        action: 'chat-answer',
        prompt: a.prompt.slice(0, 2000),
        params: {
          modelId: 0,
          size: `${file.width}x${file.height}`,
          source: 'chat',
          groupId: a.groupId,
        },
        files: toStoredFiles([file]),
      });
      kept.set(url, { ref: `${FILES_PREFIX}${file.key}`, workId });
    } catch (error) {
      ctx.log.warn(
        { err: error, picture: url.startsWith('data:') ? 'data: URL' : url.slice(0, 200) },
        'a picture of a chat answer could not be kept',
      );
    }
  }
  let text = a.text.replace(MARKDOWN_IMAGE, (whole, alt: string, url: string) => {
    const k = kept.get(url);
    return k ? `![${alt}](${k.ref})` : whole;
  });
  // A part not copied that is a link stays a link (loaded on a click); a data part that could
  // not be kept is dropped (it cannot be shown from a text).
  const added = a.parts.flatMap((u) =>
    kept.has(u) ? [`![](${kept.get(u)!.ref})`] : /^https?:/.test(u) ? [`![](${u})`] : [],
  );
  if (added.length) text = `${text}${text ? '\n\n' : ''}${added.join('\n\n')}`;
  return { text, pictures: [...new Set(kept.values())] };
}
