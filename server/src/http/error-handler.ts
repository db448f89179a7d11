import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { core } from 'zod';
import type { FieldError } from '@atelier/contracts';
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
    if (error instanceof AppError) {
      if (error.status >= 500) req.log.error({ err: error }, 'upstream or server failure');
      const message = format(error.text, lang, error.params);
      return send(reply, error.status, message, localizedFieldErrors(error, message));
    }
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
    req.log.error({ err: error }, 'request failed');
    return send(reply, 500, format(common.somethingWentWrong, lang));
  });
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
