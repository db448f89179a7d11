import type { Kysely } from 'kysely';
import type { market as M } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { accountsOf } from '../auth/index.js';
import { filesOfIds, fileUrl, withoutPrivateFiles } from '../files/index.js';
import { marksOf } from './marks.js';

/**
 * The prompts; their author's name and their example's and poster's files are added by
 * `completeRows` (auth's `accountsOf`, files' `filesOfIds`).
 */
export const promptQuery = (db: Kysely<Database>) => db.selectFrom('market_prompts as p');

/** The columns `toPrompt` reads. */
export const promptColumns = [
  'p.id',
  'p.user_id',
  'p.category_id',
  'p.title',
  'p.description',
  'p.prompt',
  'p.negative_prompt',
  'p.kind',
  'p.model_id',
  'p.model_name',
  'p.params',
  'p.tags',
  'p.like_count',
  'p.collect_count',
  'p.use_count',
  'p.report_count',
  'p.featured',
  'p.example',
  'p.hidden',
  'p.hidden_reason',
  'p.hidden_at',
  'p.created_at',
  'p.example_file_id',
  'p.poster_file_id',
] as const;

/** A prompt as `promptColumns` read it. */
export interface PromptBase {
  id: number;
  user_id: number;
  category_id: number | null;
  title: string;
  description: string;
  prompt: string;
  negative_prompt: string;
  kind: string;
  model_id: number | null;
  model_name: string;
  params: string;
  tags: string;
  like_count: number;
  collect_count: number;
  use_count: number;
  report_count: number;
  featured: number;
  example: number;
  hidden: number;
  hidden_reason: string | null;
  hidden_at: string | null;
  created_at: string;
  example_file_id: number | null;
  poster_file_id: number | null;
}

/** A prompt with its author's name and its example's and poster's files. */
export interface PromptRow extends PromptBase {
  nickname: string;
  username: string | null;
  ex_key: string | null;
  ex_thumb: string | null;
  ex_mime: string | null;
  ex_width: number | null;
  ex_height: number | null;
  po_key: string | null;
  po_thumb: string | null;
}

const parse = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/**
 * A prompt's parameters as anyone may read them: links to files other than its own example
 * and poster are taken out (rows published before references were stored as keys hold the
 * author's signed links to private uploads).
 */
const ownFiles = (r: Pick<PromptRow, 'ex_key' | 'po_key'>) =>
  new Set([r.ex_key, r.po_key].filter((k): k is string => k !== null));

/** A prompt's text as anyone may read it: the same links taken out as from its parameters. */
export const publicText = (r: Pick<PromptRow, 'ex_key' | 'po_key'>, text: string) =>
  withoutPrivateFiles(text, ownFiles(r)) as string;

export function publicParams(r: Pick<PromptRow, 'params' | 'ex_key' | 'po_key'>) {
  const own = ownFiles(r);
  return withoutPrivateFiles(parse<Record<string, unknown>>(r.params, {}), own) as Record<
    string,
    unknown
  >;
}

/** A prompt as the API sends it; example links are signed, so anyone may load them. */
export function toPrompt(
  ctx: AppContext,
  r: PromptRow,
  viewer: number | null,
  marks: { liked: Set<number>; collected: Set<number> },
): M.AdminPrompt {
  const thumbKey = r.po_thumb ?? r.po_key ?? r.ex_thumb ?? r.ex_key;
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    prompt: publicText(r, r.prompt),
    negativePrompt: publicText(r, r.negative_prompt),
    kind: r.kind,
    modelId: r.model_id,
    modelName: r.model_name,
    params: publicParams(r),
    tags: parse<string[]>(r.tags, []),
    categoryId: r.category_id,
    example:
      r.ex_key && thumbKey
        ? {
            url: fileUrl(ctx, r.ex_key),
            thumbUrl: fileUrl(ctx, thumbKey),
            mime: r.ex_mime ?? '',
            width: Number(r.ex_width ?? 0),
            height: Number(r.ex_height ?? 0),
          }
        : null,
    author: { id: r.user_id, name: r.nickname || r.username || `#${r.user_id}` },
    likeCount: Number(r.like_count),
    collectCount: Number(r.collect_count),
    useCount: Number(r.use_count),
    featured: Number(r.featured) === 1,
    ...(Number(r.example) === 1 ? { isExample: true } : {}),
    hidden: Number(r.hidden) === 1,
    hiddenReason: r.hidden_reason,
    liked: marks.liked.has(r.id),
    collected: marks.collected.has(r.id),
    mine: viewer === r.user_id,
    createdAt: r.created_at,
    reportCount: Number(r.report_count),
    hiddenAt: r.hidden_at,
  };
}

/** Rows to API prompts with the viewer's likes and collections. */
/** Prompts with their author's name and their example's and poster's files. */
export async function completeRows(ctx: AppContext, bases: PromptBase[]): Promise<PromptRow[]> {
  const db = ctx.db.kysely;
  const fileIds = bases.flatMap((b) => [b.example_file_id, b.poster_file_id]);
  const [authors, files] = await Promise.all([
    accountsOf(
      db,
      bases.map((b) => b.user_id),
    ),
    filesOfIds(db, [...new Set(fileIds.filter((id): id is number => id !== null))]),
  ]);
  const byId = new Map(files.map((f) => [f.id, f]));
  return bases.map((b) => {
    const ex = b.example_file_id === null ? undefined : byId.get(b.example_file_id);
    const po = b.poster_file_id === null ? undefined : byId.get(b.poster_file_id);
    const author = authors.get(b.user_id);
    return {
      ...b,
      nickname: author?.nickname ?? '',
      username: author?.username ?? null,
      ex_key: ex?.key ?? null,
      ex_thumb: ex?.thumb_key ?? null,
      ex_mime: ex?.mime ?? null,
      ex_width: ex?.width ?? null,
      ex_height: ex?.height ?? null,
      po_key: po?.key ?? null,
      po_thumb: po?.thumb_key ?? null,
    };
  });
}

export async function toPrompts(
  ctx: AppContext,
  bases: PromptBase[],
  viewer: number | null,
): Promise<M.AdminPrompt[]> {
  const rows = await completeRows(ctx, bases);
  const marks = await marksOf(
    ctx.db.kysely,
    viewer,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toPrompt(ctx, r, viewer, marks));
}

/** Drops the operator-only fields. */
export const forUser = ({ reportCount: _r, hiddenAt: _h, ...p }: M.AdminPrompt): M.MarketPrompt =>
  p;

/** `%word%` for a LIKE, without the caller's wildcards, lower-cased (compare with lower()). */
export const likePattern = (keyword: string | undefined): string | null => {
  const k = keyword
    ?.replace(/[%_\\]/g, '')
    .trim()
    .toLowerCase();
  return k ? `%${k}%` : null;
};
