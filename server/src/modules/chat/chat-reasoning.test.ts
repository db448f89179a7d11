import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { chat } from '@atelier/contracts';
import { until } from '../../../test/task-support.js';
import { countTokens } from '../../providers/chat/index.js';
import { bearer } from '../../test/harness.js';
import { createUser } from '../../test/users.js';
import {
  fake,
  t,
  models,
  stream,
  newGroup,
  balance,
  logsOf,
  fund,
  chargesOf,
  useChatApp,
} from './chat.setup.js';

useChatApp();

/** One question to a model in a fresh group of a fresh, funded user. */
async function askOnce(model: string, options: Record<string, unknown> = {}) {
  const user = await createUser(t.app);
  await fund(user.userId, 10_000);
  const headers = bearer(user.token);
  const groupId = await newGroup(headers);
  const sent = fake.requests.length;
  const r = await stream(headers, {
    gptModelId: models[model],
    prompt: 'Hello there',
    options: { groupId, ...options },
  });
  return { ...r, user, headers, groupId, requests: fake.requests.slice(sent) };
}

const holdsOf = (userId: number) =>
  t.app.ctx.db.kysely
    .selectFrom('credit_holds')
    .select(['status'])
    .where('user_id', '=', userId)
    .execute();

describe('reasoning models: the token limit and sampling settings they take', () => {
  it('asks o-series and gpt-5 for max_completion_tokens, without temperature or top_p', async () => {
    for (const [model, upstream] of [
      ['O3 mini', 'o3-mini'],
      ['GPT-5', 'gpt-5'],
    ] as const) {
      const r = await askOnce(model, { temperature: 0.7, top_p: 0.9 });
      expect(r.last).toMatchObject({ done: true, text: fake.reply });
      expect(r.last!.error).toBeUndefined();
      expect(r.requests).toHaveLength(1);
      const body = r.requests[0]!.body;
      expect(body.model).toBe(upstream);
      expect(body.max_completion_tokens).toBe(500);
      expect(body).not.toHaveProperty('max_tokens');
      expect(body).not.toHaveProperty('temperature');
      expect(body).not.toHaveProperty('top_p');
    }
    // Other models keep max_tokens and the sampling settings asked for.
    const other = await askOnce('Fake', { temperature: 0.7, top_p: 0.9 });
    expect(other.requests[0]!.body).toMatchObject({
      max_tokens: 500,
      temperature: 0.7,
      top_p: 0.9,
    });
    expect(other.requests[0]!.body).not.toHaveProperty('max_completion_tokens');
  });

  it('asks once more under the other name when the limit is refused, with one hold and charge', async () => {
    fake.refuseMaxTokens.add('house-model');
    const r = await askOnce('House model');
    expect(r.last).toMatchObject({ done: true, text: fake.reply, usage: { source: 'upstream' } });
    expect(r.last!.error).toBeUndefined();
    expect(r.requests.map((q) => Object.keys(q.body).filter((k) => k.startsWith('max_')))).toEqual([
      ['max_tokens'],
      ['max_completion_tokens'],
    ]);
    expect(await chargesOf(r.user.userId)).toEqual([{ kind: 'charge', amount: -r.last!.cost! }]);
    expect(await holdsOf(r.user.userId)).toEqual([{ status: 'settled' }]);
    // The endpoint keeps the name the model took: the next question asks with it at once.
    const again = await askOnce('House model');
    expect(again.requests).toHaveLength(1);
    expect(again.requests[0]!.body.max_completion_tokens).toBe(500);

    // The other way: a server that refuses max_completion_tokens for an o-series name.
    fake.refuseMaxCompletionTokens.add('o3-legacy');
    const legacy = await askOnce('O3 legacy');
    expect(legacy.last).toMatchObject({ done: true, text: fake.reply });
    expect(legacy.requests.map((q) => q.body.max_tokens ?? q.body.max_completion_tokens)).toEqual([
      500, 500,
    ]);
    expect(legacy.requests[1]!.body).toHaveProperty('max_tokens', 500);
  });

  it('asks only once more: a second refusal ends the answer and charges nothing', async () => {
    fake.refuseMaxTokens.add('refuses-both');
    fake.refuseMaxCompletionTokens.add('refuses-both');
    const r = await askOnce('Refuses both');
    expect(r.requests).toHaveLength(2);
    expect(r.last).toMatchObject({ done: true, cost: 0 });
    expect(r.last!.error).toMatch(/nothing was charged/);
    expect(await balance(r.user.userId)).toBe(10_000);
    expect(await chargesOf(r.user.userId)).toEqual([]);
    expect(await holdsOf(r.user.userId)).toEqual([{ status: 'released' }]);
  });
});

