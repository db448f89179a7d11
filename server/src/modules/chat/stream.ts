import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chat as C } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../http/errors.js';
import { authorize } from '../../http/identity.js';
import { common, format, langOf } from '../../http/messages.js';
import {
  countMessageTokens,
  countTokens,
  UpstreamError,
  type ChatMessage,
} from '../../providers/chat/index.js';
import { answerStart, type Answer } from './answer.js';
import { relayChunks } from './relay-lines.js';
import { functionOf, keepPictures, runTool, searchFirst } from './answer-rounds.js';
import { activeSearchProvider, toolsForModel } from './tools.js';
import { picturesLine } from './answer-pictures.js';
import { StreamBilling } from './billing.js';
import { ownGroup, signAnswerLinks } from './groups.js';
import { finishExchange, saveExchange } from './history.js';
import { placeOf } from './place.js';
import { isOutage } from '../../lib/outage.js';
import { createSlots } from '../../lib/slots.js';
import { StreamLimits } from './limits.js';
import { failureText } from '../../lib/failure-text.js';
import { texts } from './messages.js';
import { NdjsonWriter } from './ndjson.js';
import { buildPrompt, MIND_SYSTEM_PROMPT, resolveTarget } from './prompt.js';

type Line = C.ChatStreamLine;

/** How much of the prompt a web search's results may take, at most, in tokens. */
const SEARCH_RESERVE_TOKENS = 4000;

/**
 * Writes the hold and saves both messages, sends the first line (the saved answer's id, no text
 * yet) at once, then calls the upstream and relays every chunk as a line. A failure is kept on
 * the answer, never thrown.
 */
async function relay(a: Answer, limits: StreamLimits): Promise<void> {
  const { ctx, target, options } = a;
  const got = await limits.provider(target.providerKey, target.concurrency, a.controller.signal);
  let saved = false;
  const save = async () => {
    if (saved) return;
    saved = true;
    await holdAndSave(a);
    a.base.id = a.logs.assistantLogId;
    // The first byte waits for nothing else: not the upstream's answer, not a later write.
    a.writer.writeJson(
      `{"id":${a.base.id},"groupId":${a.base.groupId},"text":"","delta":"","done":false}`,
    );
  };
  const ask = (messages: ChatMessage[], offerTools: boolean) =>
    got
      ? target.adapter.stream({
          model: target.upstreamModel,
          messages,
          maxTokens: a.prompt.maxTokens,
          ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
          ...(options.top_p !== undefined ? { topP: options.top_p } : {}),
          signal: a.controller.signal,
          timeoutMs: target.timeoutMs,
          ...(a.inUse ? { persona: a.inUse.name } : {}),
          language: a.lang,
          ...(offerTools ? { tools: a.tools.map(functionOf) } : {}),
        })
      : [];
  try {
    let messages = a.prompt.messages;
    // A web search comes first: held and saved before it, so that a failed one charges nothing.
    if (a.search && got) {
      await save();
      messages = await searchFirst(a, messages);
    }
    const maxCalls = ctx.config.chat.toolMaxCalls;
    for (;;) {
      a.rounds++;
      // Held before the call: a hold refused (a balance spent meanwhile) calls nothing. The call
      // leaves after the other questions this network read brought have had their first line
      // (at 200 streams each first byte otherwise waited for the calls made before it).
      if (got && !saved) {
        await save();
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      const chunks = ask(messages, a.tools.length > 0 && a.toolRuns < maxCalls);
      const before = a.text.length;
      const calls = await relayChunks(a, chunks);
      if (calls.length === 0 || a.controller.signal.aborted || a.rounds > maxCalls + 1) break;
      const asked: ChatMessage = {
        role: 'assistant',
        content: a.text.slice(before),
        tool_calls: calls.map((c) => ({
          id: c.id,
          type: 'function',
          function: { name: c.name, arguments: c.arguments },
        })),
      };
      const answered: ChatMessage[] = [];
      for (const call of calls)
        answered.push({ role: 'tool', tool_call_id: call.id, content: await runTool(a, call) });
      messages = [...messages, asked, ...answered];
      a.extraPromptTokens += countMessageTokens(messages);
    }
  } catch (error) {
    a.failure =
      error instanceof UpstreamError ? error : UpstreamError.transient((error as Error).message);
    if (!a.refusal)
      ctx.log.warn(
        { err: error, model: target.upstreamModel, provider: target.providerKey },
        'chat upstream failed',
      );
  } finally {
    if (got) await got.release();
    for (const client of a.mcp.values()) void client.then((c) => c.close()).catch(() => undefined);
  }
}

/** The hold and both messages, in one transaction; on failure the call is cut and says why. */
async function holdAndSave(a: Answer): Promise<void> {
  const { ctx, group } = a;
  try {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await a.billing.hold(trx, {
        userId: a.userId,
        ref: `chat:${group?.id ?? 'mind'}`,
        priceKey: a.target.priceKey,
        timeoutMs: a.target.timeoutMs,
      });
      if (group)
        a.logs = await saveExchange(trx, group, {
          userId: a.userId,
          appId: a.appId,
          modelName: a.target.modelName,
          prompt: a.question,
          picture: a.prompt.storedPicture,
          files: a.prompt.usedFiles,
          parentId: a.place?.parentId ?? null,
          regenerateOf: a.place?.regenerateOf ?? null,
        });
    });
  } catch (error) {
    // Nothing was written: the call is cut and the user reads why.
    a.controller.abort(error);
    if (!(error instanceof AppError))
      ctx.log.error({ err: error }, 'chat hold or messages could not be written');
    a.refusal =
      error instanceof AppError
        ? format(error.text, a.lang, error.params)
        : format(isOutage(error) ? common.serviceUnavailable : common.somethingWentWrong, a.lang);
    throw error;
  }
}

