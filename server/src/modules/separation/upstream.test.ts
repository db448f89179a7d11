import { describe, expect, it } from 'vitest';
import { TaskStatus } from '@atelier/contracts';
import { bearer, call } from '../../test/harness.js';
import { decodeWav, durationOf } from '../../lib/wav.js';
import { checkConnection } from '../../providers/audio/audio-separator.js';
import { freePort } from '../../../test/drawing-support.js';
import {
  alice,
  balance,
  bob,
  bytesOf,
  fake,
  fakeModelId,
  finish,
  PRICE,
  statusOf,
  stereo,
  submit,
  t,
  uploadAudio,
  useSeparationApp,
  wavBytes,
} from './separation.setup.js';

useSeparationApp();

describe('separation through an audio-separator server (fake on loopback)', () => {
  it('round-trips an upload into two stored stems that decode, charging the price once', async () => {
    const before = await balance(alice);
    const up = await uploadAudio(alice, wavBytes(stereo(1)), 'my song.wav');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toMatchObject({ mime: 'audio/wav', channels: 2, durationSeconds: 1 });
    const r = await submit(alice, {
      modelId: fakeModelId,
      source: { type: 'upload', url: up.body.data.url },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const seen: number[] = [];
    // Steps long enough for the engine's polls to see some of them on a loaded machine.
    fake.stepMs = 250;
    const done = await finish(alice, r.body.data.id, seen).finally(() => (fake.stepMs = 60));
    expect(done.status, done.error ?? '').toBe(TaskStatus.succeeded);
    // Progress in numbers on the way (the fake walks 5, 10, 30…).
    expect(seen.some((p) => p > 0 && p < 100)).toBe(true);
    expect(done).toMatchObject({ method: 'model', format: 'wav', credits: PRICE, demo: false });
    // What the upstream received: the file, the model, the format, the key.
    const sent = fake.submits.at(-1)!;
    expect(sent.model).toBe('model_bs_roformer_ep_317_sdr_12.9755.ckpt');
    expect(sent.outputFormat).toBe('wav');
    expect(sent.authorization).toBe('Bearer k-123');
    expect(sent.bytes.equals(await bytesOf(up.body.data.url))).toBe(true);
    for (const stem of [done.vocals!, done.instrumental!]) {
      expect(stem.mime).toBe('audio/wav');
      const pcm = decodeWav(await bytesOf(stem.url));
      expect(durationOf(pcm)).toBeCloseTo(1, 3);
    }
    expect(done.vocals!.name).toMatch(/\(Vocals\)/);
    expect(done.instrumental!.name).toMatch(/\(Instrumental\)/);
    expect(done.durationSeconds).toBeCloseTo(1, 2);
    expect(await balance(alice)).toBe(before - PRICE);
  });

  it('a failed upstream separation refunds the hold and says why', async () => {
    const up = await uploadAudio(alice, wavBytes());
    const before = await balance(alice);
    fake.failNext = 1;
    const r = await submit(alice, {
      modelId: fakeModelId,
      source: { type: 'upload', url: up.body.data.url },
    });
    expect(r.status).toBe(200);
    const done = await finish(alice, r.body.data.id);
    expect(done.status).toBe(TaskStatus.failed);
    // The user reads the class of failure; the upstream's words go to the log.
    expect(done.error).toBe('分离失败：服务未能给出结果，请重试。');
    expect(done.error).not.toMatch(/CUDA/);
    expect(done.credits).toBe(0);
    expect(done.vocals).toBeNull();
    expect(await balance(alice)).toBe(before);
    const stored = await t.app.ctx.db.kysely
      .selectFrom('files')
      .select('id')
      .where('task_id', '=', done.id)
      .execute();
    expect(stored).toHaveLength(0);
  });

  it('500s from the server are retried, then the separation succeeds', async () => {
    const up = await uploadAudio(alice, wavBytes());
    fake.http500Next = 2;
    const r = await submit(alice, {
      modelId: fakeModelId,
      source: { type: 'upload', url: up.body.data.url },
    });
    const done = await finish(alice, r.body.data.id);
    expect(done.status, done.error ?? '').toBe(TaskStatus.succeeded);
  });

  it('a slow separation shows its progress while it runs, and delete cancels it with a refund', async () => {
    const up = await uploadAudio(alice, wavBytes());
    const before = await balance(alice);
    fake.slow = true;
    try {
      const r = await submit(alice, {
        modelId: fakeModelId,
        source: { type: 'upload', url: up.body.data.url },
      });
      const end = Date.now() + 25_000;
      let s = (await statusOf(alice, r.body.data.id)).body.data;
      while (s.status !== TaskStatus.running && Date.now() < end)
        s = (await statusOf(alice, r.body.data.id)).body.data;
      expect(s.status).toBe(TaskStatus.running);
      expect(await balance(alice)).toBe(before - PRICE); // held
      const del = await call<{ deleted: number }>(t.app, {
        method: 'POST',
        url: '/api/separation/delete',
        headers: bearer(alice.token),
        payload: { id: r.body.data.id },
      });
      expect(del.body.data.deleted).toBe(1);
      expect(await balance(alice)).toBe(before);
    } finally {
      fake.slow = false;
    }
  });

  it('ownership: another user sees, uses and deletes none of it (404)', async () => {
    const up = await uploadAudio(alice, wavBytes());
    const r = await submit(alice, {
      modelId: fakeModelId,
      source: { type: 'upload', url: up.body.data.url },
    });
    const id = r.body.data.id;
    await finish(alice, id);
    expect((await statusOf(bob, id)).status).toBe(404);
    const del = await call(t.app, {
      method: 'POST',
      url: '/api/separation/delete',
      headers: bearer(bob.token),
      payload: { id },
    });
    expect(del.status).toBe(404);
    // Alice's upload is not Bob's to separate, and nothing is held from him.
    const before = await balance(bob);
    const steal = await submit(bob, {
      modelId: fakeModelId,
      source: { type: 'upload', url: up.body.data.url },
    });
    expect(steal.status).toBe(404);
    expect(await balance(bob)).toBe(before);
    const list = await call<{ rows: Array<{ id: number }> }>(t.app, {
      method: 'GET',
      url: '/api/separation/list',
      headers: bearer(bob.token),
    });
    expect(list.body.data.rows.map((x) => x.id)).not.toContain(id);
    const mine = await call<{ rows: Array<{ id: number }> }>(t.app, {
      method: 'GET',
      url: '/api/separation/list',
      headers: bearer(alice.token),
    });
    expect(mine.body.data.rows.map((x) => x.id)).toContain(id);
    // Without credentials: 401, not someone's data.
    const anon = await call(t.app, { method: 'GET', url: `/api/separation/status?id=${id}` });
    expect([401, 403]).toContain(anon.status);
  });

  it('checkConnection reads the model list, and says in words when the server is not there', async () => {
    const ok = await checkConnection({ baseUrl: fake.url, apiKey: null, timeoutMs: 2000 });
    expect(ok).toMatch(/2 models/);
    const closed = await freePort();
    await expect(
      checkConnection({ baseUrl: `http://127.0.0.1:${closed}`, apiKey: null, timeoutMs: 2000 }),
    ).rejects.toThrow(/unreachable \(connection refused\)/);
    await expect(
      checkConnection({ baseUrl: 'http://no-such-host.invalid', apiKey: null, timeoutMs: 2000 }),
    ).rejects.toThrow(/does not resolve/);
  });
});
