import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../http/errors.js';
import { isOutage } from '../../lib/outage.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { assertHuman, HEADER, markIp, newChallenge, solve } from './captcha.js';

/*
 * A solved captcha whose use cannot be written because the database is away is an outage (the
 * request answers 503, docs/deploy.md "Outages"), not a wrong solution (a 403 and a new
 * challenge to solve again, for nothing).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const request = (ip: string, solution: string) =>
  ({ ip, headers: { [HEADER]: solution } }) as unknown as FastifyRequest;

describe('a captcha solution while the database is away', () => {
  it('fails as the outage it is, and is still good once the database is back', async () => {
    const { ctx } = t.app;
    await markIp(ctx, '10.7.0.1');
    const solution = solve(newChallenge(ctx).challenge);
    const lost = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const insert = vi.spyOn(ctx.db.kysely, 'insertInto').mockImplementationOnce(() => {
      throw lost;
    });
    const failed = await assertHuman(ctx, request('10.7.0.1', solution)).catch((e: unknown) => e);
    expect(insert).toHaveBeenCalledWith('captcha_uses');
    expect(failed).toBe(lost);
    expect(isOutage(failed)).toBe(true);
    insert.mockRestore();

    // Back: the same solution is spent once, and a second use is refused (403, a challenge).
    await assertHuman(ctx, request('10.7.0.1', solution));
    const again = await assertHuman(ctx, request('10.7.0.1', solution)).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(AppError);
    expect((again as AppError).status).toBe(403);
  });
});