/** Settles (or releases) and saves the answer in one transaction, then writes the last line. */
async function settleAndEnd(a: Answer): Promise<void> {
  const { ctx, failure, reasoning } = a;
  const gone = a.controller.signal.aborted && !failure;
  const pictures = await keepPictures(a);
  const text = a.text;
  // Sent before a PostgreSQL settlement; after SQLite's (well under 1 ms), with the last line.
  if (ctx.db.dialect !== 'sqlite') a.writer.flush();
  // Thought to the end without a word of answer: the thinking lasted until now.
  if (a.thinking.since !== null) a.thinking.ms ??= Date.now() - a.thinking.since;

  // Without the upstream's usage, the thinking is counted as written tokens like the text.
  // Every request's usage read: the upstream's; else all of it estimated.
  const usage: NonNullable<Line['usage']> =
    a.usage && !gone && a.usages >= a.rounds
      ? { ...a.usage, source: 'upstream' }
      : {
          promptTokens: a.prompt.promptTokens + a.extraPromptTokens,
          completionTokens: countTokens(text) + countTokens(reasoning) + a.extraCompletionTokens,
          source: 'estimate',
        };
  const charge = !failure && (!gone || text !== '' || reasoning !== '');
  const status = failure ? 'error' : gone ? 'partial' : 'done';
  const { assistantLogId } = a.logs;
  const end = (credits: number) =>
    ({
      ...a.logs,
      text,
      reasoning,
      reasoningMs: a.thinking.ms,
      cut: a.cut,
      status,
      charged: charge ? usage : null,
      credits,
      sources: a.sources,
      toolCalls: a.toolCalls,
    }) as const;
  let cost = 0;
  let balance: number | null = null;
  try {
    // One transaction: the settle (or release) and the saved answer commit together.
    await ctx.db.kysely.transaction().execute(async (trx) => {
      ({ cost, balance } = await a.billing.finish(trx, charge ? usage : null));
      if (assistantLogId) await finishExchange(trx, end(cost));
    });
    balance ??= (await ctx.balances.read(a.userId)).credits;
  } catch (error) {
    ctx.log.error(
      { err: error, holdId: a.billing.heldId },
      'chat settlement failed (the hold sweeper returns it)',
    );
    // The answer is kept even when the charge could not be written.
    cost = 0;
    balance = null;
    if (assistantLogId) await finishExchange(ctx.db.kysely, end(0)).catch(() => undefined);
  }
  a.finished = true;
  a.writer.write({
    ...a.base,
    text: pictures.length ? (await signAnswerLinks(ctx, a.userId, [text]))[0]! : text,
    delta: '',
    ...(reasoning ? { reasoning, reasoningMs: a.thinking.ms ?? 0 } : {}),
    ...(a.cut ? { finishReason: a.cut } : {}),
    ...(a.sources.length ? { sources: a.sources } : {}),
    ...(a.toolCalls.length ? { toolCalls: a.toolCalls } : {}),
    done: true,
    ...(charge ? { usage } : {}),
    cost,
    ...(balance !== null ? { credits: balance } : {}),
    ...(a.prompt.usedFiles.length ? { files: a.prompt.usedFiles } : {}),
    ...picturesLine(ctx, pictures),
    ...(a.refusal
      ? { error: a.refusal }
      : failure
        ? {
            // A sentence of the failure's class; the raw detail is in the log (above).
            error: format(texts.upstreamFailed, a.lang, {
              reason: (failure.text ?? failureText(failure))[a.lang],
            }),
          }
        : {}),
  });
}

