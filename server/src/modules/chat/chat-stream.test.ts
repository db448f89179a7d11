import { describe, expect, it } from 'vitest';
import { chat, credits } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearer } from '../../test/harness.js';
import { createUser } from '../../test/users.js';
import {
  fake,
  t,
  admin,
  alice,
  bob,
  models,
  stream,
  newGroup,
  balance,
  logsOf,
  fund,
  chargesOf,
  useChatApp,
} from './chat.setup.js';
import { answersWaitingForProvider } from './stream.js';
import { until } from '../../../test/task-support.js';

useChatApp();

describe('chat-process through an OpenAI-compatible upstream', () => {
  it('relays the text exactly, saves both messages and charges by the upstream usage', async () => {
    const groupId = await newGroup(bearer(alice.token));
    const before = await balance(alice.userId);
    const r = await stream(bearer(alice.token), {
      gptModelId: models.Fake,
      prompt: 'Say hello please',
      options: { groupId, usingContext: true },
      systemMessage: 'You are terse.',
    });
    expect(r.status).toBe(200);
    expect(r.lines.length).toBeGreaterThan(3);
    const deltas = r.lines.filter((l) => !l.done).map((l) => l.delta);
    expect(deltas.join('')).toBe(fake.reply);
    expect(r.lines.at(-2)!.text).toBe(fake.reply);
    // 123 prompt tokens × 100 + 45 completion tokens × 200, per 1,000 = 21.3 → 22 credits.
    expect(r.last).toMatchObject({
      done: true,
      text: fake.reply,
      cost: 22,
      usage: { promptTokens: 123, completionTokens: 45, source: 'upstream' },
      credits: before - 22,
    });
    expect(await balance(alice.userId)).toBe(before - 22);
    const sent = fake.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk-fake-provider-key');
    expect(sent.body).toMatchObject({
      model: 'gpt-fake',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Say hello please' },
      ],
    });
    const logs = await logsOf(bearer(alice.token), groupId);
    expect(logs.map((l) => [l.role, l.content, l.status])).toEqual([
      ['user', 'Say hello please', 'done'],
      ['assistant', fake.reply, 'done'],
    ]);
    expect(logs[1]!.credits).toBe(22);
    expect(r.last!.id).toBe(logs[1]!.id);
    const groups = await callEndpoint(t.app, chat.listGroups, { token: alice.token });
    expect(groups.body.data.rows.find((g) => g.id === groupId)!.title).toBe('Say hello please');
  });

  it('sends earlier messages with context on, trimmed to the window, and none with it off', async () => {
    const groupId = await newGroup(bearer(alice.token));
    const ask = (prompt: string, usingContext: boolean, model = models.Fake) =>
      stream(bearer(alice.token), {
        gptModelId: model,
        prompt,
        options: { groupId, usingContext },
      });
    await ask('first question', true);
    await ask('second question', true);
    expect(fake.requests.at(-1)!.body.messages).toEqual([
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: fake.reply },
      { role: 'user', content: 'second question' },
    ]);
    await ask('third, alone', false);
    expect(fake.requests.at(-1)!.body.messages).toEqual([
      { role: 'user', content: 'third, alone' },
    ]);
    // A 400-token window with 100 for the answer: only the newest history fits.
    const long = 'word '.repeat(400);
    await ask(long, false);
    await ask('short one', true, models['Fake small']);
    const sent = fake.requests.at(-1)!.body;
    expect(sent.max_tokens).toBe(100);
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'short one' });
    expect(sent.messages.map((m) => m.content)).not.toContain(long.trim());
    expect(sent.messages.map((m) => m.content)).not.toContain(long);
    expect(sent.messages.length).toBeGreaterThan(1);
  });

  it('charges nothing on an upstream 500, an old-style error body or a mid-stream error', async () => {
    const groupId = await newGroup(bearer(alice.token));
    const before = await balance(alice.userId);
    const charges = (await chargesOf(alice.userId)).length;
    for (const [model, expected] of [
      ['Fake 500', /could not give an answer/],
      ['Fake old error', /refused the request/],
      ['Fake midstream', /could not give an answer/],
    ] as const) {
      const r = await stream(bearer(alice.token), {
        gptModelId: models[model],
        prompt: 'fail please',
        options: { groupId },
      });
      expect(r.status).toBe(200);
      expect(r.last!.done).toBe(true);
      expect(r.last!.error).toMatch(/nothing was charged/);
      expect(r.last!.error).toMatch(expected);
      // A sentence for the user, never the upstream's own text (that goes to the log).
      expect(r.last!.error).not.toMatch(/500|model not loaded|crashed/);
      expect(r.last!.cost).toBe(0);
      expect(r.last!.credits).toBe(before);
    }
    expect(await balance(alice.userId)).toBe(before);
    expect((await chargesOf(alice.userId)).length).toBe(charges);
    const logs = await logsOf(bearer(alice.token), groupId);
    expect(logs.filter((l) => l.role === 'assistant').map((l) => l.status)).toEqual([
      'error',
      'error',
      'error',
    ]);
    // What the mid-stream failure produced is kept in the log.
    expect(logs.at(-1)!.content).toBe([...fake.reply].slice(0, 14).join(''));
  });

  it('ends a silent upstream with a timeout and charges nothing', async () => {
    const groupId = await newGroup(bearer(alice.token));
    const before = await balance(alice.userId);
    const started = Date.now();
    const r = await stream(bearer(alice.token), {
      gptModelId: models['Fake hang'],
      prompt: 'hang',
      options: { groupId },
    });
    // The upstream never answers: the bound tells the 1 s limit from waiting forever.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(r.last!.error).toMatch(/took too long to answer/);
    expect(await balance(alice.userId)).toBe(before);
  });

  it('aborts the upstream when the client leaves and charges only what was produced', async () => {
    const groupId = await newGroup(bearer(alice.token));
    const before = await balance(alice.userId);
    const aborted = fake.aborted;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const firstLine = await new Promise<chat.ChatStreamLine>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/chatgpt/chat-process',
          headers: { 'content-type': 'application/json', ...bearer(alice.token) },
        },
        (res) => {
          let buf = '';
          res.on('data', (c: Buffer) => {
            buf += c.toString('utf8');
            // The first line (the saved answer's id) comes before any text: left at the first text.
            for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
              const line = JSON.parse(buf.slice(0, nl)) as chat.ChatStreamLine;
              buf = buf.slice(nl + 1);
              if (line.text === '') continue;
              req.destroy();
              resolve(line);
              return;
            }
          });
        },
      );
      req.on('error', () => undefined);
      req.end(
        JSON.stringify({
          gptModelId: models['Fake slow'],
          prompt: 'stream slowly',
          options: { groupId },
        }),
      );
      setTimeout(() => reject(new Error('no line')), 5000);
    });
    expect(firstLine.done).toBe(false);
    await fake.waitForAborts(aborted + 1);
    const pieces = fake.piecesBeforeAbort.at(-1)!;
    expect(pieces).toBeLessThan(Math.ceil([...fake.reply].length / fake.pieceSize));
    let assistant: chat.ChatLog | undefined;
    for (let i = 0; i < 100; i++) {
      assistant = (await logsOf(bearer(alice.token), groupId)).find((l) => l.role === 'assistant');
      if (assistant?.credits) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(assistant!.status).toBe('partial');
    expect(fake.reply.startsWith(assistant!.content)).toBe(true);
    expect(assistant!.content.length).toBeLessThan(fake.reply.length);
    expect(assistant!.content.length).toBeGreaterThan(0);
    // Charged on the estimate of what was produced, not on the 500-token maximum held.
    const expected = Math.ceil(
      (assistant!.promptTokens * 100 + assistant!.completionTokens * 200) / 1000,
    );
    expect(assistant!.credits).toBe(expected);
    expect(assistant!.completionTokens).toBeLessThan(30);
    expect(await balance(alice.userId)).toBe(before - expected);
    const hold = await t.app.ctx.db.kysely
      .selectFrom('credit_holds')
      .select(['status', 'amount', 'actual_amount'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(hold.status).toBe('settled');
    expect(hold.actual_amount).toBe(expected);
    expect(hold.amount).toBeGreaterThan(expected);
  });

  it('limits each user to two answers at a time', async () => {
    const groupId = await newGroup(bearer(bob.token));
    const seen = fake.requests.length;
    const body = { gptModelId: models['Fake slow'], prompt: 'slow', options: { groupId } };
    const first = stream(bearer(bob.token), body);
    const second = stream(bearer(bob.token), body);
    while (fake.requests.length < seen + 2) await new Promise((r) => setTimeout(r, 10));
    const third = await stream(bearer(bob.token), body);
    expect(third.status).toBe(429);
    expect(third.res.json()).toMatchObject({ code: 429, success: false });
    expect((await first).last!.done).toBe(true);
    expect((await second).last!.done).toBe(true);
    expect((await stream(bearer(bob.token), { ...body, gptModelId: models.Fake })).status).toBe(
      200,
    );
  });

  it('cuts the call and charges nothing when the balance was spent while it waited', async () => {
    // The balance is read before anything is sent and held just before the call; a chat
    // waiting for the provider's only slot meets a balance spent in the meantime.
    const carol = await createUser(t.app);
    await fund(carol.userId, 1000);
    const groupId = await newGroup(bearer(carol.token));
    const seen = fake.requests.length;
    const first = stream(bearer(carol.token), {
      gptModelId: models['One slot'],
      prompt: 'slow',
      options: { groupId },
    });
    while (fake.requests.length < seen + 1) await new Promise((r) => setTimeout(r, 5));
    const second = stream(bearer(carol.token), {
      gptModelId: models['One slot fast'],
      prompt: 'waits for the slot',
      options: { groupId },
    });
    // The second has read the balance and waits for the provider's only slot.
    await until(async () => answersWaitingForProvider(t.app.ctx) > 0, 25_000, 'the second waiting');
    // The first answer's hold is written before its request leaves: read the balance after it.
    const holds = () =>
      t.app.ctx.db.kysely
        .selectFrom('credit_holds')
        .select('id')
        .where('user_id', '=', carol.userId)
        .execute();
    while ((await holds()).length < 1) await new Promise((r) => setTimeout(r, 5));
    const left = await balance(carol.userId);
    const spent = await callEndpoint(t.app, credits.adminAdjustBalance, {
      token: admin.token,
      body: {
        userId: carol.userId,
        amount: -left,
        reason: 'spent elsewhere',
      },
    });
    expect(spent.status).toBe(200);
    expect((await first).last).toMatchObject({ done: true, text: fake.reply });
    const refused = await second;
    expect(refused.status).toBe(200);
    expect(refused.last).toMatchObject({ done: true, cost: 0 });
    expect(refused.last!.error).toMatch(/Not enough credits/);
    expect(refused.lines.filter((l) => !l.done)).toEqual([]);
    // Held before the call: the refused answer never reached the provider.
    const asked = fake.requests.filter((r) =>
      JSON.stringify(r.body).includes('waits for the slot'),
    );
    expect(asked).toEqual([]);
    // Only the first answer was charged and saved.
    expect((await chargesOf(carol.userId)).length).toBe(1);
    const logs = await logsOf(bearer(carol.token), groupId);
    expect(logs.map((l) => l.content)).toEqual(['slow', fake.reply]);
    expect(await balance(carol.userId)).toBe((await first).last!.credits);
  });

  it('sends an image to vision models as an image part and refuses it for others', async () => {
    const groupId = await newGroup(bearer(alice.token));
    // A public address (an IP literal: the test resolves no name).
    const image_url = 'https://93.184.215.14/cat.png';
    const refused = await stream(bearer(alice.token), {
      gptModelId: models.Fake,
      prompt: 'what is this?',
      image_url,
      options: { groupId },
    });
    expect(refused.status).toBe(400);
    const r = await stream(bearer(alice.token), {
      gptModelId: models['Fake vision'],
      prompt: 'what is this?',
      image_url,
      options: { groupId },
    });
    expect(r.status).toBe(200);
    expect(fake.requests.at(-1)!.body.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'what is this?' },
        { type: 'image_url', image_url: { url: image_url } },
      ],
    });
    expect((await logsOf(bearer(alice.token), groupId))[0]!.imageUrl).toBe(image_url);
  });

  it("refuses picture addresses on the server's own network before anything goes upstream", async () => {
    const groupId = await newGroup(bearer(alice.token));
    const calls = fake.requests.length;
    for (const image_url of [
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'http://127.0.0.1:6379/',
      'http://[::ffff:10.0.0.1]/x.png',
      'file:///etc/passwd',
      'data:image/svg+xml,<svg/>',
    ]) {
      const r = await stream(bearer(alice.token), {
        gptModelId: models['Fake vision'],
        prompt: 'what is this?',
        image_url,
        options: { groupId },
      });
      expect(r.status, image_url).toBe(400);
      expect(r.res.body, image_url).toContain('image_url');
    }
    expect(fake.requests.length).toBe(calls);
  });

  it('answers the envelope before the stream starts: 400, 401, 403, 404, 430', async () => {
    const groupId = await newGroup(bearer(alice.token));
    const calls = fake.requests.length;
    const poor = await createUser(t.app);
    const poorGroup = await newGroup(bearer(poor.token));
    const cases: Array<[Record<string, string>, unknown, number]> = [
      [{}, { gptModelId: models.Fake, prompt: 'x', options: { groupId } }, 401],
      [bearer(alice.token), { gptModelId: models.Fake, prompt: '', options: { groupId } }, 400],
      [bearer(alice.token), { gptModelId: models.Fake, prompt: 'x', options: {} }, 400],
      [bearer(alice.token), { gptModelId: 99999, prompt: 'x', options: { groupId } }, 404],
      [
        bearer(alice.token),
        { gptModelId: models['Fake VIP'], prompt: 'x', options: { groupId } },
        403,
      ],
      [
        bearer(poor.token),
        { gptModelId: models.Fake, prompt: 'x', options: { groupId: poorGroup } },
        430,
      ],
    ];
    for (const [headers, body, status] of cases) {
      const r = await stream(headers, body);
      expect([r.status, r.res.json<{ code: number }>().code]).toEqual([status, status]);
    }
    expect(fake.requests.length).toBe(calls);
    expect(await logsOf(bearer(poor.token), poorGroup)).toEqual([]);
  });
});
