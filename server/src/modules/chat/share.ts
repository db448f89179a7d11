import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type * as Micromark from 'micromark';
import type * as MicromarkGfm from 'micromark-extension-gfm';
import type { chat as C } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Lang } from '../../http/messages.js';
import {
  FILES_PREFIX,
  fileUrl,
  ownLinkSigner,
  unsignFileLinks,
  withoutPrivateFiles,
} from '../files/index.js';
import { jsonList, messagesOf } from './groups.js';
import { texts } from './messages.js';
import type { ChatSharesTable } from './tables.js';

/**
 * Shared conversations (docs/chat.md, Share a conversation): a snapshot of the branch on screen,
 * public under an unguessable token until its owner revokes it, served as a small page of its
 * own (no script, no chat bundle) with its markdown rendered safely on the server.
 */

/** One message of a snapshot. Links to our files are kept as keys, signed afresh when shown. */
export interface SharedMessage {
  role: 'user' | 'assistant';
  content: string;
  model: string;
  /** The question's picture: one of the owner's files as `/api/files/<key>`, else null. */
  picture: string | null;
  /** An answer's numbered web sources and its tool calls (left out by older snapshots). */
  sources?: C.WebSource[];
  toolCalls?: C.ToolCall[];
}

interface Snapshot {
  messages: SharedMessage[];
  /** The owner's files the snapshot shows (their keys), signed afresh on every view. */
  keys: string[];
}

const FILE_KEY = /\/api\/files\/([A-Za-z0-9][A-Za-z0-9/_.-]*)/g;

/** 24 characters of base64url: 144 random bits. */
const newToken = () => randomBytes(18).toString('base64url');
export const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

const toShare = (r: Selectable<ChatSharesTable>): C.ChatShare => ({
  id: r.token,
  groupId: r.group_id,
  title: r.title,
  path: `/c/${r.token}`,
  messageCount: r.message_count,
  createdAt: r.created_at,
});

/**
 * Takes a snapshot of the user's group as it is shown (its branch on screen): the answers that
 * failed are left out, and links to files that are not the user's own are cut.
 */
