import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { fetchPublicPicture, PictureFetchError } from '../chat/index.js';
import {
  deleteFiles,
  fileOfKey,
  fileUrl,
  keyOfUrl,
  readOwnedImage,
  storeFile,
} from '../files/index.js';
import { authMessages } from './messages.js';

/**
 * The avatar as stored: always one of our own public pictures (or none), so that every page
 * showing it loads it from this site (the page's policy loads no other site's pictures) and
 * no one's avatar can be a tracker, a data: SVG or anything but a picture.
 * - '' clears it;
 * - a link to one of the user's own pictures here: that picture, copied as a public one (an
 *   upload stays private, and its signed link would run out);
 * - an https:// address: fetched once through the address guard (public addresses only,
 *   pictures only, 5 MB and 40 M pixels at most) and stored.
 */
export async function storedAvatar(ctx: AppContext, userId: number, link: string): Promise<string> {
  if (link === '') return '';
  const refused = (reason: string) => badRequest(authMessages.avatarUnusable, { reason }, 'avatar');
  const key = keyOfUrl(link);
  let bytes: Buffer;
  if (key) {
    const row = await fileOfKey(ctx, key);
    if (row?.user_id === userId && row.public === 1 && row.key === key)
      return fileUrl(ctx, key, true);
    const own = await readOwnedImage(ctx, userId, link);
    if (!own || !own.mime.startsWith('image/')) throw refused('not one of your pictures');
    bytes = own.bytes;
  } else {
    if (!link.startsWith('https://')) throw refused('only https:// addresses');
    try {
      bytes = (await fetchPublicPicture(link)).bytes;
    } catch (error) {
      if (error instanceof PictureFetchError) throw refused(error.message);
      throw error;
    }
  }
  // Not an upload: it leaves the uploads list and stays when the uploads are cleared.
  const f = await storeFile(ctx, {
    userId,
    origin: 'result',
    quota: true,
    bytes,
    name: 'avatar',
    reencode: true,
    public: true,
  });
  return fileUrl(ctx, f.key, true);
}

/**
 * Removes the avatar a user replaced (or cleared): the public copy storedAvatar made for it,
 * which nothing else shows. A picture that was not such a copy (another public file of the
 * user's) is left alone. Without this every change stored one more picture.
 */
export async function dropReplacedAvatar(
  ctx: AppContext,
  userId: number,
  old: string,
  now: string,
): Promise<void> {
  const key = old ? keyOfUrl(old) : null;
  if (!key || key === keyOfUrl(now)) return;
  const row = await fileOfKey(ctx, key);
  if (row?.user_id !== userId || row.key !== key || row.public !== 1 || row.name !== 'avatar')
    return;
  if (row.task_id !== null || row.origin !== 'result') return;
  await deleteFiles(ctx, [row]);
}
