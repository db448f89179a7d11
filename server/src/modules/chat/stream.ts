import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chat as C } from '@atelier/contracts';
import { nowIso } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { authorize } from '../../http/identity.js';
import { common, format, langOf } from '../../http/messages.js';
import {
  chatAdapterFor,
  countMessageTokens,
  countTokens,
  OUTLINE_MARKER,
  UpstreamError,
  type ChatAdapter,
  type ChatMessage,
  type ChatUsage,
} from '../../providers/chat/index.js';
import {
  hold,
  notEnoughCredits,
  pricing,
  release,
  settle,
  type Pricing,
} from '../credits/index.js';
import { FILES_PREFIX, isFilesLink, keyOfUrl, readOwnedImage } from '../files/index.js';
import { usableByok, usableModel } from './catalog.js';
import { guardedLookup } from './url-guard.js';
import { defaultTitles, ownGroup, titleFrom } from './groups.js';
import { texts } from './messages.js';

export const MIND_SYSTEM_PROMPT =
  `${OUTLINE_MARKER} You write mind-map outlines. Answer ONLY with a markdown outline of the ` +
  'topic the user gives: one "#" title, "##" branches and "-" leaves, short phrases, no prose, ' +
  'in the language of the request.';

/** BYOK endpoints declare no window: this is what we trim to and ask for at most. */
const BYOK_CONTEXT_WINDOW = 16_384;
const BYOK_MAX_OUTPUT = 4096;

/** A counting semaphore per provider (its `concurrency`); waiting stops when the client leaves. */
class Slots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(public limit: number) {}
  async acquire(signal: AbortSignal): Promise<boolean> {
    if (this.active < this.limit) {
      this.active++;
      return true;
    }
    return new Promise<boolean>((resolve) => {
      const go = () => {
        signal.removeEventListener('abort', stop);
        this.active++;
        resolve(true);
      };
      const stop = () => {
        const i = this.waiting.indexOf(go);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve(false);
      };
      signal.addEventListener('abort', stop, { once: true });
      this.waiting.push(go);
    });
  }
  releaseOne(): void {
    this.active--;
    const next = this.waiting.shift();
    if (next) next();
  }
}

interface Target {
  adapter: ChatAdapter;
  upstreamModel: string;
  modelName: string;
  providerKey: string;
  concurrency: number;
  timeoutMs: number;
  contextWindow: number;
  maxOutput: number;
  vision: boolean;
  systemPrompt: string;
  /** null: a user's own endpoint, no credits. */
  priceKey: string | null;
}

type Line = C.ChatStreamLine;

/** Users' own endpoints connect only to the address checked when the name was resolved. */
const byokLookup = guardedLookup();