/** Each app's stream limits, so that its tests can see an answer waiting for its turn. */
const limitsOf = new WeakMap<AppContext, StreamLimits>();

/** How many answers of this process wait for a provider's slot now. */
export const answersWaitingForProvider = (ctx: AppContext): number =>
  limitsOf.get(ctx)?.waiting() ?? 0;

export function streamRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  // One count for every instance when Redis is configured (docs/scaling.md).
  const limits = new StreamLimits(createSlots(ctx.config));
  limitsOf.set(ctx, limits);
  app.addHook('onClose', () => limits.close());

  async function handle(req: FastifyRequest, reply: FastifyReply, mind: boolean) {
    const userId = req.identity!.userId;
    const lang = langOf(req);
    const body = req.body as C.ChatProcessBody;
    const options = C.chatOptions.parse(body.options);
    const groupId = options.groupId;
    if (!mind && !groupId) throw badRequest(texts.groupRequired, {}, 'options.groupId');
    const group = groupId ? await ownGroup(ctx.db.kysely, groupId, userId) : null;
    // Where the question goes on the chat's branches (docs/chat.md, Edit and branch).
    const place = group && !mind ? await placeOf(ctx, group, userId, options) : null;
    const question = place?.question ?? { prompt: body.prompt, imageUrl: body.image_url };
    // An app in use fixes the system prompt, and the model when it names one; the group's app
    // wins over what the client sends.
    const appId = group?.app_id ?? (body.appId ? Number(body.appId) : null);
    const inUse = appId && !mind ? await ctx.hooks.appPrompt(ctx, { appId, userId, lang }) : null;
    const target = await resolveTarget(
      ctx,
      inUse?.modelId ? { gptModelId: inUse.modelId } : body,
      userId,
    );
    if (question.imageUrl && !target.vision) throw badRequest(texts.noVision, {}, 'image_url');
    const prompt = await buildPrompt(ctx, {
      userId,
      target,
      // Fixed by the app in use, else the user's settings, else the model's.
      system: mind
        ? MIND_SYSTEM_PROMPT
        : (inUse?.systemPrompt ?? (body.systemMessage?.trim() || target.systemPrompt)),
      prompt: question.prompt,
      imageUrl: question.imageUrl,
      contextGroupId: !mind && group && options.usingContext ? group.id : null,
      // A question asked again keeps its files (docs/chat.md, Files in the conversation).
      fileIds: mind ? [] : body.fileIds?.length ? body.fileIds : (place?.question?.fileIds ?? []),
      contextParentId: place?.parentId ?? null,
    });

    // Web search when asked for (and set up); the model's tools when it has any.
    const search = options.webSearch && !mind ? await activeSearchProvider(ctx) : null;
    if (options.webSearch && !mind && !search)
      throw badRequest(texts.noSearchProvider, {}, 'options.webSearch');
    const tools = mind ? [] : await toolsForModel(ctx, target.modelId);

    const done = await limits.enter(userId, ctx.config.chat.userConcurrency);
    let billing: StreamBilling;
    try {
      billing = await StreamBilling.quote(ctx, {
        priceKey: target.priceKey,
        userId,
        promptTokens: prompt.promptTokens + (search ? SEARCH_RESERVE_TOKENS : 0),
        maxTokens: prompt.maxTokens,
        rounds: tools.length > 0 ? ctx.config.chat.toolMaxCalls + 1 : 1,
        searchPriceKey: search?.price_key || null,
        searchPrompt: search ? prompt.messages : null,
      });
    } catch (error) {
      done();
      throw error;
    }

    const writer = new NdjsonWriter<Line>(reply);
    const answer: Answer = {
      ctx,
      userId,
      lang,
      body,
      options,
      group,
      place,
      question: question.prompt,
      appId,
      inUse,
      target,
      prompt,
      billing,
      writer,
      base: { id: 0, groupId: group?.id ?? 0 },
      search,
      tools,
      ...answerStart(),
    };
    reply.raw.on('close', () => {
      if (!answer.finished) answer.controller.abort(new Error('client closed'));
    });
    // Left while the reads above ran: the upstream is not called at all.
    if (reply.raw.destroyed) answer.controller.abort(new Error('client closed'));
    relay(answer, limits)
      .then(() => settleAndEnd(answer))
      .catch((error: unknown) => ctx.log.error({ err: error }, 'chat stream failed'))
      .finally(() => {
        writer.end();
        done();
      });
    return writer.send();
  }

  for (const [endpoint, mind] of [
    [C.streamAnswer, false],
    [C.streamMindMap, true],
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
