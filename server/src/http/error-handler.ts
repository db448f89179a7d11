import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { core } from 'zod';
import type { FieldError } from '@atelier/contracts';
import { isOutage, isStatementTimeout } from '../lib/outage.js';
import { AppError } from './errors.js';
import { fieldName } from './field-names.js';
import { common, format, langOf, type Lang } from './messages.js';
import { fieldErrors } from './validation.js';

function send(reply: FastifyReply, status: number, message: string, data: unknown = null) {
  return reply.code(status).send({ code: status, success: false, message, data });
}

function validationErrors(error: FastifyError, lang: Lang): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return fieldErrors(
    error.validation.map((v) => ({
      ...(v.params as object),
      code: v.keyword,
      message: v.message,
      path: v.instancePath.split('/').filter(Boolean),
    })) as unknown as core.$ZodIssue[],
    lang,
  );
}

/**
 * An AppError naming its field (`data.errors`) carries the English text there; the form shows
 * it in the caller's language, like the envelope's message.
 */
function localizedFieldErrors(error: AppError, message: string): unknown {
  const errors = error.data?.errors;
  if (!Array.isArray(errors)) return error.data;
  const english = [error.text['en-US'], format(error.text, 'en-US', error.params)];
  return {
    ...error.data,
    errors: (errors as FieldError[]).map((e) =>
      english.includes(e.message) ? { ...e, message } : e,
    ),
  };
}

/**
 * The one place where failures become envelopes. 4xx carry a message the user can read in
 * their language (a bad field is named); 5xx are logged with the request and hide internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = langOf(req);
    // A refused request is the caller's mistake: a warning with what was refused, not an error.
    const refused = (status: number) =>
      req.log.warn(
        { status, code: error.code, reason: error.message.slice(0, 300) },
        'request refused',
      );
    if (error instanceof AppError) {
      // A 503 for an outage (chat/limits.ts) is written once per outage, not per request.
      if (error.status >= 500 && isOutage(error.cause))
        req.log.debug({ err: error }, 'request failed: a dependency is unreachable');
      else if (error.status >= 500) req.log.error({ err: error }, 'upstream or server failure');
      else refused(error.status);
      const message = format(error.text, lang, error.params);
      return send(reply, error.status, message, localizedFieldErrors(error, message));
    }
    if (error.statusCode !== undefined && error.statusCode < 500) refused(error.statusCode);
    else if (hasZodFastifySchemaValidationErrors(error) || error instanceof SyntaxError)
      refused(400);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationErrors(error, lang);
      const first = errors[0]!;
      // People read a sentence; an operator calling the admin API directly reads the field's
      // own name, as docs/api.md spells it.
      const message =
        req.routeOptions.config.access === 'admin'
          ? format(common.invalidNamedField, lang, { field: first.field, problem: first.message })
          : format(common.invalidField, lang, {
              field: fieldName(first.field, lang),
              problem: first.message,
            });
      return send(reply, 400, message, { errors });
    }
    if (error.statusCode === 429) {
      const seconds = Math.max(1, Math.ceil(Number(reply.getHeader('retry-after') ?? 60)));
      return send(reply, 429, format(common.tooManyRequests, lang, { seconds }));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return send(reply, 413, format(common.bodyTooLarge, lang));
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
      return send(reply, 400, format(common.invalidJson, lang));
    if (
      error.statusCode &&
      error.statusCode >= 400 &&
      error.statusCode < 500 &&
      !isResponseSerializationError(error)
    ) {
      return send(reply, error.statusCode, error.message);
    }
    // The database or Redis is away: written once per outage where its connection is
    // (lib/outage.ts), not once per request; the caller may try again shortly.
    if (isOutage(error)) {
      if (isStatementTimeout(error))
        req.log.warn({ err: error }, 'request failed: a statement ran past DATABASE_TIMEOUT_MS');
      else req.log.debug({ err: error }, 'request failed: a dependency is unreachable');
      reply.header('retry-after', '5');
      return send(reply, 503, format(common.serviceUnavailable, lang));
    }
    req.log.error({ err: error }, 'request failed');
    return send(reply, 500, format(common.somethingWentWrong, lang));
  });
}

/**
 * Errors Fastify meets before routing (a path whose percent-encoding is broken): the same
 * 400 envelope, in the caller's language.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const lang = langOf(req);
  req.log.warn({ code: error.code, url: req.url.slice(0, 200) }, 'request refused');
  return send(reply, 400, format(common.badUrl, lang));
}

/**
 * A request Node's HTTP parser refuses (a URL or headers over the size limit, a broken request
 * line) never reaches Fastify; it is answered here, on the raw socket, in the envelope. Its
 * headers cannot be read, so the text is the product's default language.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy(error);
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    code: status,
    success: false,
    message: format(tooLarge ? common.headersTooLarge : common.badRequest, 'zh-CN'),
    data: null,
  });
  this.log.warn({ code: error.code, status }, 'request refused by the HTTP parser');
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      'Connection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** Unknown API paths answer the envelope; other paths belong to the web app (see web.ts). */
export function apiNotFound(req: FastifyRequest, reply: FastifyReply) {
  const lang = langOf(req);
  return send(
    reply,
    404,
    format(common.routeNotFound, lang, { route: `${req.method} ${req.url.split('?')[0]}` }),
  );
}
