import { beforeEach, describe, expect, it } from 'vitest';
import { applyPrefill } from './prefill';
import { useComposer } from './mj-store';

describe('applyPrefill', () => {
  beforeEach(() => {
    useComposer.setState({ prompt: '', params: {}, modelId: undefined });
    useComposer.getState().clearRefs();
  });

  it('fills the prompt, model, every parameter and the references of a stored task', async () => {
    await applyPrefill({
      kind: 'mj',
      modelId: 7,
      prompt: 'a lighthouse',
      params: {
        modelId: 7,
        mode: 'relax',
        flags: {
          aspect: '16:9',
          chaos: 12,
          stylize: 250,
          seed: 4242,
          no: 'people',
          version: '6.1',
          tile: true,
          crefUrls: ['/api/files/u/1/a.png'],
          cw: 40,
        },
      },
    });
    const s = useComposer.getState();
    expect(s.prompt).toBe('a lighthouse');
    expect(s.modelId).toBe(7);
    expect(s.params).toEqual({
      aspect: '16:9',
      chaos: 12,
      stylize: 250,
      seed: 4242,
      no: 'people',
      version: '6.1',
      tile: true,
      cw: 40,
      mode: 'relax',
    });
    expect(s.refs.crefUrls.map((r) => r.url)).toEqual(['/api/files/u/1/a.png']);
  });

  it('keeps the valid fields when one is not a Midjourney value', async () => {
    await applyPrefill({ kind: 'mj', prompt: 'x', params: { chaos: 500, seed: 3 } });
    expect(useComposer.getState().params).toEqual({ seed: 3 });
  });
});
