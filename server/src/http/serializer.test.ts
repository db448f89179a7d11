import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '@atelier/contracts';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { compileJson, serializerCompilerFor } from './serializer.js';

const user = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  role: z.enum(['guest', 'user']),
  tags: z.array(z.string()),
  extra: z.union([z.object({ kind: z.literal('a'), n: z.number() }), z.string()]).optional(),
});
const answer = envelope(user);
const serializeWith = (checkContracts: boolean) => (schema: z.ZodType) =>
  serializerCompilerFor(checkContracts)({ schema, method: 'GET', url: '/x', httpStatus: '200' });
// As production runs it: fast-json-stringify alone.
const serialize = serializeWith(false);

describe('the response serializer', () => {
  it('writes what zod would, leaving out fields the schema does not name', () => {
    const data = {
      code: 200,
      success: true,
      message: 'ok',
      data: {
        id: 7,
        name: null,
        role: 'user',
        tags: ['a', 'b"c'],
        extra: { kind: 'a', n: 1.5, secret: 'x' },
        passwordHash: 'never written',
      },
      leaked: true,
    };
    const text = serialize(answer)(data);
    expect(JSON.parse(text)).toEqual(answer.parse(data));
    expect(text).not.toContain('never written');
    expect(text).not.toContain('secret');
    // The other branch of the union, and an absent optional field.
    const other = { ...data, data: { ...data.data, extra: 'plain' } };
    expect(JSON.parse(serialize(answer)(other))).toEqual(answer.parse(other));
    const { extra: _dropped, ...bare } = data.data;
    expect(JSON.parse(serialize(answer)({ ...data, data: bare }))).toEqual(
      answer.parse({ ...data, data: bare }),
    );
  });

  it('refuses an answer without a required field', () => {
    expect(() =>
      serialize(answer)({ code: 200, success: true, message: 'ok', data: {} }),
    ).toThrow();
  });

  it("keeps zod's serializer for a schema JSON Schema cannot express", () => {
    const dated = z.object({ at: z.date() });
    expect(compileJson(dated)).toBeNull();
    const at = new Date(0);
    expect(serialize(dated)({ at })).toBe(JSON.stringify({ at }));
  });

  it('refuses an answer that breaks its contract outside production, as zod did', () => {
    const wrong = {
      code: 200,
      success: true,
      message: 'ok',
      data: { id: 7, name: null, role: 'nobody', tags: [5] },
    };
    // Production writes it as the schema's types (the number as a string), enums unchecked...
    expect(JSON.parse(serialize(answer)(wrong)).data).toMatchObject({
      role: 'nobody',
      tags: ['5'],
    });
    // ...tests and development refuse it.
    let thrown: unknown = null;
    try {
      serializeWith(true)(answer)(wrong);
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
    const right = { ...wrong, data: { ...wrong.data, role: 'user', tags: ['5'] } };
    expect(serializeWith(true)(answer)(right)).toBe(serialize(answer)(right));
  });
});
