import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoint } from '@atelier/contracts';
import type { AppContext } from '../context.js';
import { registerErrorHandling } from './error-handler.js';
import { badRequest, notEnoughCredits, notice } from './errors.js';
import { route } from './route.js';

const echo = endpoint({
  method: 'POST',
  path: '/echo',
  access: 'public',
  summary: 'test',
  tags: ['test'],
  body: z.object({
    username: z.string().min(2),
    email: z.email().optional(),
    age: z.number().int().max(150).optional(),
  }),
  data: z.object({ username: z.string() }),
});
const businessNotice = endpoint({
  method: 'GET',
  path: '/notice',
  access: 'public',
  summary: 't',
  tags: ['t'],
  data: z.null(),
});
const broke = endpoint({
  method: 'GET',
  path: '/broke',
  access: 'public',
  summary: 't',
  tags: ['t'],
  data: z.null(),
});
const limited = endpoint({
  method: 'GET',
  path: '/limited',
  access: 'public',
  summary: 't',
  tags: ['t'],
  data: z.null(),
});
const crash = endpoint({
  method: 'GET',
  path: '/crash',
  access: 'public',
  summary: 't',
  tags: ['t'],
  data: z.null(),
});

const refused = endpoint({
  method: 'GET',
  path: '/refused',
  access: 'public',
  summary: 't',
  tags: ['t'],
  data: z.null(),
});

const away = endpoint({
  method: 'GET',
  path: '/away',
  access: 'public',
  summary: 't',
  tags: ['t'],
  data: z.null(),
});

const text = { 'en-US': 'Already checked in today', 'zh-CN': '今天已签到', 'zh-TW': '今天已簽到' };

describe('the one error handler', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('ctx', {} as AppContext);
    app.decorateRequest('identity', null);
    registerErrorHandling(app);
    await app.register(rateLimit, { global: false });
    route(app, echo, async ({ body }) => ({ username: body.username }));
    route(app, businessNotice, async () => {
      throw notice(text);
    });
    route(app, refused, async () => {
      throw badRequest(text, {}, 'day');
    });
    route(app, broke, async () => {
      throw notEnoughCredits(3, 1);
    });
    route(app, limited, async () => null, { rateLimit: { max: 2, timeWindow: '1 minute' } });
    route(app, crash, async () => {
      throw new Error('database password is hunter2');
    });
    route(app, away, async () => {
      // What node-postgres says when the server shuts down under a query.
      throw Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      });
    });
    await app.ready();
  });
  afterAll(async () => app.close());

  it('wraps data in the envelope', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { username: 'ann' } });
    expect(res.json()).toEqual({
      code: 200,
      success: true,
      message: '成功',
      data: { username: 'ann' },
    });
  });

  it.each([
    ['en-US', 'Username must be at least 2 characters.'],
    ['zh-CN', '用户名至少 2 个字符'],
    ['zh-TW', '使用者名稱至少 2 個字元'],
  ])('says what is wrong with the field as a sentence in %s', async (lang, message) => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'x-lang': lang },
      payload: { username: 'a' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, success: false, message });
    expect(res.json().data.errors[0].field).toBe('username');
  });

  it('says which field is missing and lists every bad field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'accept-language': 'en-GB,en;q=0.8' },
      payload: { email: 'nope', age: 200 },
    });
    const body = res.json();
    expect(body.message).toBe('Username is required.');
    expect(body.data.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'age',
      'email',
      'username',
    ]);
    expect(body.data.errors.find((e: { field: string }) => e.field === 'email').message).toBe(
      'must be a valid email address',
    );
  });

  it('never shows a field name nobody typed: it stays in data.errors for the form', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'x-lang': 'zh-CN' },
      payload: { username: 'ann', age: 200 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('提交的内容不能大于 150');
    expect(res.json().data.errors).toEqual([{ field: 'age', message: '不能大于 150' }]);
  });

  it("says a handler's field error in the caller's language, in data.errors too", async () => {
    const res = await app.inject({ url: '/refused', headers: { 'x-lang': 'zh-TW' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: '今天已簽到',
      data: { errors: [{ field: 'day', message: '今天已簽到' }] },
    });
  });

  it('answers bad JSON with a readable 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'x-lang': 'en-US' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'The request body is not valid JSON',
    });
  });

  it('passes 420 notices and 430 not-enough-credits through with their text', async () => {
    const n = await app.inject({ url: '/notice', headers: { 'x-lang': 'zh-TW' } });
    expect(n.statusCode).toBe(420);
    expect(n.json()).toMatchObject({ code: 420, success: false, message: '今天已簽到' });
    const c = await app.inject({ url: '/broke', headers: { 'x-lang': 'en-US' } });
    expect(c.statusCode).toBe(430);
    expect(c.json()).toMatchObject({
      code: 430,
      success: false,
      message: 'Not enough credits: this needs 3, you have 1. Please recharge.',
    });
  });

  it('rate limits with a 429 envelope', async () => {
    const statuses: number[] = [];
    let last: { code: number; message: string } | undefined;
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ url: '/limited', headers: { 'x-lang': 'en-US' } });
      statuses.push(res.statusCode);
      last = res.json();
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(last).toMatchObject({ code: 429, success: false });
    expect(last?.message).toMatch(/try again in \d+ seconds/);
  });

  it('hides internals of a 5xx', async () => {
    const res = await app.inject({ url: '/crash', headers: { 'x-lang': 'en-US' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json().message).toBe('Something went wrong, please try again later.');
  });

  it.each([
    ['en-US', 'The service is briefly unavailable, please try again in a moment.'],
    ['zh-CN', '服务暂时不可用，请稍后再试。'],
    ['zh-TW', '服務暫時無法使用，請稍後再試。'],
  ])('answers a database or Redis outage with a 503 to try again, in %s', async (lang, message) => {
    const res = await app.inject({ url: '/away', headers: { 'x-lang': lang } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ code: 503, success: false, message, data: null });
  });
});
