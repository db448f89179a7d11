import { describe, expect, it } from 'vitest';
import { chat, credits } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer } from '../../test/harness.js';
import { t, admin, alice, models, stream, newGroup, useChatApp } from './chat.setup.js';

useChatApp();

// The model, allow lists and price a chat reads are kept 5 s (lib/short-cache.ts): an admin's
// change must still reach the very next answer.
describe('chat-process after an admin change', () => {
  it('sees an admin change of the model or its price at once (the reads kept a few seconds)', async () => {
    const groupId = await newGroup(bearer(alice.token));
    const id = models.Fake!;
    const ask = () =>
      stream(bearer(alice.token), { gptModelId: models.Fake, prompt: 'Hi', options: { groupId } });
    expect((await ask()).last).toMatchObject({ done: true, cost: 22 });
    const off = await callEndpoint(t.app, chat.adminUpdateModel, {
      token: admin.token,
      body: { id, enabled: false },
    });
    expect(off.status).toBe(200);
    expect((await ask()).status).toBe(404);
    await callEndpoint(t.app, chat.adminUpdateModel, {
      token: admin.token,
      body: { id, enabled: true },
    });
    const prices = await callEndpoint(t.app, credits.adminListPrices, { token: admin.token });
    const price = prices.body.data.rows.find((p) => p.priceKey === 'fake-chat:chat')!;
    const set = (inputPer1k: number, outputPer1k: number) =>
      callEndpoint(t.app, credits.adminUpdatePrice, {
        token: admin.token,
        body: { id: price.id, inputPer1k, outputPer1k },
      });
    await set(200, 400);
    try {
      // 123 × 200 + 45 × 400, per 1,000 = 42.6 → 43 credits.
      expect((await ask()).last).toMatchObject({ done: true, cost: 43 });
    } finally {
      await set(price.inputPer1k, price.outputPer1k);
    }
  });
});
