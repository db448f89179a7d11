import type { chat as C } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import {
  chatAdapterFor,
  countMessageTokens,
  OUTLINE_MARKER,
  type ChatAdapter,
  type ChatMessage,
} from '../../providers/chat/index.js';
import { FILES_PREFIX, isFilesLink, keyOfUrl, readOwnedImage } from '../files/index.js';
import { usableByok } from './byok.js';
import { ownChatFiles } from './chat-files.js';
import { branchFileIds, contextMessages } from './history.js';
import { buildFileContext } from './file-context.js';
import { texts } from './messages.js';
import { usableModel } from './usable-model.js';
import { checkPublicUrl, guardedLookup } from '../../lib/url-guard.js';

export const MIND_SYSTEM_PROMPT =
  `${OUTLINE_MARKER} You write mind-map outlines. Answer ONLY with a markdown outline of the ` +
  'topic the user gives: one "#" title, "##" branches and "-" leaves, short phrases, no prose, ' +
  'in the language of the request.';

/** BYOK endpoints declare no window: this is what we trim to and ask for at most. */
const BYOK_CONTEXT_WINDOW = 16_384;
const BYOK_MAX_OUTPUT = 4096;

/** Where an answer comes from: a catalogue model on its provider, or a user's own endpoint. */
export interface Target {
  adapter: ChatAdapter;
  /** The operator's model (null: a user's own endpoint, which calls no tools). */
  modelId: number | null;
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
  /** The provider's host: picture links of its answers there are copied (docs/chat.md). */
  host: string | null;
}

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
};

/** Users' own endpoints connect only to the address checked when the name was resolved. */
const byokLookup = guardedLookup();

export async function resolveTarget(
  ctx: AppContext,
  body: Pick<C.ChatProcessBody, 'gptModelId' | 'gptModelUserId'>,
  userId: number,
): Promise<Target> {
  if (body.gptModelUserId) {
    const { row, apiKey } = await usableByok(ctx, Number(body.gptModelUserId), userId);
    return {
      adapter: chatAdapterFor({
        protocol: 'openai',
        baseUrl: row.base_url,
        apiKey,
        ...(ctx.config.chat.byokAllowPrivate ? {} : { lookup: byokLookup }),
      }),
      modelId: null,
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
      host: hostOf(row.base_url),
    };
  }
  if (!body.gptModelId) throw badRequest(texts.modelRequired, {}, 'gptModelId');
  const { model, provider } = await usableModel(ctx, Number(body.gptModelId), userId);
  return {
    adapter: chatAdapterFor({ ...provider, demoStepMs: ctx.config.chat.demoStepMs }),
    modelId: model.id,
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
    host: provider.baseUrl ? hostOf(provider.baseUrl) : null,
  };
}

export interface PromptInput {
  userId: number;
  target: Target;
  /** The system message (empty: none). */
  system: string;
  prompt: string;
  imageUrl: string | undefined;
  /** The group whose earlier messages are sent, within the token budget; null: none. */
  contextGroupId: number | null;
  /**
   * Files attached to the question (the user's own; another's id is a 404 before anything is
   * sent): first in the budget, with those of the earlier questions on the branch, then history.
   */
  fileIds?: readonly number[];
  /** The message the question follows: its branch up to it is the context (null: none). */
  contextParentId: number | null;
}

export interface Prompt {
  messages: ChatMessage[];
  promptTokens: number;
  /** The most the answer may take: what the window leaves, at most the model's output. */
  maxTokens: number;
  /** What the question's picture is saved as, or null. */
  storedPicture: string | null;
  /** The files sent with the question and what of each was used ([] for none). */
  usedFiles: C.UsedFile[];
}

/** The messages sent upstream: system, as much history as the window allows, the question. */
export async function buildPrompt(ctx: AppContext, p: PromptInput): Promise<Prompt> {
  // The upstream cannot reach this server: the user's own upload goes as a data: URL, and a
  // file of ours that is not theirs is a 404; any other address must be public.
  let imageUrl = p.imageUrl;
  // Our own picture is saved as its path: a signed link would expire in the history.
  const pictureKey = imageUrl ? keyOfUrl(imageUrl) : null;
  const storedPicture = pictureKey ? `${FILES_PREFIX}${pictureKey}` : (p.imageUrl ?? null);
  if (imageUrl && !pictureKey && isFilesLink(imageUrl)) throw notFound();
  if (imageUrl && pictureKey) {
    const own = await readOwnedImage(ctx, p.userId, imageUrl);
    if (!own) throw notFound();
    imageUrl = `data:${own.mime};base64,${own.bytes.toString('base64')}`;
  } else if (imageUrl) {
    // Anything else goes upstream as an address the model's server fetches itself: only a
    // public http(s) one, so that a self-hosted server is not sent into the operator's network.
    const refused = await checkPublicUrl(imageUrl);
    if (refused) throw badRequest(texts.imageUrlNotAllowed, { reason: refused }, 'image_url');
  }
  const userMessage: ChatMessage = {
    role: 'user',
    content: imageUrl
      ? [
          { type: 'text', text: p.prompt },
          { type: 'image_url', image_url: { url: imageUrl } },
        ]
      : p.prompt,
  };
  const head: ChatMessage[] = p.system ? [{ role: 'system', content: p.system }] : [];
  const { contextWindow, maxOutput } = p.target;
  let budget = contextWindow - maxOutput - countMessageTokens([...head, userMessage]);
  // The files come first: the question is about them. What they leave goes to the history.
  const own = p.fileIds?.length ? await ownChatFiles(ctx, p.userId, p.fileIds) : [];
  const ownIds = new Set(own.map((f) => f.id));
  // The earlier questions' files on the branch stay in the context (not another branch's).
  const branchFiles =
    p.contextGroupId !== null
      ? await ownChatFiles(
          ctx,
          p.userId,
          await branchFileIds(ctx, p.contextGroupId, p.userId, p.contextParentId),
          true,
        )
      : [];
  const fileContext = buildFileContext(
    [...own, ...branchFiles.filter((f) => !ownIds.has(f.id))],
    p.prompt,
    Math.max(0, budget - 4),
  );
  const filesMessage: ChatMessage[] = fileContext.text
    ? [{ role: 'user', content: fileContext.text }]
    : [];
  budget -= countMessageTokens(filesMessage) - 2;
  const history =
    p.contextGroupId !== null && budget > 0
      ? await contextMessages(ctx, p.contextGroupId, p.userId, p.contextParentId, budget)
      : [];
  const messages = [...head, ...history, ...filesMessage, userMessage];
  const promptTokens = countMessageTokens(messages);
  const maxTokens = Math.max(16, Math.min(maxOutput, contextWindow - promptTokens));
  return {
    messages,
    promptTokens,
    maxTokens,
    storedPicture,
    // The question keeps only its own files; the branch's are already kept on theirs.
    usedFiles: fileContext.used.filter((f) => ownIds.has(f.id)),
  };
}