export function streamRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const activeByUser = new Map<number, number>();
  const providerSlots = new Map<string, Slots>();
  const slotsFor = (key: string, limit: number) => {
    let s = providerSlots.get(key);
    if (!s) providerSlots.set(key, (s = new Slots(limit)));
    s.limit = limit;
    return s;
  };

  async function resolveTarget(body: C.ChatProcessBody, userId: number): Promise<Target> {
    if (body.gptModelUserId) {
      const { row, apiKey } = await usableByok(ctx, Number(body.gptModelUserId), userId);
      return {
        adapter: chatAdapterFor({
          protocol: 'openai',
          baseUrl: row.base_url,
          apiKey,
          ...(ctx.config.chat.byokAllowPrivate ? {} : { lookup: byokLookup }),
        }),
        upstreamModel: row.model,
        modelName: row.name,
        providerKey: `byok:${row.id}`,
        concurrency: 4,
        timeoutMs: 60_000,
        contextWindow: BYOK_CONTEXT_WINDOW,
        maxOutput: BYOK_MAX_OUTPUT,
        vision: row.vision === 1,
        systemPrompt: '',
        priceKey: null,
      };
    }
    if (!body.gptModelId) throw badRequest(texts.modelRequired, {}, 'gptModelId');
    const { model, provider } = await usableModel(ctx, Number(body.gptModelId), userId);
    return {
      adapter: chatAdapterFor(provider),
      upstreamModel: model.upstream_model,
      modelName: model.name,
      providerKey: `p:${provider.id}`,
      concurrency: provider.concurrency,
      timeoutMs: provider.timeoutMs,
      contextWindow: model.context_window,
      maxOutput: model.max_output,
      vision: model.vision === 1,
      systemPrompt: model.system_prompt,
      priceKey: model.price_key,
    };
  }

  /** Earlier messages of the group, newest kept first, within the token budget. */
  async function contextMessages(groupId: number, userId: number, budget: number) {
    const rows = await ctx.db.kysely
      .selectFrom('chat_logs')
      .select(['role', 'content'])
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .where('content', '!=', '')
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
    const picked: ChatMessage[] = [];
    let used = 0;
    for (const r of rows) {
      const m: ChatMessage = { role: r.role, content: r.content };
      const cost = countMessageTokens([m]) - 2;
      if (used + cost > budget) break;
      used += cost;
      picked.push(m);
    }
    return picked.reverse();
  }

  async function handle(req: FastifyRequest, reply: FastifyReply, mind: boolean) {
    const identity = req.identity!;
    const userId = identity.userId;
    const lang = langOf(req);
    const body = req.body as C.ChatProcessBody;
    const options = C.chatOptions.parse(body.options);
    const groupId = options.groupId;
    if (!mind && !groupId) throw badRequest(texts.groupRequired, {}, 'options.groupId');
    const group = groupId ? await ownGroup(ctx.db.kysely, groupId, userId) : null;
    // An app in use fixes the system prompt, and the model when it names one; the group's app
    // wins over what the client sends.
    const appId = group?.app_id ?? (body.appId ? Number(body.appId) : null);
    const inUse = appId && !mind ? await ctx.hooks.appPrompt(ctx, { appId, userId, lang }) : null;
    const target = await resolveTarget(
      inUse?.modelId ? { ...body, gptModelId: inUse.modelId, gptModelUserId: undefined } : body,
      userId,
    );
    if (body.image_url && !target.vision) throw badRequest(texts.noVision, {}, 'image_url');

    // System message: fixed by the app in use, else the user's settings, else the model's.
    const system = mind
      ? MIND_SYSTEM_PROMPT
      : (inUse?.systemPrompt ?? (body.systemMessage?.trim() || target.systemPrompt));
    // The upstream cannot reach this server: the user's own upload goes as a data: URL, and a
    // file of ours that is not theirs is a 404.
    let imageUrl = body.image_url;
    // Our own picture is saved as its path: a signed link would expire in the history.
    const pictureKey = imageUrl ? keyOfUrl(imageUrl) : null;
    const storedPicture = pictureKey ? `${FILES_PREFIX}${pictureKey}` : (body.image_url ?? null);
    if (imageUrl && !pictureKey && isFilesLink(imageUrl)) throw notFound();
    if (imageUrl && pictureKey) {
      const own = await readOwnedImage(ctx, userId, imageUrl);
      if (!own) throw notFound();
      imageUrl = `data:${own.mime};base64,${own.bytes.toString('base64')}`;
    }
    const userMessage: ChatMessage = {
      role: 'user',
      content: imageUrl
        ? [
            { type: 'text', text: body.prompt },
            { type: 'image_url', image_url: { url: imageUrl } },
          ]
        : body.prompt,
    };
    const head: ChatMessage[] = system ? [{ role: 'system', content: system }] : [];
    const fixedTokens = countMessageTokens([...head, userMessage]);
    const budget = target.contextWindow - target.maxOutput - fixedTokens;
    const history =
      !mind && group && options.usingContext && budget > 0
        ? await contextMessages(group.id, userId, budget)
        : [];
    const messages = [...head, ...history, userMessage];
    const promptTokens = countMessageTokens(messages);
    const maxTokens = Math.max(16, Math.min(target.maxOutput, target.contextWindow - promptTokens));

    const limit = ctx.config.chat.userConcurrency;
    const active = activeByUser.get(userId) ?? 0;
    if (active >= limit) throw new AppError(429, texts.tooManyChats, { limit });
    activeByUser.set(userId, active + 1);
    const done = () => {
      const n = (activeByUser.get(userId) ?? 1) - 1;
      if (n <= 0) activeByUser.delete(userId);
      else activeByUser.set(userId, n);
    };

    let held = 0;
    // The price is read once: the largest answer is held now, the real usage charged at the end.
    let price: Pricing | null = null;
    try {
      if (target.priceKey) {
        price = await pricing(ctx.db.kysely, { priceKey: target.priceKey, userId });
        held = price.cost({ inputTokens: promptTokens, outputTokens: maxTokens });
        // A read refuses a short balance before anything is sent. The hold itself is written
        // while the model starts (in run()); a balance spent in between cuts the call there.
        if (price.available < held) throw notEnoughCredits(held, price.available);
      }
    } catch (error) {
      done();
      throw error;
    }

    let userLogId = 0;
    let assistantLogId = 0;
    /** Both messages, and the group's title and time. */
    const saveMessages = async (trx: Executor, group: { id: number; title: string }) => {
      const now = nowIso();
      const logBase = {
        user_id: userId,
        group_id: group.id,
        app_id: appId,
        model: target.modelName,
        prompt_tokens: 0,
        completion_tokens: 0,
        credits: 0,
        created_at: now,
      };
      const ids = await trx
        .insertInto('chat_logs')
        .values([
          {
            ...logBase,
            role: 'user',
            content: body.prompt,
            image_url: storedPicture,
            status: 'done',
          },
          { ...logBase, role: 'assistant', content: '', image_url: null, status: 'partial' },
        ])
        .returning('id')
        .execute();
      [userLogId, assistantLogId] = ids.map((r) => r.id).sort((a, b) => a - b) as [number, number];
      await trx
        .updateTable('chat_groups')
        .set({
          ...(defaultTitles.has(group.title) ? { title: titleFrom(body.prompt) } : {}),
          updated_at: now,
        })
        .where('id', '=', group.id)
        .execute();
    };

    const out = new PassThrough();
    const controller = new AbortController();
    let finished = false;
    reply.raw.on('close', () => {
      if (!finished) controller.abort(new Error('client closed'));
    });
    // Left while the reads above ran: the upstream is not called at all.
    if (reply.raw.destroyed) controller.abort(new Error('client closed'));
    // Lines produced in the same turn of the event loop leave in one write (fewer syscalls
    // under load, no added wait: the flush runs right after the current I/O callbacks).
    let pending = '';
    let flushing = false;
    const flush = () => {
      flushing = false;
      if (pending && !out.destroyed) out.write(pending);
      pending = '';
    };
    let wroteFirst = false;
    const write = (line: Line) => {
      pending += `${JSON.stringify(line)}\n`;
      if (!wroteFirst) {
        // The first line leaves at once: time to first byte matters most. Node corks the
        // socket until the next tick, which waits for every chunk of this network read to be
        // relayed; uncorking sends it now.
        wroteFirst = true;
        flush();
        const socket = reply.raw.socket;
        if (socket?.writableCorked) socket.uncork();
        return;
      }
      if (!flushing) {
        flushing = true;
        setImmediate(flush);
      }
    };
    const base = { id: 0, groupId: group?.id ?? 0 };

    const run = async () => {
      let text = '';
      let upstreamUsage: ChatUsage | null = null;
      let failure: UpstreamError | null = null;
      /** Set when the hold or the messages could not be written: no call, no charge. */
      let refusal: string | null = null;
      let holdId: number | null = null;
      const slots = slotsFor(target.providerKey, target.concurrency);
      const got = await slots.acquire(controller.signal);
      try {
        // The request leaves first; the messages are saved while the model starts to answer.
        const chunks = got
          ? target.adapter.stream({
              model: target.upstreamModel,
              messages,
              maxTokens,
              ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
              ...(options.top_p !== undefined ? { topP: options.top_p } : {}),
              signal: controller.signal,
              timeoutMs: target.timeoutMs,
              ...(inUse ? { persona: inUse.name } : {}),
              language: lang,
            })
          : [];
        // SQLite answers synchronously: yield once so that the request is on the wire first.
        if (got) await new Promise<void>((resolve) => setImmediate(resolve));
        try {
          await ctx.db.kysely.transaction().execute(async (trx) => {
            if (target.priceKey)
              holdId = (
                await hold(trx, {
                  userId,
                  amount: held,
                  ref: `chat:${group?.id ?? 'mind'}`,
                  priceKey: target.priceKey,
                  ttlSeconds: Math.ceil(target.timeoutMs / 1000) * 4 + 600,
                })
              ).holdId;
            if (group) await saveMessages(trx, group);
          });
        } catch (error) {
          // Nothing was written: the call is cut and the user reads why.
          controller.abort(error);
          if (!(error instanceof AppError))
            ctx.log.error({ err: error }, 'chat hold or messages could not be written');
          refusal =
            error instanceof AppError
              ? format(error.text, lang, error.params)
              : format(common.somethingWentWrong, lang);
          throw error;
        }
        base.id = assistantLogId;
        for await (const chunk of chunks) {
          if ('delta' in chunk) {
            text += chunk.delta;
            write({ ...base, text, delta: chunk.delta, done: false });
          } else upstreamUsage = chunk.usage;
        }
      } catch (error) {
        failure =
          error instanceof UpstreamError
            ? error
            : new UpstreamError((error as Error).message, 'network');
        if (!refusal)
          ctx.log.warn(
            { err: error, model: target.upstreamModel, provider: target.providerKey },
            'chat upstream failed',
          );
      } finally {
        if (got) slots.releaseOne();
      }
      const gone = controller.signal.aborted && !failure;
      // What was relayed leaves before the settlement's queries run.
      flush();

      let cost = 0;
      let balance: number | null = null;
      let usage: NonNullable<Line['usage']>;
      if (upstreamUsage && !gone) usage = { ...upstreamUsage, source: 'upstream' };
      else usage = { promptTokens, completionTokens: countTokens(text), source: 'estimate' };
      const charge = !failure && (!gone || text !== '');
      const logUpdate = (trx: typeof ctx.db.kysely) =>
        Promise.all([
          trx
            .updateTable('chat_logs')
            .set({
              content: text,
              status: failure ? 'error' : gone ? 'partial' : 'done',
              prompt_tokens: charge ? usage.promptTokens : 0,
              completion_tokens: charge ? usage.completionTokens : 0,
              credits: cost,
            })
            .where('id', '=', assistantLogId)
            .execute(),
          charge
            ? trx
                .updateTable('chat_logs')
                .set({ prompt_tokens: usage.promptTokens })
                .where('id', '=', userLogId)
                .execute()
            : null,
        ]);
      try {
        // One transaction: the settle (or release) and the saved answer commit together.
        await ctx.db.kysely.transaction().execute(async (trx) => {
          if (holdId !== null) {
            if (charge) {
              const actual = price!.cost({
                inputTokens: usage.promptTokens,
                outputTokens: usage.completionTokens,
              });
              const settled = await settle(trx, { holdId, actualAmount: Math.min(actual, held) });
              cost = settled.charged;
              balance = settled.balanceAfter;
            } else balance = (await release(trx, { holdId })).balanceAfter;
          }
          if (assistantLogId) await logUpdate(trx);
        });
        balance ??= (await ctx.balances.read(userId)).credits;
      } catch (error) {
        ctx.log.error(
          { err: error, holdId },
          'chat settlement failed (the hold sweeper returns it)',
        );
        // The answer is kept even when the charge could not be written.
        cost = 0;
        balance = null;
        if (assistantLogId) await logUpdate(ctx.db.kysely).catch(() => undefined);
      }
      finished = true;
      write({
        ...base,
        text,
        delta: '',
        done: true,
        ...(charge ? { usage } : {}),
        cost,
        ...(balance !== null ? { credits: balance } : {}),
        ...(refusal
          ? { error: refusal }
          : failure
            ? { error: format(texts.upstreamFailed, lang, { reason: failure.message }) }
            : {}),
      });
      flush();
      out.end();
    };

    reply
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no');
    run()
      .catch((error: unknown) => {
        ctx.log.error({ err: error }, 'chat stream failed');
        flush();
        out.end();
      })
      .finally(done);
    return reply.send(out);
  }

  for (const [endpoint, mind] of [
    [C.chatProcess, false],
    [C.chatMind, true],
  ] as const)
    app.route({
      method: 'POST',
      url: endpoint.path,
      schema: {
        summary: endpoint.summary,
        tags: [...endpoint.tags],
        body: endpoint.body,
        security: [{ bearer: [] }, { guestId: [] }],
      },
      bodyLimit: 16 * 1024 * 1024,
      config: { rateLimit: { max: ctx.config.chat.rateLimit, timeWindow: 60_000 } },
      preValidation: async (req) => authorize(ctx, req, endpoint.access),
      handler: (req, reply) => handle(req, reply, mind),
    });
}
