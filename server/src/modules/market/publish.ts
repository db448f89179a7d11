import type { market as M } from '@atelier/contracts';
import { TaskStatus } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { AppError, badRequest } from '../../http/errors.js';
import { storageOf } from '../../storage/index.js';
import { modelNames } from '../providers/index.js';
import { deleteFiles, keyOfUrl, storeFile, withoutPrivateFiles } from '../files/index.js';
import { getTask, type TaskRow } from '../tasks/index.js';
import { texts } from './messages.js';

type PublishBody = M.PublishBody;

/**
 * A copy of one stored file owned by the author (the task, and its files, may be deleted). It
 * is free to ask for again and again, so it counts against the author's storage quota (413).
 */
async function copyFile(ctx: AppContext, userId: number, key: string, mime: string, name?: string) {
  const got = await storageOf(ctx.config).get(key);
  if (!got) return null;
  const bytes = got.bytes;
  return storeFile(ctx, { userId, origin: 'result', bytes, mime, name: name ?? '', quota: true });
}

/** The example and, for a non-picture, its still (the engine's thumbnail or poster). */
async function copyExample(ctx: AppContext, task: TaskRow) {
  const first = task.files[0]!;
  const example = await copyFile(ctx, task.userId, first.key, first.mime, first.name);
  let poster = null;
  const thumbKey = keyOfUrl(first.thumbUrl);
  if (example && !example.mime.startsWith('image/') && thumbKey && thumbKey !== first.key) {
    try {
      poster = await copyFile(ctx, task.userId, thumbKey, 'image/webp');
    } catch (error) {
      await deleteFiles(ctx, [example]); // no example without its poster (past the quota)
      throw error;
    }
  }
  return { exampleId: example?.id ?? null, posterId: poster?.id ?? null };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The model's name as the catalogue calls it now (or as the task kept it). */
async function modelName(ctx: AppContext, modelId: number | null, params: Record<string, unknown>) {
  if (modelId === null) return str(params.modelName);
  return (await modelNames(ctx.db.kysely, [modelId])).get(modelId) ?? str(params.modelName);
}

export async function checkCategory(ctx: AppContext, categoryId: number | null) {
  if (categoryId === null) return;
  const row = await ctx.db.kysely
    .selectFrom('market_categories')
    .select('id')
    .where('id', '=', categoryId)
    .executeTakeFirst();
  if (!row) throw badRequest(texts.categoryNotFound, {}, 'categoryId');
}

/**
 * Publishes a prompt. From a task: the owner's (another user's is a 404, like a missing one),
 * succeeded with a result; its prompt, kind, model and every stored parameter are copied (links
 * to the author's files taken out), with the first result as the example. From the prompt store: a chat prompt with no example.
 */
export async function publish(ctx: AppContext, userId: number, body: PublishBody): Promise<number> {
  await checkCategory(ctx, body.categoryId);
  let fields: {
    prompt: string;
    negative_prompt: string;
    kind: string;
    model_id: number | null;
    model_name: string;
    params: string;
    source_task_id: number | null;
    example_file_id: number | null;
    poster_file_id: number | null;
  };
  if (body.taskId !== undefined) {
    const task = await getTask(ctx, userId, body.taskId);
    if (task.status !== TaskStatus.succeeded || task.files.length === 0)
      throw new AppError(
        400,
        texts.taskNotFinished,
        {},
        {
          errors: [{ field: 'taskId', message: texts.taskNotFinished['en-US'] }],
        },
      );
    const modelId = typeof task.params.modelId === 'number' ? task.params.modelId : null;
    const { exampleId, posterId } = await copyExample(ctx, task);
    fields = {
      prompt: withoutPrivateFiles(task.prompt, new Set()) as string,
      negative_prompt: withoutPrivateFiles(str(task.params.negativePrompt), new Set()) as string,
      kind: task.kind,
      model_id: modelId,
      model_name: await modelName(ctx, modelId, task.params),
      // Its references (the author's uploads) stay private: only the example is published.
      params: JSON.stringify(withoutPrivateFiles(task.params, new Set())),
      source_task_id: task.id,
      example_file_id: exampleId,
      poster_file_id: posterId,
    };
  } else {
    fields = {
      prompt: body.prompt ?? '',
      negative_prompt: '',
      kind: 'chat',
      model_id: null,
      model_name: '',
      params: '{}',
      source_task_id: null,
      example_file_id: null,
      poster_file_id: null,
    };
  }
  const now = nowIso();
  const row = await ctx.db.kysely
    .insertInto('market_prompts')
    .values({
      user_id: userId,
      category_id: body.categoryId,
      title: body.title,
      description: body.description,
      tags: JSON.stringify(body.tags),
      ...fields,
      hidden_reason: null,
      hidden_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
