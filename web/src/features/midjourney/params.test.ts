import { describe, expect, it } from 'vitest';
import {
  checkParams,
  cleanParams,
  fieldOfError,
  paramsToFlags,
  rememberedParams,
  withoutPanelFlags,
} from './params';

describe('parameters → prompt flags', () => {
  it('writes each parameter as its Midjourney flag', () => {
    expect(
      paramsToFlags({
        aspect: '16:9',
        version: '6.1',
        style: 'raw',
        stylize: 250,
        chaos: 10,
        quality: 0.5,
        seed: 42,
        no: 'text, frame',
        tile: true,
      }),
    ).toBe(
      '--ar 16:9 --v 6.1 --style raw --s 250 --c 10 --q 0.5 --seed 42 --no text, frame --tile',
    );
  });

  it('writes niji instead of a version and weights only with their pictures', () => {
    expect(paramsToFlags({ niji: '6', version: '6' })).toBe('--niji 6');
    expect(paramsToFlags({ cw: 50, sw: 100, imageWeight: 2 })).toBe('');
    expect(
      paramsToFlags({ crefUrls: ['/a.png'], cw: 50, imageUrls: ['/b.png'], imageWeight: 2 }),
    ).toBe('--iw 2 --cref … --cw 50');
    expect(paramsToFlags({ stylize: 0, mode: 'relax' })).toBe('--s 0 --relax');
  });

  it('drops empty values and keeps zero', () => {
    expect(
      cleanParams({ no: '  ', tile: false, imageUrls: [], chaos: 0, aspect: ' 1:1 ' }),
    ).toEqual({ chaos: 0, aspect: '1:1' });
    expect(rememberedParams({ stylize: 100, crefUrls: ['/x.png'], imageUrls: ['/y.png'] })).toEqual(
      { stylize: 100 },
    );
  });
});

describe('parameter checks', () => {
  it('accepts a valid set', () => {
    expect(checkParams({ aspect: '3:2', version: '7', quality: 4, style: 'raw' })).toEqual([]);
    expect(checkParams({ niji: '5', style: 'cute' })).toEqual([]);
  });

  it('names the field of each refused combination', () => {
    const fields = (p: Parameters<typeof checkParams>[0]) => checkParams(p).map((i) => i.field);
    expect(fields({ niji: '6', version: '6' })).toEqual(['niji']);
    expect(fields({ niji: '6', style: 'cute' })).toEqual(['style']);
    expect(fields({ version: '5', style: 'raw' })).toEqual(['style']);
    expect(fields({ version: '6.1', quality: 4 })).toEqual(['quality']);
    expect(fields({ cw: 10, sw: 5, imageWeight: 1 })).toEqual(['cw', 'sw', 'imageWeight']);
    expect(fields({ aspect: '16x9' })).toEqual(['aspect']);
  });

  it('reads the field a 400 names', () => {
    expect(fieldOfError({ errors: [{ field: 'params.stylize', message: 'x' }] })).toBe('stylize');
    expect(fieldOfError({ field: 'prompt' })).toBe('prompt');
    expect(fieldOfError(null)).toBeNull();
  });
});

describe('suggestions beside the parameter panel', () => {
  it('lose the flags the panel sets, whatever their spelling, and keep the rest', () => {
    const s = 'a fox in snow, soft light --ar 16:9 --niji 6 --s 200 --tile --no text, logo';
    expect(withoutPanelFlags(s, { aspect: '1:1', version: '6.1' })).toBe(
      'a fox in snow, soft light --s 200 --tile --no text, logo',
    );
    expect(withoutPanelFlags(s, { stylize: 100, tile: true, no: 'cars' })).toBe(
      'a fox in snow, soft light --ar 16:9 --niji 6',
    );
    expect(withoutPanelFlags('a cat --aspect 3:4', { aspect: '1:1' })).toBe('a cat');
    // Nothing set in the panel: the suggestion as it came.
    expect(withoutPanelFlags(s, { no: '  ', tile: false })).toBe(s);
  });
});
