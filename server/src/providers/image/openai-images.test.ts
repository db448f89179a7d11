import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAIImages, type FakeOpenAIImages } from '../../../test/fakes/openai-images.js';
import { checkConnection, generateImages, isGptImage } from './openai-images.js';

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

  it('every GPT image model of openai-node’s list answers base64 and is sent no DALL·E field', async () => {
    const models = [
      'gpt-image-1',
      'gpt-image-1-mini',
      'gpt-image-1.5',
      'gpt-image-2',
      'gpt-image-2-2026-04-21',
      'chatgpt-image-latest',
      'openai/GPT-Image-1',
    ];
    for (const model of models) {
      const [out] = await generateImages({
        baseUrl: fake.url,
        apiKey: fake.secret,
        model,
        prompt: 'a lighthouse',
        style: 'vivid',
        responseFormat: 'url',
        background: 'transparent',
        timeoutMs: 5000,
      });
      expect(out!.bytes?.subarray(1, 4).toString(), model).toBe('PNG');
      const sent = fake.requests.at(-1)!.json!;
      expect(sent, model).not.toHaveProperty('style');
      expect(sent, model).not.toHaveProperty('response_format');
      expect(sent, model).toMatchObject({ background: 'transparent' });
    }
    expect(isGptImage('dall-e-3') || isGptImage('dall-e-2')).toBe(false);
  });

  it('the fake refuses DALL·E’s fields for a GPT image model, as the API does', async () => {
    const res = await fetch(`${fake.url}/images/generations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'chatgpt-image-latest', prompt: 'x', style: 'vivid' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { param: 'style' } });
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
