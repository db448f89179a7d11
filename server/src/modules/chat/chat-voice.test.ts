import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat, credits } from '@atelier/contracts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakes/openai.js';
import { mpegFrame } from '../../../test/fakes/openai-audio.js';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { DEMO_TRANSCRIPT, espeakPath } from '../../providers/voice/index.js';
import { grant } from '../credits/index.js';
import { expectServerErrors } from '../../test/server-errors.js';

/*
 * Voice (docs/chat.md, "Voice"): a recording transcribed and an answer read aloud through the
 * fake OpenAI audio endpoints (server/test/fakes/openai-audio.ts), their prices held and
 * charged, refusals charging nothing, another user's answer out of reach, bad input named; then
 * the offline demo.
 */

let t: TestApp;
let fake: FakeOpenAI;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
const ids: Record<string, number> = {};
const en = { 'x-lang': 'en-US' };

/** A WAV file of `seconds` of silence (8 kHz, 8-bit mono). */
function wav(seconds: number): Buffer {
  const data = Buffer.alloc(Math.round(8000 * seconds), 0x80);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(8000, 24);
  head.writeUInt32LE(8000, 28);
  head.writeUInt16LE(1, 32);
  head.writeUInt16LE(8, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

/** A multipart body: text fields first, then the file (when given) in the field `file`. */
function form(
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string },
) {
  const boundary = `----atelier${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  };
}

const transcribe = async (user: TestUser, body: ReturnType<typeof form>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/chat/voice/transcribe',
    headers: { ...en, authorization: `Bearer ${user.token}`, ...body.headers },
    payload: body.payload,
  });

const speak = async (user: TestUser, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/chat/voice/speak',
    headers: { ...en, authorization: `Bearer ${user.token}` },
    payload: payload as Record<string, unknown>,
  });

const balance = async (u: TestUser) => (await t.app.ctx.balances.read(u.userId)).credits;
const charges = async (u: TestUser) =>
  t.app.ctx.db.kysely
    .selectFrom('credit_ledger')
    .select(['amount'])
    .where('user_id', '=', u.userId)
    .where('kind', '=', 'charge')
    .execute();
const openHolds = async (u: TestUser) =>
  t.app.ctx.db.kysely
    .selectFrom('credit_holds')
    .select('id')
    .where('user_id', '=', u.userId)
    .where('status', '=', 'held')
    .execute();
const fieldOf = (body: string) =>
  (JSON.parse(body) as { data?: { errors?: Array<{ field: string }> } }).data?.errors?.[0]?.field;

const updateModel = async (name: string, fields: Partial<chat.ModelFields>) =>
  expect(
    (
      await callEndpoint(t.app, chat.adminUpdateModel, {
        token: admin.token,
        body: { id: ids[name]!, ...fields },
      })
    ).status,
  ).toBe(200);

/** An answer of `user`'s saved in a chat of theirs. */
async function answerOf(user: TestUser, content: string): Promise<number> {
  const group = await callEndpoint(t.app, chat.createGroup, {
    token: user.token,
    body: {},
  });
  const row = await t.app.ctx.db.kysely
    .insertInto('chat_logs')
    .values({
      user_id: user.userId,
      group_id: group.body.data.id,
      app_id: null,
      role: 'assistant',
      content,
      image_url: null,
      model: 'Fake',
      status: 'done',
      prompt_tokens: 0,
      completion_tokens: 0,
      credits: 0,
      created_at: new Date().toISOString(),
      reasoning_ms: null,
      finish_reason: null,
      parent_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  alice = await createUser(t.app);
  bob = await createUser(t.app);
  for (const u of [alice, bob])
    await grant(t.app.ctx.db.kysely, {
      userId: u.userId,
      amount: 1000,
      kind: 'admin_adjust',
      ref: 'test',
      idempotencyKey: `voice-test:${u.userId}`,
    });
  const price = (
    body: Partial<credits.PriceFields> & { category: credits.PriceFields['category'] } & Pick<
        credits.PriceFields,
        'model' | 'action' | 'label'
      >,
  ) => callEndpoint(t.app, credits.adminCreatePrice, { token: admin.token, body });
  expect(
    (
      await price({
        model: 'fake-stt',
        action: 'transcribe',
        category: 'transcription',
        label: 'Fake speech-to-text',
        unit: 'call',
        credits: 3,
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await price({
        model: 'fake-tts',
        action: 'speak',
        category: 'speech',
        label: 'Fake speech',
        unit: '1k_tokens',
        credits: 1,
        inputPer1k: 100,
      })
    ).status,
  ).toBe(200);
  const provider = await callEndpoint(t.app, chat.adminCreateProvider, {
    token: admin.token,
    body: { name: 'fake-audio', protocol: 'openai', baseUrl: fake.url, apiKey: 'sk-audio' },
  });
  expect(provider.status).toBe(200);
  for (const [name, upstreamModel, kind, priceKey, systemPrompt] of [
    ['Fake STT', 'fake-stt', 'transcription', 'fake-stt:transcribe', ''],
    ['Fake TTS', 'fake-tts', 'speech', 'fake-tts:speak', 'nova'],
  ] as const) {
    const model = await callEndpoint(t.app, chat.adminCreateModel, {
      token: admin.token,
      body: {
        name,
        upstreamModel,
        kind,
        priceKey,
        systemPrompt,
        providerId: provider.body.data.id,
        sort: 0,
      },
    });
    expect(model.status).toBe(200);
    ids[name] = model.body.data.id;
  }
  fake.apiKey = 'sk-audio';
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('voice through an OpenAI-compatible model', () => {
  it('offers both sides with their prices', async () => {
    const info = await callEndpoint(t.app, chat.voiceInfo, { token: alice.token });
    expect(info.body.data).toMatchObject({
      transcribe: { available: true, demo: false, credits: 3, per: 'call' },
      speak: { available: true, demo: false, credits: 100, per: '1k_chars' },
      maxSeconds: 120,
    });
  });

  it('transcribes a recording and charges its price once', async () => {
    const before = await balance(alice);
    const res = await transcribe(
      alice,
      form(
        { seconds: '1.5', language: 'en' },
        { bytes: wav(1.5), name: 'x.wav', type: 'audio/wav' },
      ),
    );
    expect(res.statusCode).toBe(200);
    const data = (JSON.parse(res.body) as { data: chat.Transcription }).data;
    expect(data).toMatchObject({ text: fake.transcript, demo: false, credits: 3 });
    expect(await balance(alice)).toBe(before - 3);
    const sent = fake.audioRequests.at(-1)!;
    expect(sent.path).toBe('/v1/audio/transcriptions');
    expect(sent.fields).toMatchObject({
      model: 'fake-stt',
      response_format: 'json',
      language: 'en',
    });
    expect(sent.file).toMatchObject({ name: 'recording.wav', type: 'audio/wav' });
    expect(await openHolds(alice)).toEqual([]);
  });

  it('reads an answer aloud as streamed MP3, charged per 1,000 characters', async () => {
    const id = await answerOf(
      alice,
      '## Paris\n\nIt is **sunny** today [1]. See [the map](https://example.com).',
    );
    const before = await balance(alice);
    const res = await speak(alice, { messageId: id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.length).toBe(fake.speechPieces * 4 * mpegFrame().length);
    expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfb]));
    const sent = fake.audioRequests.at(-1)!;
    expect(sent.json).toEqual({
      model: 'fake-tts',
      input: 'Paris It is sunny today . See the map.',
      voice: 'nova',
      response_format: 'mp3',
    });
    // 38 characters at 100 credits per 1,000: 3.8, rounded up.
    expect(before - (await balance(alice))).toBe(4);
    expect(await openHolds(alice)).toEqual([]);
  });

  it('charges nothing when the upstream refuses', async () => {
    expectServerErrors(502);
    const id = await answerOf(alice, 'A short answer.');
    const before = await balance(alice);
    const chargesBefore = (await charges(alice)).length;
    await updateModel('Fake TTS', { systemPrompt: 'bogus' });
    const refused = await speak(alice, { messageId: id });
    expect(refused.statusCode).toBe(502);
    expect(refused.body).toContain("Invalid value: 'bogus'");
    await updateModel('Fake TTS', { systemPrompt: 'nova' });
    await updateModel('Fake STT', { upstreamModel: 'fake-stt-500' });
    const failed = await transcribe(
      alice,
      form({ seconds: '1' }, { bytes: wav(1), name: 'a.wav', type: 'audio/wav' }),
    );
    expect(failed.statusCode).toBe(502);
    await updateModel('Fake STT', { upstreamModel: 'fake-stt' });
    expect(await balance(alice)).toBe(before);
    expect((await charges(alice)).length).toBe(chargesBefore);
    expect(await openHolds(alice)).toEqual([]);
  });

  it('releases the hold when the speech stream breaks midway', async () => {
    const id = await answerOf(alice, 'An answer whose reading breaks.');
    const before = await balance(alice);
    const chargesBefore = (await charges(alice)).length;
    await updateModel('Fake TTS', { upstreamModel: 'fake-tts-broken' });
    const res = await speak(alice, { messageId: id }).catch(() => null);
    await updateModel('Fake TTS', { upstreamModel: 'fake-tts' });
    // The head was sent (200) before the break: the body ends short, or the socket errors.
    if (res) expect(res.rawPayload.length).toBeLessThan(fake.speechPieces * 4 * mpegFrame().length);
    await expect.poll(async () => (await openHolds(alice)).length).toBe(0);
    expect(await balance(alice)).toBe(before);
    expect((await charges(alice)).length).toBe(chargesBefore);
  });

  it("never reads another user's answer", async () => {
    const id = await answerOf(alice, 'Only for Alice.');
    const calls = fake.audioRequests.length;
    const before = await balance(bob);
    const res = await speak(bob, { messageId: id });
    expect(res.statusCode).toBe(404);
    expect(fieldOf(res.body)).toBe('messageId');
    expect(fake.audioRequests.length).toBe(calls);
    expect(await balance(bob)).toBe(before);
  });

  it('refuses bad input with a 4xx naming the field, before any upstream call', async () => {
    const calls = fake.audioRequests.length;
    const noFile = await transcribe(alice, form({ seconds: '1' }));
    expect([noFile.statusCode, fieldOf(noFile.body)]).toEqual([400, 'file']);
    const tooLong = await transcribe(
      alice,
      form({ seconds: '999' }, { bytes: wav(1), name: 'a.wav', type: 'audio/wav' }),
    );
    expect([tooLong.statusCode, fieldOf(tooLong.body)]).toEqual([400, 'seconds']);
    const notAudio = await transcribe(
      alice,
      form(
        { seconds: '1' },
        { bytes: Buffer.from('%PDF-1.7 not audio at all'), name: 'a.webm', type: 'audio/webm' },
      ),
    );
    expect([notAudio.statusCode, fieldOf(notAudio.body)]).toEqual([400, 'file']);
    const big = await transcribe(
      alice,
      form({ seconds: '1' }, { bytes: wav(1400), name: 'a.wav', type: 'audio/wav' }),
    );
    expect([big.statusCode, fieldOf(big.body)]).toEqual([413, 'file']);
    const badId = await speak(alice, { messageId: 'seven' });
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('messageId');
    expect(fake.audioRequests.length).toBe(calls);
  });
});

describe('the offline demo', () => {
  beforeAll(async () => {
    await updateModel('Fake STT', { enabled: false });
    await updateModel('Fake TTS', { enabled: false });
  });

  it('answers a fixed transcript named as a demo', async () => {
    const info = await callEndpoint(t.app, chat.voiceInfo, { token: alice.token });
    expect(info.body.data.transcribe).toMatchObject({ available: true, demo: true, credits: 1 });
    const res = await transcribe(
      alice,
      form({ seconds: '1' }, { bytes: wav(1), name: 'a.wav', type: 'audio/wav' }),
    );
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).data).toMatchObject({
      text: DEMO_TRANSCRIPT['en-US'],
      demo: true,
      credits: 1,
    });
  });

  it.runIf(espeakPath() !== null)('reads aloud with espeak-ng as WAV', async () => {
    const id = await answerOf(alice, 'Hello from the offline demo.');
    const before = await balance(alice);
    const res = await speak(alice, { messageId: id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(res.rawPayload.length).toBeGreaterThan(10_000);
    expect(before - (await balance(alice))).toBe(1);
  });
});
