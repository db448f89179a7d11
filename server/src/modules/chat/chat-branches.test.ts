import { describe, expect, it } from 'vitest';
import { chat } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer } from '../../test/harness.js';
import { nowIso } from '../../db/database.js';
import type { MigrationDb } from '../../db/column-types.js';
import { fillLinearPaths } from '../../db/migrations/0075_chat_branches.js';
import {
  fake,
  t,
  alice,
  bob,
  models,
  stream,
  newGroup,
  balance,
  logsOf,
  chargesOf,
  useChatApp,
} from './chat.setup.js';

useChatApp();

/** Sends a question with the fake answering `answer`; answers the last line. */
async function ask(
  h: Record<string, string>,
  groupId: number,
  prompt: string,
  answer: string,
  extra: Record<string, unknown> = {},
  model = models.Fake,
) {
  fake.reply = answer;
  const r = await stream(h, { gptModelId: model, prompt, options: { groupId, ...extra } });
  return r;
}

/** What the last upstream call was sent, as role: text. */
const sentUpstream = () =>
  fake.requests.at(-1)!.body.messages.map((m) => `${m.role}: ${String(m.content)}`);

const texts = (rows: chat.ChatLog[]) => rows.map((r) => `${r.role}: ${r.content}`);

describe('edit and branch', () => {
  it('keeps an edited question and its answer as branches, and sends only the branch on screen', async () => {
    const h = bearer(alice.token);
    const groupId = await newGroup(h);
    await ask(h, groupId, 'Q1', 'A1');
    await ask(h, groupId, 'Q2', 'A2');
    const before = await logsOf(h, groupId);
    const q2 = before[2]!;
    expect(q2.parentId).toBe(before[1]!.id);
    expect(q2.siblings).toEqual([q2.id]);

    // Edit Q2: sent after Q2's parent (A1); the earlier Q2 and A2 stay as a branch.
    const r = await ask(h, groupId, 'Q2 edited', 'A2 edited', { parentId: q2.parentId });
    expect(r.last).toMatchObject({ done: true, text: 'A2 edited' });
    expect(sentUpstream()).toEqual(['user: Q1', 'assistant: A1', 'user: Q2 edited']);
    const after = await logsOf(h, groupId);
    expect(texts(after)).toEqual([
      'user: Q1',
      'assistant: A1',
      'user: Q2 edited',
      'assistant: A2 edited',
    ]);
    expect(after[2]!.siblings).toEqual([q2.id, after[2]!.id]);

    // The next question follows the branch on screen.
    await ask(h, groupId, 'Q3', 'A3');
    expect(sentUpstream()).toEqual([
      'user: Q1',
      'assistant: A1',
      'user: Q2 edited',
      'assistant: A2 edited',
      'user: Q3',
    ]);

    // Switching to the first version of Q2 shows its answer; the next question follows it.
    const switched = await callEndpoint(t.app, chat.switchBranch, {
      headers: h,
      body: { groupId, id: q2.id },
    });
    expect(switched.status).toBe(200);
    expect(texts(switched.body.data.rows)).toEqual([
      'user: Q1',
      'assistant: A1',
      'user: Q2',
      'assistant: A2',
    ]);
    expect(texts(await logsOf(h, groupId))).toEqual(texts(switched.body.data.rows));
    await ask(h, groupId, 'Q3 again', 'A3 again');
    expect(sentUpstream()).toEqual([
      'user: Q1',
      'assistant: A1',
      'user: Q2',
      'assistant: A2',
      'user: Q3 again',
    ]);

    // Back to the edited branch: its newest continuation (Q3, A3) is shown again.
    const edited = after[2]!.id;
    const back = await callEndpoint(t.app, chat.switchBranch, {
      headers: h,
      body: { groupId, id: edited },
    });
    expect(texts(back.body.data.rows).slice(-2)).toEqual(['user: Q3', 'assistant: A3']);

    // Editing the first question (parent 0) starts a branch at the chat's start.
    await ask(h, groupId, 'Q1 edited', 'A1 edited', { parentId: 0 });
    expect(sentUpstream()).toEqual(['user: Q1 edited']);
    const rows = await logsOf(h, groupId);
    expect(texts(rows)).toEqual(['user: Q1 edited', 'assistant: A1 edited']);
    expect(rows[0]!.siblings).toHaveLength(2);
  });

  it('regenerates an answer with another model as a sibling, charged like any answer', async () => {
    const h = bearer(alice.token);
    const groupId = await newGroup(h);
    await ask(h, groupId, 'Q1', 'A1');
    await ask(h, groupId, 'Q2', 'A2');
    const [, , q2, a2] = await logsOf(h, groupId);
    const credits = await balance(alice.userId);
    const charges = (await chargesOf(alice.userId)).length;

    const r = await ask(
      h,
      groupId,
      'ignored',
      'A2 by the other',
      { regenerateOf: q2!.id },
      models['One slot fast'],
    );
    expect(r.last).toMatchObject({ done: true, text: 'A2 by the other' });
    expect(r.last!.cost).toBeGreaterThan(0);
    expect(await balance(alice.userId)).toBe(credits - r.last!.cost!);
    expect((await chargesOf(alice.userId)).length).toBe(charges + 1);
    // The saved question is asked again, after its own branch.
    expect(sentUpstream()).toEqual(['user: Q1', 'assistant: A1', 'user: Q2']);
    const rows = await logsOf(h, groupId);
    expect(texts(rows)).toEqual([
      'user: Q1',
      'assistant: A1',
      'user: Q2',
      'assistant: A2 by the other',
    ]);
    expect(rows[3]).toMatchObject({ model: 'One slot fast', parentId: q2!.id });
    expect(rows[3]!.siblings).toEqual([a2!.id, rows[3]!.id]);
    // Only one question was saved.
    expect(rows[2]!.id).toBe(q2!.id);

    // A failed regeneration charges nothing; its empty answer is a branch that sends nothing.
    const poorer = await balance(alice.userId);
    const failed = await ask(h, groupId, 'x', '', { regenerateOf: q2!.id }, models['Fake 500']);
    expect(failed.last?.error).toBeTruthy();
    expect(failed.last?.cost).toBe(0);
    expect(await balance(alice.userId)).toBe(poorer);
    expect((await chargesOf(alice.userId)).length).toBe(charges + 1);

    // Back to the first answer: it is the context again.
    await callEndpoint(t.app, chat.switchBranch, { headers: h, body: { groupId, id: a2!.id } });
    await ask(h, groupId, 'Q3', 'A3');
    expect(sentUpstream()).toEqual([
      'user: Q1',
      'assistant: A1',
      'user: Q2',
      'assistant: A2',
      'user: Q3',
    ]);
  });

  it("refuses another user's messages and groups as parents, regenerations and branches", async () => {
    const a = bearer(alice.token);
    const b = bearer(bob.token);
    const aliceGroup = await newGroup(a);
    await ask(a, aliceGroup, 'secret question', 'secret answer');
    const [q, ans] = await logsOf(a, aliceGroup);
    const bobGroup = await newGroup(b);
    const calls = fake.requests.length;

    const asParent = await ask(b, bobGroup, 'hi', 'x', { parentId: ans!.id });
    expect(asParent.status).toBe(404);
    expect(asParent.res.json()).toMatchObject({
      data: { errors: [{ field: 'options.parentId' }] },
    });
    const asRegen = await ask(b, bobGroup, 'hi', 'x', { regenerateOf: q!.id });
    expect(asRegen.status).toBe(404);
    expect(asRegen.res.json()).toMatchObject({
      data: { errors: [{ field: 'options.regenerateOf' }] },
    });
    // An answer is not a question to answer again, even one's own.
    expect((await ask(a, aliceGroup, 'hi', 'x', { regenerateOf: ans!.id })).status).toBe(404);
    expect(fake.requests.length).toBe(calls);

    for (const body of [
      { groupId: aliceGroup, id: q!.id },
      { groupId: bobGroup, id: q!.id },
    ]) {
      const res = await callEndpoint(t.app, chat.switchBranch, { headers: b, body });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('secret');
    }
    expect(texts(await logsOf(a, aliceGroup))).toEqual([
      'user: secret question',
      'assistant: secret answer',
    ]);
  });

  it('deleting a message keeps what followed it on the branch', async () => {
    const h = bearer(bob.token);
    const groupId = await newGroup(h);
    await ask(h, groupId, 'Q1', 'A1');
    await ask(h, groupId, 'Q2', 'A2');
    const [, a1, , a2] = await logsOf(h, groupId);
    await callEndpoint(t.app, chat.deleteMessage, { headers: h, body: { id: a1!.id } });
    expect(texts(await logsOf(h, groupId))).toEqual(['user: Q1', 'user: Q2', 'assistant: A2']);
    await callEndpoint(t.app, chat.deleteMessage, { headers: h, body: { id: a2!.id } });
    expect(texts(await logsOf(h, groupId))).toEqual(['user: Q1', 'user: Q2']);
    await ask(h, groupId, 'Q3', 'A3');
    expect(sentUpstream()).toEqual(['user: Q1', 'user: Q2', 'user: Q3']);
  });

  it('the migration makes each existing chat one straight path', async () => {
    const h = bearer(bob.token);
    const groupId = await newGroup(h);
    const db = t.app.ctx.db.kysely;
    const base = {
      user_id: bob.userId,
      group_id: groupId,
      app_id: null,
      image_url: null,
      model: 'Fake',
      status: 'done' as const,
      prompt_tokens: 0,
      completion_tokens: 0,
      credits: 0,
      created_at: nowIso(),
    };
    // Rows as they were written before branches: no parent, no leaf.
    for (const [role, content] of [
      ['user', 'old Q1'],
      ['assistant', 'old A1'],
      ['user', 'old Q2'],
      ['assistant', 'old A2'],
    ] as const)
      await db
        .insertInto('chat_logs')
        .values({ ...base, role, content, parent_id: null })
        .execute();
    await fillLinearPaths(db as unknown as MigrationDb);
    const rows = await logsOf(h, groupId);
    expect(texts(rows)).toEqual([
      'user: old Q1',
      'assistant: old A1',
      'user: old Q2',
      'assistant: old A2',
    ]);
    expect(rows.every((r) => r.siblings.length === 1)).toBe(true);
    await ask(h, groupId, 'new Q', 'new A');
    expect(sentUpstream()).toEqual([
      'user: old Q1',
      'assistant: old A1',
      'user: old Q2',
      'assistant: old A2',
      'user: new Q',
    ]);
  });
});