describe('reasoning models: the thinking', () => {
  it('streams reasoning_content before the answer, saves it, and never sends it back', async () => {
    const r = await askOnce('Reasoner');
    const thinking = r.lines.filter((l) => l.reasoningDelta !== undefined);
    const answer = r.lines.filter((l) => !l.done && l.delta !== '');
    expect(thinking.map((l) => l.reasoningDelta).join('')).toBe(fake.reasoning);
    expect(thinking.at(-1)!.reasoning).toBe(fake.reasoning);
    expect(answer.map((l) => l.delta).join('')).toBe(fake.reply);
    // All thinking came first, and the answer's lines stay short.
    expect(r.lines.indexOf(thinking.at(-1)!)).toBeLessThan(r.lines.indexOf(answer[0]!));
    expect(answer.every((l) => l.reasoning === undefined)).toBe(true);
    // Billed on the upstream's usage: completion_tokens holds the 60 reasoning tokens.
    // (123 × 100 + (45 + 60) × 200) / 1,000 = 33.3 → 34 credits.
    expect(r.last).toMatchObject({
      done: true,
      text: fake.reply,
      reasoning: fake.reasoning,
      usage: { promptTokens: 123, completionTokens: 105, reasoningTokens: 60, source: 'upstream' },
      cost: 34,
    });
    expect(r.last!.reasoningMs).toBeGreaterThanOrEqual(0);
    const logs = await logsOf(r.headers, r.groupId);
    expect(logs[1]).toMatchObject({
      role: 'assistant',
      content: fake.reply,
      reasoning: fake.reasoning,
      reasoningMs: r.last!.reasoningMs,
      credits: 34,
    });
    expect(logs[0]!.reasoning).toBe('');

    // The next question's context has the answer but not its thinking (DeepSeek refuses it).
    const sent = fake.requests.length;
    const next = await stream(r.headers, {
      gptModelId: models.Reasoner,
      prompt: 'And again',
      options: { groupId: r.groupId, usingContext: true },
    });
    expect(next.last!.error).toBeUndefined();
    const context = fake.requests[sent]!.body.messages;
    expect(context).toEqual([
      { role: 'user', content: 'Hello there' },
      { role: 'assistant', content: fake.reply },
      { role: 'user', content: 'And again' },
    ]);
    expect(JSON.stringify(context)).not.toContain('Let me think');
  });

  it('reads the thinking a relay names `reasoning`', async () => {
    const r = await askOnce('Relay reasoning');
    expect(r.requests[0]!.body.model).toBe('vendor/relay-reasoning-1');
    expect(r.last).toMatchObject({ done: true, text: fake.reply, reasoning: fake.reasoning });
    expect((await logsOf(r.headers, r.groupId))[1]!.reasoning).toBe(fake.reasoning);
  });

  it('counts the thinking in the estimate when the upstream reports no usage', async () => {
    fake.withholdUsage = true;
    try {
      const r = await askOnce('Reasoner');
      expect(r.last!.usage).toMatchObject({
        source: 'estimate',
        completionTokens: countTokens(fake.reply) + countTokens(fake.reasoning),
      });
      expect(r.last!.cost).toBeGreaterThan(0);
    } finally {
      fake.withholdUsage = false;
    }
  });
});

describe('reasoning models: a reader who leaves while the model thinks', () => {
  it('pays for the thinking produced, which is saved with the partial answer', async () => {
    const user = await createUser(t.app);
    await fund(user.userId, 10_000);
    const headers = bearer(user.token);
    const groupId = await newGroup(headers);
    let letAnswer = () => {};
    fake.thinkingGate = new Promise<void>((resolve) => (letAnswer = resolve));
    const aborted = fake.aborted;
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      // The client reads until the whole thinking has come, then leaves.
      await new Promise<void>((resolve) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/chatgpt/chat-process',
            headers: { 'content-type': 'application/json', ...headers },
          },
          (res) => {
            let buf = '';
            res.on('data', (c: Buffer) => {
              buf += c.toString('utf8');
              const lines = buf.split('\n').filter(Boolean);
              const seen = lines.map((l) => JSON.parse(l) as chat.ChatStreamLine);
              if (seen.some((l) => l.reasoning === fake.reasoning)) {
                req.destroy();
                resolve();
              }
            });
          },
        );
        req.on('error', () => undefined);
        req.end(
          JSON.stringify({ gptModelId: models.Reasoner, prompt: 'Think', options: { groupId } }),
        );
      });
      await fake.waitForAborts(aborted + 1);
    } finally {
      fake.thinkingGate = null;
      letAnswer();
    }
    const answer = await until(async () => {
      const row = (await logsOf(headers, groupId)).find((l) => l.role === 'assistant');
      return row?.credits ? row : undefined;
    });
    expect(answer).toMatchObject({ status: 'partial', content: '', reasoning: fake.reasoning });
    expect(answer.completionTokens).toBe(countTokens(fake.reasoning));
    expect(await chargesOf(user.userId)).toEqual([{ kind: 'charge', amount: -answer.credits }]);
  });
});

describe('answers cut by the upstream', () => {
  it('says why on the last line and in the history: the length limit, the content filter', async () => {
    for (const [model, reason] of [
      ['Fake length', 'length'],
      ['Fake filter', 'content_filter'],
    ] as const) {
      const r = await askOnce(model);
      expect(r.last).toMatchObject({ done: true, text: fake.reply, finishReason: reason });
      expect((await logsOf(r.headers, r.groupId))[1]!.finishReason).toBe(reason);
    }
    const plain = await askOnce('Fake');
    expect(plain.last!.finishReason).toBeUndefined();
    expect((await logsOf(plain.headers, plain.groupId))[1]!.finishReason).toBeNull();
  });
});
