import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { TaskStatus } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { readTasks } from '../tasks/index.js';
import { mediaOf } from './media.js';
import { isListed, workRowsOf } from './service.js';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The page tags of a listed work, or null (private, hidden, gone: the share link is a 404). */
export async function shareTags(ctx: AppContext, id: number): Promise<string | null> {
  const w = (await workRowsOf(ctx, [id])).get(id);
  if (!isListed(w)) return null;
  const [task] = await readTasks(ctx, [id]);
  if (!task || task.status !== TaskStatus.succeeded) return null;
  const base = ctx.config.publicUrl;
  const title = w.title || task.prompt.slice(0, 80) || `#${id}`;
  const description = (w.description || task.prompt).slice(0, 300);
  const first = task.files[0];
  const picture = first ? (mediaOf(first.mime) === 'image' ? first.url : first.thumbUrl) : null;
  const tags = [
    `<title>${escape(title)}</title>`,
    `<meta name="description" content="${escape(description)}">`,
    `<meta property="og:type" content="article">`,
    `<meta property="og:title" content="${escape(title)}">`,
    `<meta property="og:description" content="${escape(description)}">`,
    `<meta property="og:url" content="${escape(`${base}/s/${id}`)}">`,
    ...(picture ? [`<meta property="og:image" content="${escape(base + picture)}">`] : []),
    ...(first?.width ? [`<meta property="og:image:width" content="${first.width}">`] : []),
    ...(first?.height ? [`<meta property="og:image:height" content="${first.height}">`] : []),
    `<meta name="twitter:card" content="summary_large_image">`,
  ];
  return tags.join('\n    ');
}

/**
 * `/s/<id>`: a published work's share link. Chat apps read the title, description and Open
 * Graph picture from the HTML itself, so the server writes them into the web app's
 * index.html (its own <title> and description replaced); the app then shows the work. Private,
 * hidden and missing works answer 404 (the same for all), never a preview.
 */
export function sharePage(app: FastifyInstance): void {
  const ctx = app.ctx;
  let index: string | null = null;
  const readIndex = () => {
    if (index !== null) return index;
    const file = path.join(path.resolve(ctx.config.webDist || '.'), 'index.html');
    index = ctx.config.webDist && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    return index;
  };
  app.get<{ Params: { id: string } }>('/s/:id', { schema: { hide: true } }, async (req, reply) => {
    const id = /^\d{1,12}$/.test(req.params.id) ? Number(req.params.id) : 0;
    const tags = id ? await shareTags(ctx, id) : null;
    const html =
      readIndex() || '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>';
    // The tags carry the author's words: a replacement function, never a replacement string
    // (in which `$'`, `$&` or `` $` `` would splice parts of index.html into the page).
    const page = tags
      ? html
          .replace(/<title>[^<]*<\/title>\s*/i, () => '')
          .replace(/<meta name="description"[^>]*>\s*/i, () => '')
          .replace(/<head>/i, () => `<head>\n    ${tags}`)
      : html;
    return reply
      .code(tags ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page);
  });
}
