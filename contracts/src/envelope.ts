import { z } from 'zod';

/** Every JSON response: `{ code, success, message, data }`, `code` equal to the HTTP status. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int(),
    success: z.boolean(),
    message: z.string(),
    data,
  });

export type Envelope<T> = { code: number; success: boolean; message: string; data: T };

/** One invalid field of a request, as listed in a 400 answer's `data.errors`. */
export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;

export const errorData = z.object({ errors: z.array(fieldError).optional() }).nullable();

/** Lists are `data: { rows, count }`. */
export const listOf = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), count: z.number().int() });

export type List<T> = { rows: T[]; count: number };

/**
 * An integer read from a query string: only digits (`"3"`) become a number, so `"3.5"`,
 * `" 3"`, `"1e3"`, `"true"` and `"-1"` are refused by `schema` like any other non-number.
 * JSON bodies do not use this: their integers are `z.number().int()` and take no strings.
 */
export const queryInt = <S extends z.ZodType<number, number>>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v), schema);

/** `page` from 1, `size` up to 1,000 (the spec's menu list asks for 1,000). */
export const pageQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(1000)).default(12),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** ISO-8601 UTC timestamp, as every API time is sent. */
export const isoTime = z.string();

/** A boolean sent in a query string or a form: `1`, `true`, `0`, `false`. */
export const flag = z.union([
  z.boolean(),
  z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true'),
  z.literal(0).transform(() => false),
  z.literal(1).transform(() => true),
]);
