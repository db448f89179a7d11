import { describe, expect, it } from 'vitest';
import { taskAspect } from './aspect';

const task = (over: Partial<Parameters<typeof taskAspect>[0]> = {}) => ({
  images: [],
  params: {},
  finalPrompt: 'a lighthouse',
  ...over,
});

describe('taskAspect', () => {
  it("takes the picture's own size first", () => {
    const images = [{ url: 'u', thumbUrl: 't', width: 1456, height: 816 }];
    expect(taskAspect(task({ images, params: { aspect: '1:1' } }))).toBe('1456 / 816');
  });

  it('falls back to the aspect flag of the task, then of its prompt, then square', () => {
    const unsized = [{ url: 'u', thumbUrl: 't', width: 0, height: 0 }];
    expect(taskAspect(task({ images: unsized, params: { aspect: '16:9' } }))).toBe('16 / 9');
    expect(taskAspect(task({ finalPrompt: 'sea --ar 2:3 --v 6.1' }))).toBe('2 / 3');
    expect(taskAspect(task({ finalPrompt: 'sea --ar 0:3' }))).toBe('1 / 1');
    expect(taskAspect(task())).toBe('1 / 1');
  });
});