export async function createShare(
  ctx: AppContext,
  group: { id: number; title: string; leaf_id: number | null },
  userId: number,
): Promise<C.ChatShare> {
  const db = ctx.db.kysely;
  const path = await messagesOf(db, group, userId);
  const raw = path
    .map(({ row }) => row)
    .filter((r) => r.content !== '' || (r.role === 'user' && r.image_url))
    .map((r) => ({
      role: r.role,
      content: unsignFileLinks(r.content),
      model: r.role === 'assistant' ? r.model : '',
      picture: r.image_url ? unsignFileLinks(r.image_url) : null,
      ...(r.role === 'assistant'
        ? {
            sources: jsonList<C.WebSource>(r.sources),
            toolCalls: jsonList<C.ToolCall>(r.tool_calls),
          }
        : {}),
    }));
  // Only the user's own files go into a share; anything else linked is cut.
  // The links themselves: an answer's pictures kept in our storage are links inside its text.
  const candidates = raw.flatMap((m) => [
    ...[...m.content.matchAll(FILE_KEY)].map((x) => x[0]),
    m.picture ?? '',
  ]);
  const sign = await ownLinkSigner(ctx, userId, candidates);
  const keys = new Set<string>();
  for (const text of candidates)
    for (const [, key] of text.matchAll(FILE_KEY))
      if (key && sign(`${FILES_PREFIX}${key}`)) keys.add(key);
  const messages = (withoutPrivateFiles(raw, keys) as SharedMessage[]).map((m) => ({
    ...m,
    // A question's picture that is not one of ours (another site's) is not shown.
    picture: m.picture && m.picture.startsWith(FILES_PREFIX) ? m.picture : null,
  }));
  const snapshot: Snapshot = { messages, keys: [...keys] };
  const row = await db
    .insertInto('chat_shares')
    .values({
      token: newToken(),
      user_id: userId,
      group_id: group.id,
      title: group.title,
      messages: JSON.stringify(snapshot),
      message_count: messages.length,
      created_at: nowIso(),
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toShare(row);
}

/** The user's shares that still answer, newest first. */
export async function sharesOf(db: Kysely<Database>, userId: number): Promise<C.ChatShare[]> {
  const rows = await db
    .selectFrom('chat_shares')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toShare);
}

/** Revokes one of the user's shares; whether there was one to revoke. */
export async function revokeShare(db: Kysely<Database>, token: string, userId: number) {
  const r = await db
    .updateTable('chat_shares')
    .set({ revoked_at: nowIso() })
    .where('token', '=', token)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** A live share by its token, or null (unknown, malformed or revoked: all alike). */
async function liveShare(db: Kysely<Database>, token: string) {
  if (!TOKEN.test(token)) return null;
  const row = await db
    .selectFrom('chat_shares')
    .selectAll()
    .where('token', '=', token)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

type Markdown = typeof Micromark & typeof MicromarkGfm;
let markdownModules: Promise<Markdown> | null = null;
/** micromark, loaded with the first shared page rather than at start (idle memory). */
const loadMarkdown = () =>
  (markdownModules ??= Promise.all([import('micromark'), import('micromark-extension-gfm')]).then(
    ([core, gfm]) => ({ ...core, ...gfm }),
  ));

/**
 * Markdown as HTML, safely: micromark escapes raw HTML and drops dangerous link protocols
 * (`javascript:`, `data:` …) by default; links to the share's own files are signed afresh.
 */
function markdownHtml(
  markdown: Markdown,
  ctx: AppContext,
  text: string,
  keys: ReadonlySet<string>,
  lang: Lang,
): string {
  const { micromark, gfm, gfmHtml } = markdown;
  const signed = text.replace(FILE_KEY, (link, key: string) =>
    keys.has(key) ? fileUrl(ctx, key) : link,
  );
  const html = micromark(signed, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
  return html.replace(MICROMARK_IMAGE, (img, src: string) =>
    isSitePath(src) ? img : remotePictureLink(src, lang),
  );
}

/** An image as micromark writes it (`src` attribute-escaped, the alt and title after it). */
const MICROMARK_IMAGE = /<img src="([^"]*)"[^>]*>/g;

/** A path on this site (`/api/files/…`), not another site's address (`//host/…` is one). */
const isSitePath = (src: string) => src === '' || /^\/(?![/\\])/.test(src);

/**
 * Another site's picture in an answer, as a link naming its host: the page loads nothing from
 * another site by itself (an answer could carry the conversation out in a picture's address),
 * and its policy would block the picture anyway. The reader may open it in a new tab.
 */
function remotePictureLink(src: string, lang: Lang): string {
  let host: string;
  try {
    host = new URL(src.replaceAll('&amp;', '&'), 'https://invalid.invalid').host;
  } catch {
    host = '';
  }
  const label = texts.shareRemotePicture[lang].replace('{host}', () => host);
  return `<a class="remote-picture" href="${src}" rel="noopener noreferrer nofollow" target="_blank">${escape(label)}</a>`;
}

/**
 * An answer's tool calls, folded as in the chat (`<details>`, no script): the name and time on
 * the summary; opened, the arguments and the result, all escaped. A failed call is marked.
 */
function toolCallsHtml(calls: C.ToolCall[] | undefined, lang: Lang): string {
  if (!calls?.length) return '';
  return calls
    .map(
      (c) =>
        `<details class="tool" data-testid="shared-tool-call"><summary>${escape(
          texts.shareToolCall[lang].replace('{name}', () => c.name),
        )} · ${c.ms} ms${c.ok ? '' : ` · ${escape(texts.shareToolFailed[lang])}`}</summary>` +
        `<div class="label">${escape(texts.shareToolArguments[lang])}</div><pre><code>${escape(c.arguments)}</code></pre>` +
        `<div class="label">${escape(texts.shareToolResult[lang])}</div><pre><code>${escape(c.result)}</code></pre></details>`,
    )
    .join('');
}

/** An answer's numbered sources under it: number, title, domain, link (http(s) only). */
function sourcesHtml(sources: C.WebSource[] | undefined, lang: Lang): string {
  if (!sources?.length) return '';
  const items = sources.map((s) => {
    const title = escape(s.title || s.url);
    const link = /^https?:\/\//i.test(s.url)
      ? `<a href="${escape(s.url)}" rel="noopener noreferrer nofollow" target="_blank">${title}</a>`
      : title;
    return `<li data-testid="shared-source">[${s.n}] ${link} <span class="domain">${escape(s.domain)}</span></li>`;
  });
  return `<div class="sources"><div class="label">${escape(texts.shareSources[lang])}</div><ol>${items.join('')}</ol></div>`;
}

const STYLE = `
body{margin:0;background:#14141b;color:#e8e8ee;font:15px/1.7 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:820px;margin:0 auto;padding:24px 16px 64px}
header{border-bottom:1px solid #2c2c38;margin-bottom:24px;padding-bottom:12px}
h1{font-size:22px;margin:0 0 4px}
.meta{color:#9a9aab;font-size:13px}
.msg{margin:18px 0}
.user{display:flex;flex-direction:column;align-items:flex-end}
.user .bubble{background:#2a2a36;border-radius:16px;padding:8px 14px;max-width:80%;white-space:pre-wrap;word-break:break-word}
.user img{max-width:70%;max-height:240px;border-radius:12px;margin-bottom:6px}
.answer{word-break:break-word}
.answer .model{color:#9a9aab;font-size:12px}
.answer img{max-width:100%;border-radius:8px}
pre{background:#0d0d12;border-radius:8px;padding:10px;overflow:auto}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px}
table{border-collapse:collapse}td,th{border:1px solid #2c2c38;padding:4px 8px}
a{color:#9b8cff}
.remote-picture{display:inline-block;border:1px dashed #4a4a5c;border-radius:8px;padding:6px 10px;font-size:13px}
footer{margin-top:40px;color:#9a9aab;font-size:13px}
details.tool{border:1px solid #2c2c38;border-radius:8px;padding:4px 10px;margin:6px 0;font-size:13px}
details.tool summary{cursor:pointer;color:#c8c8d4}
.label{color:#9a9aab;font-size:12px;margin-top:6px}
.sources{border-top:1px solid #2c2c38;margin-top:8px;padding-top:6px;font-size:13px}
.sources ol{list-style:none;margin:4px 0;padding:0}
.domain{color:#9a9aab;margin-left:6px}
`;

const page = (lang: Lang, head: string, body: string) =>
  `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${head}
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;

/** The shared page of a token: 200 with the conversation, or 404 (unknown or revoked). */
export async function sharedPage(
  ctx: AppContext,
  token: string,
  lang: Lang,
): Promise<{ status: 200 | 404; html: string }> {
  const row = await liveShare(ctx.db.kysely, token);
  if (!row)
    return {
      status: 404,
      html: page(
        lang,
        `<title>${escape(texts.shareGone[lang])}</title>`,
        `<header><h1>${escape(texts.shareGone[lang])}</h1></header><p>${escape(texts.shareGoneHint[lang])}</p><p><a href="/">${escape(texts.shareHome[lang])}</a></p>`,
      ),
    };
  const snapshot = JSON.parse(row.messages) as Snapshot;
  const keys = new Set(snapshot.keys);
  const firstQuestion = snapshot.messages.find((m) => m.role === 'user')?.content ?? '';
  const description = [...firstQuestion.replace(/\s+/g, ' ').trim()].slice(0, 200).join('');
  const url = `${ctx.config.publicUrl}/c/${row.token}`;
  const head = [
    `<title>${escape(row.title)}</title>`,
    `<meta name="description" content="${escape(description)}">`,
    `<meta property="og:type" content="article">`,
    `<meta property="og:title" content="${escape(row.title)}">`,
    `<meta property="og:description" content="${escape(description)}">`,
    `<meta property="og:url" content="${escape(url)}">`,
    `<meta name="twitter:card" content="summary">`,
  ].join('\n');
  const markdown = await loadMarkdown();
  const items = snapshot.messages.map((m) => {
    if (m.role === 'user') {
      const key = m.picture ? m.picture.slice(FILES_PREFIX.length) : null;
      const img = key && keys.has(key) ? `<img src="${escape(fileUrl(ctx, key))}" alt="">` : '';
      return `<section class="msg user" data-role="user">${img}<div class="bubble">${escape(m.content)}</div></section>`;
    }
    return `<section class="msg answer" data-role="assistant"><div class="model">${escape(m.model)}</div>${toolCallsHtml(m.toolCalls, lang)}${markdownHtml(markdown, ctx, m.content, keys, lang)}${sourcesHtml(m.sources, lang)}</section>`;
  });
  const shared = new Date(row.created_at).toISOString().slice(0, 10);
  const body = [
    `<header><h1>${escape(row.title)}</h1><div class="meta">${escape(
      texts.shareMeta[lang].replace('{date}', shared),
    )}</div></header>`,
    ...items,
    `<footer><a href="/">${escape(texts.shareHome[lang])}</a></footer>`,
  ].join('\n');
  return { status: 200, html: page(lang, head, body) };
}
