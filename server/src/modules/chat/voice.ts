import { chat as C } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { AppError, notEnoughCredits } from '../../http/errors.js';
import type { Lang } from '../../http/messages.js';
import { UpstreamError } from '../../providers/errors.js';
import {
  voiceProtocolOf,
  type SpokenAudio,
  type VoiceAdapter,
  type VoiceTarget,
} from '../../providers/voice/index.js';
import { hold, pricing, release, settle, type Pricing } from '../credits/index.js';
import { modelAllowance, modelsWithProvider, openProviderKey } from '../providers/index.js';
import type { voiceTexts } from './voice-texts.js';

/*
 * Voice (docs/chat.md, "Voice"): the site's speech-to-text model (kind `transcription`) and
 * text-to-speech model (kind `speech`) are the first enabled ones of their kind the caller may
 * use, by sort. Each call is priced by its model's price key, held before the upstream is called
 * and settled when it answered, released when it failed.
 */

type VoiceKind = 'transcription' | 'speech';

type ModelRow = Awaited<ReturnType<ReturnType<typeof modelsWithProvider>['execute']>>[number];

export interface VoiceModel {
  model: ModelRow;
  adapter: VoiceAdapter;
  target: VoiceTarget;
  demo: boolean;
  /** For speech: the voice (the model's "system prompt" field, default `alloy`). */
  voice: string;
}

/** The model of a kind the user may use now, or null when there is none. */
export async function voiceModel(
  ctx: AppContext,
  kind: VoiceKind,
  userId: number,
): Promise<VoiceModel | null> {
  const rows = await modelsWithProvider(ctx.db.kysely)
    .where('m.kind', '=', kind)
    .where('m.enabled', '=', 1)
    .where('p.enabled', '=', 1)
    .orderBy('m.sort')
    .orderBy('m.id')
    .execute();
  if (rows.length === 0) return null;
  const allowed = await modelAllowance(ctx, userId);
  let vip: boolean | null = null;
  for (const row of rows) {
    const protocol = voiceProtocolOf(row.protocol);
    if (!protocol || !allowed(row.id)) continue;
    if (row.vip_only === 1) {
      vip ??= (await ctx.balances.read(userId)).isVip;
      if (!vip) continue;
    }
    if (kind === 'speech' && !protocol.adapter.canSpeak()) continue;
    const { pid: _pid, protocol: name, base_url, api_key_sealed, timeout_ms } = row;
    return {
      model: row,
      adapter: protocol.adapter,
      target: {
        baseUrl: protocol.base(base_url),
        apiKey: openProviderKey(ctx, api_key_sealed),
        timeoutMs: timeout_ms,
      },
      demo: name === 'demo',
      voice: row.system_prompt.trim().split('\n')[0]?.trim().slice(0, 64) || 'alloy',
    };
  }
  return null;
}

/** How a voice price counts: a transcription's `<model>:second` price counts started seconds. */
export function voicePer(kind: VoiceKind, priceKey: string, unit: string): C.VoiceSide['per'] {
  if (kind === 'speech') return unit === '1k_tokens' ? '1k_chars' : 'call';
  return priceKey.endsWith(':second') ? 'second' : 'call';
}

/** A priced voice call: held before the upstream is called, settled or released after. */
export class VoiceBilling {
  private holdId: number | null = null;

  private constructor(
    private readonly price: Pricing | null,
    readonly amount: number,
  ) {}

  /**
   * Quotes the call (`units`: started seconds for a per-second price, characters for a speech
   * price per 1,000 characters); 430 when the balance does not cover it.
   */
  static async quote(
    ctx: AppContext,
    q: {
      kind: VoiceKind;
      model: VoiceModel['model'];
      userId: number;
      seconds?: number;
      chars?: number;
    },
  ): Promise<VoiceBilling> {
    if (!q.model.price_key) return new VoiceBilling(null, 0);
    const price = await pricing(
      ctx.db.kysely,
      { priceKey: q.model.price_key, userId: q.userId },
      { cached: true },
    );
    const amount = price.cost(voiceUnits(q.kind, q.model.price_key, price, q));
    if (price.available < amount) throw notEnoughCredits(amount, price.available);
    return new VoiceBilling(price, amount);
  }

  async hold(ctx: AppContext, userId: number, ref: string, priceKey: string): Promise<void> {
    if (!this.price || this.amount <= 0) return;
    this.holdId = (
      await hold(ctx.db.kysely, { userId, amount: this.amount, ref, priceKey, ttlSeconds: 900 })
    ).holdId;
  }

  async settle(ctx: AppContext): Promise<void> {
    if (this.holdId === null) return;
    const id = this.holdId;
    this.holdId = null;
    await settle(ctx.db.kysely, { holdId: id, actualAmount: this.amount });
  }

  async release(ctx: AppContext): Promise<void> {
    if (this.holdId === null) return;
    const id = this.holdId;
    this.holdId = null;
    await release(ctx.db.kysely, { holdId: id });
  }
}

/** The units a voice price counts for one call. */
function voiceUnits(
  kind: VoiceKind,
  priceKey: string,
  price: Pricing,
  q: { seconds?: number; chars?: number },
): number | { inputTokens: number; outputTokens: number } {
  const per = voicePer(kind, priceKey, price.unit);
  if (per === 'second') return Math.max(1, Math.ceil(q.seconds ?? 1));
  if (per === '1k_chars') return { inputTokens: q.chars ?? 0, outputTokens: 0 };
  return 1;
}

/** What the composer may offer (`GET /chat/voice-info`). */
export async function voiceInfo(ctx: AppContext, userId: number) {
  const side = async (kind: VoiceKind): Promise<C.VoiceSide> => {
    const found = await voiceModel(ctx, kind, userId);
    if (!found) return { available: false, demo: false, credits: 0, per: 'call' };
    const key = found.model.price_key;
    if (!key) return { available: true, demo: found.demo, credits: 0, per: 'call' };
    const price = await pricing(ctx.db.kysely, { priceKey: key, userId }, { cached: true }).catch(
      () => null,
    );
    if (!price) return { available: false, demo: found.demo, credits: 0, per: 'call' };
    const per = voicePer(kind, key, price.unit);
    // The price of one unit: one call, one second, 1,000 characters.
    const credits = price.cost(per === '1k_chars' ? { inputTokens: 1000, outputTokens: 0 } : 1);
    return { available: true, demo: found.demo, credits, per };
  };
  return {
    transcribe: await side('transcription'),
    speak: await side('speech'),
    maxSeconds: C.VOICE_MAX_SECONDS,
    maxBytes: C.VOICE_MAX_BYTES,
  };
}

/** An upstream failure as the user reads it: 502 with the upstream's reason, nothing charged. */
export function voiceFailure(
  error: unknown,
  text: (typeof voiceTexts)['transcribeFailed' | 'speakFailed'],
): AppError {
  if (error instanceof AppError) return error;
  const reason =
    error instanceof UpstreamError ? error.message.slice(0, 300) : 'the upstream failed';
  return new AppError(502, text, { reason });
}

/** An answer of the user's own chats (its text), or undefined. */
export const answerOf = (ctx: AppContext, id: number, userId: number) =>
  ctx.db.kysely
    .selectFrom('chat_logs')
    .select(['id', 'content'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('role', '=', 'assistant')
    .executeTakeFirst();

/** The text of an answer read aloud: markdown marks, code and links reduced to their words. */
export function speakableText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\$\$[\s\S]*?\$\$/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[#>*_`|~]+/g, ' ')
    .replace(/\[\d+\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, C.SPEECH_MAX_CHARS);
}

export type { Lang, SpokenAudio };
