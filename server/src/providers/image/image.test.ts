import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeMidjourneyProxy,
  type FakeMidjourneyProxy,
} from '../../../test/fakes/midjourney-proxy.js';
import { buttonsFor, gridButtons, parseCustomId, upscaleButtons } from './custom-ids.js';
import { demoBannedWord, demoStateAt, demoStepOf } from './demo-midjourney.js';
import { renderRecipe, sliceGrid, type DemoRecipe } from './demo-render.js';
import type { UpstreamError } from '../errors.js';
import { MidjourneyProxyClient } from './midjourney-proxy.js';
import { buildPrompt, PromptError, sizeFor } from './prompt.js';

describe('prompt builder', () => {
  it('reads typed flags, merges the form (the form wins) and writes them in order', () => {
    const built = buildPrompt('a red fox --ar 3:2 --s 50 --no text', {
      stylize: 250,
      chaos: 10,
      version: '6.1',
      style: 'raw',
      quality: 1,
      seed: 42,
      tile: true,
    });
    expect(built.text).toBe('a red fox');
    expect(built.finalPrompt).toBe(
      'a red fox --ar 3:2 --v 6.1 --style raw --s 250 --c 10 --q 1 --seed 42 --no text --tile',
    );
  });

  it('writes references with their weights', () => {
    const built = buildPrompt('hero', {
      imageUrls: ['https://x/a.png'],
      imageWeight: 1.5,
      crefUrls: ['https://x/c.png'],
      cw: 40,
      srefUrls: ['https://x/s.png'],
      sw: 300,
      niji: '6',
    });
    expect(built.finalPrompt).toBe(
      'hero --niji 6 --iw 1.5 --cref https://x/c.png --cw 40 --sref https://x/s.png --sw 300',
    );
  });

  it.each([
    ['cat --v 6 --niji 6', {}, 'params.niji'],
    ['cat --foo 1', {}, 'prompt'],
    ['cat --s lots', {}, 'prompt'],
    ['cat --s 5000', {}, 'prompt'],
    ['--ar 1:1', {}, 'prompt'],
    ['cat', { style: 'cute' as const }, 'params.style'],
    ['cat', { version: '5' as const, style: 'raw' as const }, 'params.style'],
    ['cat', { cw: 50 }, 'params.cw'],
    ['cat', { sw: 50 }, 'params.sw'],
    ['cat', { imageWeight: 1 }, 'params.imageWeight'],
    ['cat', { quality: 4 as const, version: '6' as const }, 'params.quality'],
    ['cat', { version: '5.2' as const, crefUrls: ['https://x/c.png'] }, 'params.crefUrls'],
    ['cat', { aspect: '0:1' }, 'params.aspect'],
  ])('refuses %s %j naming %s', (prompt, form, field) => {
    let caught: unknown;
    try {
      buildPrompt(prompt, form);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PromptError);
    expect((caught as PromptError).field).toBe(field);
  });

  it('sizes by aspect ratio', () => {
    expect(sizeFor('16:9', 1024)).toEqual({ width: 1024, height: 576 });
    expect(sizeFor('2:3', 1024)).toEqual({ width: 680, height: 1024 });
    expect(sizeFor(undefined, 512)).toEqual({ width: 512, height: 512 });
  });
});

describe('customIds', () => {
  it('reads back every button Midjourney shows', () => {
    const all = [...gridButtons('h1'), ...upscaleButtons('h1')];
    const actions = all.map((b) => parseCustomId(b.customId)?.action);
    expect(actions).toEqual([
      'upscale',
      'upscale',
      'upscale',
      'upscale',
      'reroll',
      'variation',
      'variation',
      'variation',
      'variation',
      'upscale_subtle',
      'upscale_creative',
      'high_variation',
      'low_variation',
      'inpaint',
      'zoom',
      'zoom',
      'custom_zoom',
      'pan',
      'pan',
      'pan',
      'pan',
    ]);
    expect(parseCustomId('MJ::Outpaint::50::1::h::SOLO')?.zoom).toBe(2);
    expect(parseCustomId('MJ::Outpaint::75::1::h::SOLO')?.zoom).toBe(1.5);
    expect(parseCustomId('MJ::JOB::pan_up::1::h::SOLO')?.pan).toBe('up');
    expect(parseCustomId('MJ::Inpaint::1::h::SOLO')?.modal).toBe(true);
    expect(parseCustomId('MJ::JOB::upsample::3::h')?.index).toBe(3);
    expect(parseCustomId('MJ::JOB::upsample::9::h')).toBeNull();
    expect(parseCustomId('rm -rf')).toBeNull();
    expect(buttonsFor('describe', 'h')).toEqual([]);
  });
});

