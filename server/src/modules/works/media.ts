import type { works as W } from '@atelier/contracts';
import type { TaskFile } from '../tasks/index.js';

/** What a stored file is, from its type: the grid draws a picture, a video or an audio player. */
export function mediaOf(mime: string): W.MediaType {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'file';
}

/**
 * A task file as a work shows it. A video's poster is its thumbnail when the engine made one
 * (a picture); audio has none (the card draws a player).
 */
export function toWorkFile(f: TaskFile): W.WorkFile {
  return {
    url: f.url,
    thumbUrl: f.thumbUrl,
    width: f.width,
    height: f.height,
    mime: f.mime,
    media: mediaOf(f.mime),
  };
}

/** Tags as stored: trimmed, without `#`, lower-cased duplicates dropped, in order. */
export function cleanTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.replace(/^#+/, '').trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}
