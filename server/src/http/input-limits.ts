import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';
import { common } from './messages.js';

/** No request body of ours nests deeper; deeper ones would only exhaust the stack later. */
export const MAX_DEPTH = 32;

/**
 * The path of the first value nested deeper than `max` levels, or null. Iterative, so a body
 * nested 50,000 levels is measured without recursion.
 */
export function tooDeepAt(value: unknown, max = MAX_DEPTH): string | null {
  const stack: Array<{ value: unknown; depth: number; path: string }> = [
    { value, depth: 0, path: '' },
  ];
  while (stack.length > 0) {
    const { value: v, depth, path } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) return path || '(body)';
    for (const [k, child] of Object.entries(v as Record<string, unknown>))
      stack.push({ value: child, depth: depth + 1, path: path ? `${path}.${k}` : k });
  }
  return null;
}

/** Refuses bodies nested too deeply with a 400 naming the field, before validation runs. */
export function registerInputLimits(app: FastifyInstance): void {
  // A callback hook: a read without a body (most requests) costs no promise.
  app.addHook('preValidation', (req, _reply, done) => {
    if (req.body === null || typeof req.body !== 'object') return done();
    const at = tooDeepAt(req.body);
    if (at === null) return done();
    const field = at.split('.').slice(0, 3).join('.');
    done(
      new AppError(
        400,
        common.tooDeep,
        { field, max: MAX_DEPTH },
        {
          errors: [{ field, message: `nested too deeply (at most ${MAX_DEPTH} levels)` }],
        },
      ),
    );
  });
}