describe('offline demo', () => {
  const base: DemoRecipe = { prompt: 'a red fox by the sea at sunset', steps: [] };
  const diff = async (a: Buffer, b: Buffer, size = 64) => {
    const [x, y] = await Promise.all(
      [a, b].map((i) =>
        sharp(i).resize(size, size, { fit: 'fill' }).removeAlpha().raw().toBuffer(),
      ),
    );
    let sum = 0;
    for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
    return sum / x!.length;
  };

  it('draws the same picture for the same prompt, a different one for another', async () => {
    const a = await renderRecipe(base, 256);
    const b = await renderRecipe(base, 256);
    const c = await renderRecipe({ prompt: 'blue city at night', steps: [] }, 256);
    expect(a.png.equals(b.png)).toBe(true);
    expect(await diff(a.png, c.png)).toBeGreaterThan(15);
    // Not a flat colour: many distinct pixel values.
    const raw = await sharp(a.png).raw().toBuffer();
    expect(new Set(raw.subarray(0, 30_000)).size).toBeGreaterThan(40);
  });

  it('keeps the aspect ratio and makes a 2×2 grid whose U2 is its second picture, larger', async () => {
    const wide = await renderRecipe({ ...base, aspect: '16:9' }, 512);
    expect([wide.width, wide.height]).toEqual([512, 288]);
    const grid = await renderRecipe(base, 512);
    const cells = await sliceGrid(grid.png);
    const u2 = await renderRecipe({ ...base, steps: [{ kind: 'upscale', cell: 2 }] }, 512);
    expect([u2.width, u2.height]).toEqual([512, 512]);
    const same = await diff(u2.png, cells[1]!.png);
    const other = await diff(u2.png, cells[0]!.png);
    expect(same).toBeLessThan(6);
    expect(other).toBeGreaterThan(same * 2);
  });

  it('changes the picture visibly for variations, zoom, pan and vary region', async () => {
    const up = { ...base, steps: [{ kind: 'upscale', cell: 1 }] } satisfies DemoRecipe;
    const upscaled = (await renderRecipe(up, 256)).png;
    for (const step of [
      { kind: 'variation', cell: 1, strength: 'strong' },
      { kind: 'zoom', factor: 2 },
      { kind: 'pan', dir: 'left' },
      { kind: 'inpaint', salt: 3 },
    ] as const) {
      const next = await renderRecipe({ ...up, steps: [...up.steps, step] }, 256);
      expect(await diff(upscaled, next.png), step.kind).toBeGreaterThan(4);
    }
    const panned = await renderRecipe(
      { ...up, steps: [...up.steps, { kind: 'pan', dir: 'right' }] },
      256,
    );
    expect(panned.width).toBeGreaterThan(panned.height);
  });

  it('paints --tile so that opposite edges meet', async () => {
    const edgeGap = async (tile: boolean) => {
      const recipe = { prompt: 'blue city by the sea at night', tile, steps: [] };
      const img = await renderRecipe({ ...recipe, steps: [{ kind: 'upscale', cell: 1 }] }, 128);
      const raw = await sharp(img.png).raw().toBuffer();
      let gap = 0;
      for (let y = 0; y < 128; y++)
        for (let c = 0; c < 3; c++)
          gap += Math.abs(raw[y * 128 * 3 + c]! - raw[(y * 128 + 127) * 3 + c]!);
      return gap / (128 * 3);
    };
    const [plain, tiled] = await Promise.all([edgeGap(false), edgeGap(true)]);
    expect(tiled).toBeLessThan(3);
    expect(plain).toBeGreaterThan(tiled * 2);
  });

  it('renders a full-size 1024 px grid as a PNG', async () => {
    // How fast it paints is a benchmark's business, not a test's: this checks what it paints.
    const grid = await renderRecipe({
      prompt: 'mountains and a lake under the stars at night',
      steps: [],
    });
    expect(Math.max(grid.width, grid.height)).toBe(1024);
    expect(grid.png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    const meta = await sharp(grid.png).metadata();
    expect([meta.width, meta.height]).toEqual([grid.width, grid.height]);
  });

  it('walks the protocol states by time and refuses its banned word', () => {
    const id = `demo-${1_000_000}-ab`;
    const at = (ms: number) => demoStateAt(id, 20, 1_000_000 + ms);
    expect([0, 25, 45, 65, 85, 105].map((ms) => [at(ms).status, at(ms).progress])).toEqual([
      ['NOT_START', 0],
      ['SUBMITTED', 0],
      ['IN_PROGRESS', 15],
      ['IN_PROGRESS', 40],
      ['IN_PROGRESS', 70],
      ['SUCCESS', 100],
    ]);
    expect(demoBannedWord('a NSFW picture')).toBe('nsfw');
    expect(demoBannedWord('a fox')).toBeNull();
    expect(demoStepOf(parseCustomId('MJ::Outpaint::75::1::h::SOLO')!, { salt: 1 })).toEqual({
      kind: 'zoom',
      factor: 1.5,
    });
  });
});

describe('midjourney-proxy client', () => {
  let fake: FakeMidjourneyProxy;
  let other: http.Server;
  let otherUrl = '';
  const otherSecrets: Array<string | undefined> = [];
  beforeAll(async () => {
    fake = await startFakeMidjourneyProxy({ stepMs: 20 });
    other = http.createServer((req, res) => {
      otherSecrets.push(req.headers['mj-api-secret'] as string | undefined);
      res.writeHead(307, { location: `${fake.url}/mj/submit/imagine` });
      res.end();
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await fake.close();
    await new Promise<void>((r) => other.close(() => r()));
  });
  const client = (over: Partial<ConstructorParameters<typeof MidjourneyProxyClient>[0]> = {}) =>
    new MidjourneyProxyClient({
      baseUrl: fake.url,
      secret: fake.secret,
      flavour: 'novicezk',
      timeoutMs: 2000,
      ...over,
    });
  const failure = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (error) {
      return error as UpstreamError;
    }
    throw new Error('expected a failure');
  };

  it('submits with the secret, polls to SUCCESS and sees the real buttons', async () => {
    const ok = await client().imagine({ prompt: 'a fox --ar 1:1', state: '7' });
    expect(fake.lastSubmit().secret).toBe(fake.secret);
    let task = await client().fetchTask(ok.taskId);
    for (let i = 0; i < 100 && task.status !== 'SUCCESS'; i++) {
      await new Promise((r) => setTimeout(r, 15));
      task = await client().fetchTask(ok.taskId);
    }
    expect(task.status).toBe('SUCCESS');
    expect(task.buttons?.map((b) => b.label)).toContain('U1');
    const listed = await client().listByCondition([ok.taskId]);
    expect(listed.map((t) => t.id)).toEqual([ok.taskId]);
  });

  it('uses the trueai speed prefix', async () => {
    await client({ flavour: 'trueai' }).imagine({ prompt: 'x' }, 'relax');
    expect(fake.lastSubmit().mode).toBe('relax');
  });

  it('tells permanent, transient and banned failures apart', async () => {
    expect((await failure(client({ secret: 'wrong' }).imagine({ prompt: 'x' }))).retry).toBe(
      'permanent',
    );
    fake.queueFullNext = 1;
    expect((await failure(client().imagine({ prompt: 'x' }))).retry).toBe('transient');
    fake.http500Next = 1;
    expect((await failure(client().imagine({ prompt: 'x' }))).retry).toBe('transient');
    const banned = await failure(client().imagine({ prompt: 'a bannedword here' }));
    expect(banned.retry).toBe('permanent');
    expect(banned.kind).toBe('banned');
    expect(banned.detail.bannedWord).toBe('bannedword');
    expect((await failure(client().imagine({ prompt: '' }))).retry).toBe('permanent');
    fake.queuedNext = 1;
    expect((await client().imagine({ prompt: 'x' })).queuedAhead).toBe(2);
    const down = await failure(client({ baseUrl: 'http://127.0.0.1:1' }).imagine({ prompt: 'x' }));
    expect(down.retry).toBe('transient');
    expect(down.message).not.toContain(fake.secret);
  });

  it('never follows a redirect with the secret to another host', async () => {
    const e = await failure(
      client({ baseUrl: otherUrl, secret: 'other-secret' }).imagine({ prompt: 'x' }),
    );
    expect(e.retry).toBe('permanent');
    expect(otherSecrets).toEqual(['other-secret']);
    expect(fake.requests.filter((r) => r.secret === 'other-secret')).toEqual([]);
    expect(e.message).not.toContain('other-secret');
  });
});
