import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../providers/errors.js';
import * as newapi from '../../providers/music/newapi-suno.js';
import { getTask } from '../tasks/index.js';
import { alice, balance, fakes, finished, models, submit, t, useMusicApp } from './music.setup.js';

/*
 * Suno through New API as its source has it (test/fakes/suno.ts): refusals end a song at
 * once, and a submit whose answer is lost is not sent again. The fake counts the jobs.
 */
useMusicApp();

describe('Suno through New API', () => {
  it('refuses an extend without the task id that made the clip (the fake, as New API does)', async () => {
    const fake = fakes.newapi;
    const up = { baseUrl: fake.url, apiKey: fake.key, timeoutMs: 5000 };
    const jobs = fake.jobs;
    const refused = await newapi
      .submitMusic(up, { mv: 'chirp-v4', make_instrumental: false, continue_clip_id: 'clip-1' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(refused).toMatchObject({ retry: 'permanent', status: 400 });
    expect(String((refused as Error).message)).toMatch(/task id is empty/);
    expect(fake.jobs).toBe(jobs);
  });

  it('a refusal fails the song at once, in words, with nothing charged and no job', async () => {
    const fake = fakes.newapi;
    const before = await balance(alice);
    const [submits, jobs] = [fake.submits.length, fake.jobs];
    fake.quotaRefusals = 1;
    const task = await submit(alice, { modelId: models.newapi, mode: 'inspiration', prompt: 'x' });
    const done = await finished(alice, task.id);
    expect(done.status).toBe(4);
    expect(done.error).toMatch(/^The song failed\. .*usage limit/);
    expect(done.error).not.toMatch(/several tries/);
    expect(fake.submits.length - submits).toBe(1); // not tried again
    expect(fake.jobs).toBe(jobs);
    expect((await getTask(t.app.ctx, alice.userId, task.id)).attempts).toBe(0);
    expect(await balance(alice)).toBe(before);
  });

  it('a submit whose answer is lost is not sent again: one job, nothing charged', async () => {
    const fake = fakes.newapi;
    const before = await balance(alice);
    const [submits, jobs] = [fake.submits.length, fake.jobs];
    fake.dropSubmits = 1;
    const task = await submit(alice, { modelId: models.newapi, mode: 'inspiration', prompt: 'y' });
    const done = await finished(alice, task.id);
    expect(done.status).toBe(4);
    expect(done.error).toMatch(/did not confirm the request.*nothing was charged/);
    expect(fake.submits.length - submits).toBe(1);
    expect(fake.jobs - jobs).toBe(1);
    expect(await balance(alice)).toBe(before);
  });
});
