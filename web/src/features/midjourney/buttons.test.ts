import { describe, expect, it } from 'vitest';
import { buttonKind, findButton, needsDialog } from './buttons';

const b = (customId: string, label = '') => ({ customId, label, emoji: '' });

describe('result buttons', () => {
  it('reads each Midjourney button from its customId', () => {
    expect(buttonKind(b('MJ::JOB::upsample::2::abc', 'U2'))).toEqual({ kind: 'upscale', index: 2 });
    expect(buttonKind(b('MJ::JOB::variation::4::abc'))).toEqual({ kind: 'variation', index: 4 });
    expect(buttonKind(b('MJ::JOB::reroll::0::abc::SOLO')).kind).toBe('reroll');
    expect(buttonKind(b('MJ::Outpaint::50::1::abc::SOLO'))).toEqual({ kind: 'zoomOut', factor: 2 });
    expect(buttonKind(b('MJ::Outpaint::75::1::abc::SOLO'))).toEqual({
      kind: 'zoomOut',
      factor: 1.5,
    });
    expect(buttonKind(b('MJ::JOB::pan_up::1::abc::SOLO'))).toEqual({
      kind: 'pan',
      direction: 'up',
    });
    expect(buttonKind(b('MJ::JOB::upsample_v6_2x_creative::1::abc::SOLO')).kind).toBe(
      'upscaleCreative',
    );
    expect(buttonKind(b('MJ::JOB::upsample_v7_2x_subtle::1::abc::SOLO')).kind).toBe(
      'upscaleSubtle',
    );
    expect(buttonKind(b('MJ::Inpaint::1::abc::SOLO')).kind).toBe('varyRegion');
    expect(buttonKind(b('MJ::CustomZoom::abc')).kind).toBe('customZoom');
    expect(buttonKind(b('something else')).kind).toBe('other');
  });

  it('knows which buttons ask for more first and finds one by kind', () => {
    expect(needsDialog({ kind: 'varyRegion' })).toBe(true);
    expect(needsDialog({ kind: 'upscale', index: 1 })).toBe(false);
    const list = [b('MJ::JOB::upsample::1::h'), b('MJ::JOB::upsample::3::h')];
    expect(findButton(list, (k) => k.kind === 'upscale' && k.index === 3)).toBe(list[1]);
  });
});
