import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Fastify's serializer compiler for the routes' zod response schemas: each schema is turned
 * into JSON Schema once (what the answer may hold: a property the schema does not name is left
 * out, as zod's parse strips it) and compiled by fast-json-stringify into a function that
 * writes exactly those fields. fastify-type-provider-zod's own compiler parsed every answer
 * with zod (a copy of the whole object) before `JSON.stringify`: with its garbage about a
 * tenth of a getInfo's CPU (bench/load.mjs, docs/scaling.md). A schema JSON Schema cannot
 * express (a transform, a date) keeps zod's serializer.
 *
 * fast-json-stringify writes a value of the wrong type as the schema's type where it can (a
 * number where a string is named) instead of refusing it, and does not check enums or
 * lengths. So outside production (tests, development) every answer is also parsed by zod as
 * before, and one that breaks its contract is a 500 there (`ResponseSerializationError`);
 * production skips that check. An answer that lacks a required field fails everywhere.
 */
export function serializerCompilerFor(
  checkContracts: boolean,
): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    // Compiled at the route's first answer: most of the ~300 routes are never called by a
    // given instance, and compiling them all at start took 0.4 s and kept their code in memory.
    let serialize: ((data: unknown) => string) | null = null;
    const check = checkContracts ? zodSerializer(route) : null;
    return (data) => {
      serialize ??= compileJson(route.schema) ?? zodSerializer(route);
      check?.(data);
      return serialize(data);
    };
  };
}

export const serializerCompiler = serializerCompilerFor(process.env.NODE_ENV !== 'production');

/** The fast-json-stringify function of a zod schema, or null when it has no JSON Schema. */
export function compileJson(schema: z.ZodType): ((data: unknown) => string) | null {
  let json: Record<string, unknown>;
  try {
    // draft-07: the dialect fast-json-stringify's Ajv reads (`definitions`, not `$defs`).
    json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    }) as Record<string, unknown>;
  } catch {
    return null;
  }
  delete json.$schema;
  // zod writes `additionalProperties: false` for its objects; fast-json-stringify leaves unnamed
  // properties out without it, and with it the union's branch (chosen by validating the value)
  // would not match an object with a property more, which zod's parse strips and accepts.
  lenient(json);
  try {
    return fastJsonStringify(json as unknown as Schema) as (data: unknown) => string;
  } catch {
    return null;
  }
}

/** Removes `additionalProperties: false` throughout a JSON Schema, in place. */
function lenient(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) lenient(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (record.additionalProperties === false) delete record.additionalProperties;
  for (const value of Object.values(record)) lenient(value);
}
