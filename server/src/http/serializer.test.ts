import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '@atelier/contracts';
import { compileJson, serializerCompiler } from './serializer.js';

const user = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  role: z.enum(['guest', 'user']),
  tags: z.array(z.string()),
  extra: z.union([z.object({ kind: z.literal('a'), n: z.number() }), z.string()]).optional(),
});
const answer = envelope(user);
const serialize = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

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
});
