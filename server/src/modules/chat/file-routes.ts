import type { FastifyInstance } from 'fastify';
import { chat as C } from '@atelier/contracts';
import { AppError, badRequest } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { chatFileMaxBytes } from '../files/index.js';
import { deleteChatFile, listChatFiles, saveChatFile } from './chat-files.js';
import { texts } from './messages.js';

/** The most the operator may set (contracts `fileSettings.chatFileMaxMb`). */
const MOST_BYTES = 512 * 1024 * 1024;

/**
 * `POST /chat/files`: one attached file (multipart `file`), read and stored; `GET /chat/files`
 * lists the caller's, `POST /chat/files/delete` deletes one of them.
 */
export function chatFileRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  route(app, C.listChatFiles, async ({ identity }) => {
    const rows = await listChatFiles(ctx, identity.userId);
    return { rows, count: rows.length };
  });
  route(app, C.deleteChatFile, async ({ identity, body }) => {
    await deleteChatFile(ctx, identity.userId, body.id);
    return null;
  });
  route(
    app,
    C.uploadChatFile,
    async ({ req, identity }) => {
      if (!req.isMultipart()) throw badRequest(texts.noFile, {}, 'file');
      const max = await chatFileMaxBytes(ctx);
      let bytes: Buffer;
      let name: string;
      try {
        const part = await req.file({ limits: { fileSize: max, files: 1 } });
        if (!part || part.fieldname !== 'file') throw badRequest(texts.noFile, {}, 'file');
        bytes = await part.toBuffer();
        name = part.filename;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(
            413,
            texts.fileTooLarge,
            { max: Math.round(max / 1048576) },
            { errors: [{ field: 'file', message: texts.fileTooLarge['en-US'] }] },
          );
        throw badRequest(texts.badForm, {}, 'file');
      }
      return saveChatFile(ctx, {
        userId: identity.userId,
        guest: identity.isGuest,
        name,
        bytes,
      });
    },
    {
      rateLimit: { max: ctx.config.files.uploadRateLimit, timeWindow: 60_000 },
      bodyLimit: MOST_BYTES + 64 * 1024,
    },
  );
}
