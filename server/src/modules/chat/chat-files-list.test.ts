import { describe, expect, it } from 'vitest';
import { chat } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer } from '../../test/harness.js';
import { storageOf } from '../../storage/index.js';
import { attach, samplePdf } from './chat-files.setup.js';
import { alice, bob, fake, logsOf, models, newGroup, stream, t, useChatApp } from './chat.setup.js';

/*
 * My attached files (docs/chat.md, Files in the conversation): the owner lists and deletes
 * them; a deleted file's bytes and text are gone, it enters no context, and its chips say so.
 */
useChatApp();

const pdf = samplePdf([['The secret word is PELICAN.'], ['Page two says the harbour is closed.']]);
const csv = Buffer.from('city,population\nOslo,709000\nBergen,291000\n');

describe('my attached files', () => {
  it('lists and deletes its owner’s files: bytes and text gone, no longer in context, shown as deleted', async () => {
    const h = bearer(alice.token);
    const kept = await attach(alice.token, csv, 'kept.csv');
    const gone = await attach(alice.token, pdf, 'gone.pdf', 'application/pdf');
    const theirs = await attach(bob.token, csv, 'bobs.csv');
    const list = await callEndpoint(t.app, chat.listChatFiles, { headers: h });
    expect(list.status).toBe(200);
    const ids = list.body.data.rows.map((f) => f.id);
    // Newest first, the owner's only.
    expect(ids.slice(0, 2)).toEqual([gone.body.data.id, kept.body.data.id]);
    expect(ids).not.toContain(theirs.body.data.id);
    expect(list.body.data.rows[0]).toMatchObject({
      name: 'gone.pdf',
      size: pdf.length,
      pages: 2,
      format: 'pdf',
    });
    expect(list.body.data.rows[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}/);

    const groupId = await newGroup(h);
    await stream(h, {
      gptModelId: models.Fake,
      prompt: 'Read this',
      options: { groupId },
      fileIds: [gone.body.data.id],
    });
    const stored = await t.app.ctx.db.kysely
      .selectFrom('chat_files')
      .innerJoin('files', 'files.id', 'chat_files.file_id')
      .select(['files.id', 'files.key'])
      .where('chat_files.id', '=', gone.body.data.id)
      .executeTakeFirstOrThrow();
    const storage = storageOf(t.app.ctx.config);
    expect(await storage.get(stored.key)).not.toBeNull();

    // Another user's id, and a missing one: 404 naming `id`, and nothing deleted.
    for (const [who, id] of [
      [bob.token, gone.body.data.id],
      [alice.token, theirs.body.data.id],
      [alice.token, 2_000_000_000],
    ] as const) {
      const r = await callEndpoint(t.app, chat.deleteChatFile, {
        headers: bearer(who),
        body: { id },
      });
      expect(r.status).toBe(404);
      expect(JSON.stringify(r.body)).toContain('"field":"id"');
    }
    const bad = await callEndpoint(t.app, chat.deleteChatFile, {
      headers: h,
      body: { id: 'x' as unknown as number },
    });
    expect(bad.status).toBe(400);
    expect(await storage.get(stored.key)).not.toBeNull();

    const del = await callEndpoint(t.app, chat.deleteChatFile, {
      headers: h,
      body: { id: gone.body.data.id },
    });
    expect(del.status).toBe(200);
    // Its text and its bytes are gone.
    const left = await t.app.ctx.db.kysely
      .selectFrom('chat_files')
      .select('id')
      .where('id', '=', gone.body.data.id)
      .execute();
    expect(left).toEqual([]);
    const row = await t.app.ctx.db.kysely
      .selectFrom('files')
      .select('id')
      .where('id', '=', stored.id)
      .execute();
    expect(row).toEqual([]);
    expect(await storage.get(stored.key)).toBeNull();
    const after = await callEndpoint(t.app, chat.listChatFiles, { headers: h });
    expect(after.body.data.rows.map((f) => f.id)).not.toContain(gone.body.data.id);
    // Bob's file is untouched.
    const bobs = await callEndpoint(t.app, chat.listChatFiles, { headers: bearer(bob.token) });
    expect(bobs.body.data.rows.map((f) => f.id)).toContain(theirs.body.data.id);

    // The question shows it as deleted; later questions and an answer asked again go without it.
    const logs = await logsOf(h, groupId);
    expect(logs[0]!.files).toMatchObject([{ id: gone.body.data.id, deleted: true }]);
    await stream(h, { gptModelId: models.Fake, prompt: 'And now?', options: { groupId } });
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).not.toContain('PELICAN');
    const again = await stream(h, {
      gptModelId: models.Fake,
      prompt: 'ignored',
      options: { groupId, regenerateOf: logs[0]!.id },
    });
    expect(again.status).toBe(200);
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).not.toContain('<file ');
    // Sent again by id, it is a 404 like any missing file.
    const resend = await stream(h, {
      gptModelId: models.Fake,
      prompt: 'Read it',
      options: { groupId },
      fileIds: [gone.body.data.id],
    });
    expect(resend.status).toBe(404);
  });
});
