import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAIImages, type FakeOpenAIImages } from '../../../test/fakes/openai-images.js';
import { checkConnection, generateImages } from './openai-images.js';

/** The OpenAI images adapter alone against the fake: answers, relay paths and the connection check. */
let fake: FakeOpenAIImages;
beforeAll(async () => {
  fake = await startFakeOpenAIImages();
});
afterAll(() => fake.close());

describe('openai-images adapter', () => {
  it('DALL·E asked for b64_json answers bytes; several pictures come back in order', async () => {
    const out = await generateImages({
      baseUrl: fake.url,
      apiKey: fake.secret,
      model: 'dall-e-2',
      prompt: 'two cats',
      n: 2,
      size: '256x256',
      responseFormat: 'b64_json',
      timeoutMs: 5000,
    });
    expect(out).toHaveLength(2);
    expect(out.every((o) => o.bytes && o.bytes.subarray(1, 4).toString() === 'PNG')).toBe(true);
    expect(fake.requests.at(-1)!.json).toMatchObject({ n: 2, response_format: 'b64_json' });
  });

  it('a wrong key is a permanent 401; a 429 is worth retrying', async () => {
    const call = (apiKey: string) =>
      generateImages({
        baseUrl: fake.url,
        apiKey,
        model: 'dall-e-3',
        prompt: 'x',
        timeoutMs: 5000,
      });
    await expect(call('bad')).rejects.toMatchObject({ status: 401, retry: 'permanent' });
    fake.failStatus = 429;
    await expect(call(fake.secret)).rejects.toMatchObject({ status: 429, retry: 'transient' });
    fake.failStatus = null;
  });

  it('checkConnection lists the models or says what is wrong', async () => {
    const p = { baseUrl: fake.url, apiKey: fake.secret, timeoutMs: 2000 };
    expect(await checkConnection(p)).toBe('connected: 3 models listed');
    await expect(checkConnection({ ...p, apiKey: 'bad' })).rejects.toThrow(
      /key was refused \(401\)/,
    );
    await expect(checkConnection({ ...p, baseUrl: `${fake.url}/nothing` })).rejects.toThrow(/404/);
    await expect(checkConnection({ ...p, baseUrl: 'http://127.0.0.1:9/v1' })).rejects.toThrow(
      /cannot reach/,
    );
  });
});
