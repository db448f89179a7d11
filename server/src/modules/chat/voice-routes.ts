import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chat as C } from '@atelier/contracts';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { authorize } from '../../http/identity.js';
import { langOf, type Lang } from '../../http/messages.js';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { audioTypeOf } from '../../lib/audio-type.js';
import { mediaTools, probeMedia } from '../../lib/ffmpeg.js';
import {
  answerOf,
  speakableText,
  voiceFailure,
  voiceInfo,
  voiceModel,
  VoiceBilling,
} from './voice.js';
import { voiceTexts } from './voice-texts.js';

/** A recording's type by its first bytes: WebM (EBML), Ogg, MP4, WAV or MP3; null otherwise. */
export function recordingTypeOf(bytes: Buffer): C.VoiceAudioType | null {
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'audio/webm';
  const type = audioTypeOf(bytes);
  return type === 'audio/flac' || type === null ? null : type;
}

const extensionOf: Record<C.VoiceAudioType, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
};

const MB = 1024 * 1024;

const tooLarge = () =>
  new AppError(
    413,
    voiceTexts.audioTooLarge,
    { max: C.VOICE_MAX_BYTES / MB },
    { errors: [{ field: 'file', message: voiceTexts.audioTooLarge['en-US'] }] },
  );

/** The multipart form: its text fields and its one file. */
async function readForm(req: FastifyRequest) {
  if (!req.isMultipart()) throw badRequest(voiceTexts.noAudio, {}, 'file');
  const fields: Record<string, string> = {};
  let audio: Buffer | null = null;
  try {
    for await (const part of req.parts({
      limits: { fileSize: C.VOICE_MAX_BYTES, files: 1, fields: 8, fieldSize: 1024 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') audio = bytes;
      } else fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw badRequest(voiceTexts.noAudio, {}, 'file');
  }
  if (!audio || audio.length === 0) throw badRequest(voiceTexts.noAudio, {}, 'file');
  return { fields, audio };
}

/** The recording's length: ffprobe's when it can say (WebM from a browser often has none). */
async function measuredSeconds(audio: Buffer): Promise<number | null> {
  const tools = mediaTools();
  if (!tools) return null;
  try {
    const info = await probeMedia(tools, audio, { timeoutMs: 15_000 });
    return Number.isFinite(info.durationSeconds) && info.durationSeconds > 0
      ? info.durationSeconds
      : null;
  } catch {
    throw badRequest(voiceTexts.badAudio, {}, 'file');
  }
}

/** `POST /chat/voice/transcribe`: the recording checked, held, sent upstream, settled. */
async function transcribe(ctx: AppContext, req: FastifyRequest, userId: number, lang: Lang) {
  const { fields, audio } = await readForm(req);
  const parsed = C.transcribeFields.safeParse(fields);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'seconds');
    if (field === 'language') throw badRequest(voiceTexts.badAudio, {}, 'language');
    throw badRequest(voiceTexts.badSeconds, { max: C.VOICE_MAX_SECONDS }, 'seconds');
  }
  const mime = recordingTypeOf(audio);
  if (!mime) throw badRequest(voiceTexts.badAudio, {}, 'file');
  const measured = await measuredSeconds(audio);
  if (measured !== null && measured > C.VOICE_MAX_SECONDS + 1)
    throw new AppError(
      413,
      voiceTexts.audioTooLong,
      { max: C.VOICE_MAX_SECONDS },
      { errors: [{ field: 'file', message: voiceTexts.audioTooLong['en-US'] }] },
    );
  const seconds = measured ?? parsed.data.seconds;
  const found = await voiceModel(ctx, 'transcription', userId);
  if (!found) throw notFound(voiceTexts.noTranscriber);
  const billing = await VoiceBilling.quote(ctx, {
    kind: 'transcription',
    model: found.model,
    userId: userId,
    seconds,
  });
  await billing.hold(ctx, userId, `voice:transcribe:${randomUUID()}`, found.model.price_key);
  let text: string;
  try {
    text = (
      await found.adapter.transcribe(found.target, {
        model: found.model.upstream_model,
        audio,
        mime,
        fileName: `recording.${extensionOf[mime]}`,
        ...(parsed.data.language ? { language: parsed.data.language } : {}),
        lang,
      })
    ).text;
  } catch (error) {
    await billing.release(ctx);
    ctx.log.warn({ err: error, model: found.model.name }, 'transcription failed');
    throw voiceFailure(error, voiceTexts.transcribeFailed);
  }
  await billing.settle(ctx);
  return { text: text.trim(), demo: found.demo, seconds, credits: billing.amount };
}

/** `GET /chat/voice-info`, `POST /chat/voice/transcribe`, `POST /chat/voice/speak`. */
export function voiceRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const rateLimit = { max: ctx.config.chat.rateLimit, timeWindow: 60_000 };

  route(app, C.voiceInfo, async ({ identity }) => voiceInfo(ctx, identity.userId));

  route(
    app,
    C.transcribe,
    ({ req, identity, lang }) => transcribe(ctx, req, identity.userId, lang),
    {
      rateLimit,
      bodyLimit: C.VOICE_MAX_BYTES + 64 * 1024,
    },
  );

  async function speak(req: FastifyRequest, reply: FastifyReply) {
    const identity = req.identity!;
    const lang = langOf(req);
    const { messageId } = req.body as { messageId: number };
    const message = await answerOf(ctx, messageId, identity.userId);
    if (!message)
      throw new AppError(
        404,
        voiceTexts.notAnAnswer,
        {},
        {
          errors: [{ field: 'messageId', message: voiceTexts.notAnAnswer['en-US'] }],
        },
      );
    const input = speakableText(message.content);
    if (!input) throw badRequest(voiceTexts.nothingToRead, {}, 'messageId');
    const found = await voiceModel(ctx, 'speech', identity.userId);
    if (!found) throw notFound(voiceTexts.noSpeaker);
    const billing = await VoiceBilling.quote(ctx, {
      kind: 'speech',
      model: found.model,
      userId: identity.userId,
      chars: input.length,
    });
    await billing.hold(
      ctx,
      identity.userId,
      `voice:speak:${messageId}:${randomUUID()}`,
      found.model.price_key,
    );
    const controller = new AbortController();
    reply.raw.on('close', () => controller.abort());
    let audio;
    try {
      audio = await found.adapter.speak(found.target, {
        model: found.model.upstream_model,
        input,
        voice: found.voice,
        lang,
        signal: controller.signal,
      });
    } catch (error) {
      await billing.release(ctx);
      ctx.log.warn({ err: error, model: found.model.name }, 'speech failed');
      throw voiceFailure(error, voiceTexts.speakFailed);
    }
    // The audio is passed on as it comes. Stopped by the listener: the upstream made it, so the
    // call is charged; broken by the upstream: released.
    async function* relay() {
      let failed = false;
      try {
        for await (const piece of audio!.body) yield piece;
      } catch (error) {
        failed = !controller.signal.aborted;
        if (failed) ctx.log.warn({ err: error }, 'speech stream broke');
        throw error;
      } finally {
        await (failed ? billing.release(ctx) : billing.settle(ctx)).catch((error: unknown) =>
          ctx.log.error({ err: error }, 'speech billing failed'),
        );
      }
    }
    return reply
      .header('content-type', audio.mime)
      .header('cache-control', 'no-store')
      .header('x-voice-demo', found.demo ? '1' : '0')
      .header('x-voice-credits', String(billing.amount))
      .send(Readable.from(relay(), { objectMode: false }));
  }

  app.route({
    method: 'POST',
    url: C.speak.path,
    schema: {
      summary: C.speak.summary,
      tags: [...C.speak.tags],
      body: C.speak.body,
      security: [{ bearer: [] }, { guestId: [] }],
    },
    config: { access: C.speak.access, rateLimit },
    preValidation: async (req) => authorize(ctx, req, C.speak.access),
    handler: speak,
  });
}
