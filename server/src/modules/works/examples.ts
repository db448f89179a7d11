import fs from 'node:fs';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { notesOfChild } from '../../lib/notes-child.js';
import { renderRecipe } from '../../providers/image/demo-render.js';
import { examplesAccount, examplesAccountId } from '../auth/index.js';
import { deleteFiles, fileOfKey, storeFile, type FileRow } from '../files/index.js';
import { deleteTasks, insertFinishedTask, readTasks, toStoredFiles } from '../tasks/index.js';
import { saveWork } from './publishing.js';

/*
 * Example works (docs/works.md): at first start a new site's square is not empty. The offline
 * demo's painter makes each picture (real media, about 0.1 s each at 640 px); they belong to
 * the `atelier-examples` account, carry `example = 1` (an "Example" badge) and go in one click
 * (POST /admin/examples/remove). Made once: the account's existence says so, so a removal
 * stays removed after a restart.
 */

/** The examples: a Midjourney prompt each, with its title and tags. */
export const exampleWorks = [
  {
    prompt: 'misty mountain lake at sunrise, pine forest, soft golden light --ar 3:2',
    title: 'Morning on the lake',
    tags: ['landscape', 'sunrise'],
    seed: 11,
  },
  {
    prompt: 'neon city skyline at night, rain reflections, cyberpunk --ar 16:9',
    title: 'Neon rain',
    tags: ['city', 'night'],
    seed: 23,
  },
  {
    prompt: 'desert dunes under a huge moon, starry sky, calm --ar 3:2',
    title: 'Moon over the dunes',
    tags: ['landscape', 'night'],
    seed: 37,
  },
  {
    prompt: 'autumn valley with a river, red and orange trees, watercolor --ar 1:1',
    title: 'Autumn valley',
    tags: ['watercolor', 'autumn'],
    seed: 41,
  },
  {
    prompt: 'snowy peaks above the clouds, blue hour, minimal --ar 2:3',
    title: 'Above the clouds',
    tags: ['mountains', 'minimal'],
    seed: 53,
  },
  {
    prompt: 'tropical sea at sunset, palm islands, pink sky --ar 16:9',
    title: 'Island sunset',
    tags: ['sea', 'sunset'],
    seed: 67,
  },
];

/** Whether the examples were made once already (their account exists). */
async function madeBefore(ctx: AppContext): Promise<boolean> {
  const row = await ctx.db.kysely
    .selectFrom('works')
    .select('id')
    .where('example', '=', 1)
    .executeTakeFirst();
  if (row) return true;
  return (await examplesAccountId(ctx.db.kysely)) !== null;
}

/** Whether a start should make the examples: asked for, never made, no listed work yet. */
async function examplesWanted(ctx: AppContext): Promise<boolean> {
  if (!ctx.config.examples.seed) return false;
  if (await madeBefore(ctx)) return false;
  const listed = await ctx.db.kysely
    .selectFrom('works')
    .select('id')
    .where('listed', '=', 1)
    .executeTakeFirst();
  return !listed;
}

/**
 * Where the server process has the examples made by a process of its own
 * (cli/paint-examples.js), set by serve.ts; null: made in this process (tests, `npm run
 * admin`). Painting them, and the market's example prompts copied from them, loads sharp and
 * libvips, whose libraries, threads and freed buffers stayed resident in the server after a
 * first start: about 20 MB over a restart's idle memory (docs/scaling.md, Idle memory).
 */
let painter: string | null = null;

/** Makes this process have the examples made by `script` (a file that may be absent). */
export function paintExamplesApart(script: string | null): void {
  painter = script;
}

/**
 * On a start that should make the examples, with a painter script set and built: runs it and
 * answers the lines it printed (`note: ...`, the works' and the market's seed notes); a failure
 * throws. Otherwise null, and the modules' seeds make them here.
 */
export async function examplesApart(ctx: AppContext): Promise<string[] | null> {
  const script = painter;
  if (!script || !fs.existsSync(script) || !(await examplesWanted(ctx))) return null;
  return notesOfChild(script, 'making the example works');
}

/**
 * Makes the example works on a fresh install, unless `SEED_EXAMPLES=false` or a site already
 * has listed works. Returns how many it made.
 */
export async function seedExampleWorks(ctx: AppContext): Promise<number> {
  if (!(await examplesWanted(ctx))) return 0;
  return paintExamples(ctx);
}

async function paintExamples(ctx: AppContext): Promise<number> {
  const userId = await examplesAccount(ctx.db.kysely);
  for (const w of exampleWorks) {
    const picture = await renderRecipe({ prompt: w.prompt, seed: w.seed, steps: [] }, 640);
    const file = await storeFile(ctx, { userId, origin: 'result', bytes: picture.png });
    const id = await insertFinishedTask(ctx, {
      userId,
      kind: 'mj',
      action: 'imagine',
      prompt: w.prompt,
      params: { seed: w.seed },
      files: toStoredFiles([file]),
    });
    const now = nowIso();
    await saveWork(
      ctx.db.kysely,
      { id, userId, kind: 'mj' },
      {
        title: w.title,
        description: '',
        tags: JSON.stringify(w.tags),
        is_public: 1,
        listed: 1,
        published_at: now,
        updated_at: now,
        example: 1,
      },
      w.tags,
      now,
    );
  }
  return exampleWorks.length;
}

/** The example works' task ids (the market makes its example prompts from them). */
export async function exampleWorkIds(ctx: AppContext): Promise<{ userId: number; ids: number[] }> {
  const rows = await ctx.db.kysely
    .selectFrom('works')
    .select(['id', 'user_id'])
    .where('example', '=', 1)
    .orderBy('id')
    .execute();
  return { userId: rows[0]?.user_id ?? 0, ids: rows.map((r) => r.id) };
}

/** Deletes every example work with its task and files; answers how many went. */
export async function removeExampleWorks(ctx: AppContext): Promise<number> {
  const rows = await ctx.db.kysely
    .selectFrom('works')
    .select(['id', 'user_id'])
    .where('example', '=', 1)
    .execute();
  const files: FileRow[] = [];
  for (const task of await readTasks(
    ctx,
    rows.map((r) => r.id),
  ))
    for (const f of task.files) {
      const row = await fileOfKey(ctx, f.key);
      if (row) files.push(row);
    }
  let gone = 0;
  for (const userId of new Set(rows.map((r) => r.user_id)))
    gone += await deleteTasks(
      ctx,
      userId,
      rows.filter((r) => r.user_id === userId).map((r) => r.id),
    );
  await deleteFiles(ctx, files);
  return gone;
}

/** How many example works are left (the console's Examples card). */
export async function countExampleWorks(ctx: AppContext): Promise<number> {
  const row = await ctx.db.kysely
    .selectFrom('works')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('example', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
