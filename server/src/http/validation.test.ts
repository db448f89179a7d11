import { drawing } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { describeIssue } from './validation.js';

describe('validation messages', () => {
  it("names a discriminated union's choices in the caller's language, never zod's English", () => {
    const parsed = drawing.queueDrawing.body!.safeParse({ prompt: 'a cat' });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(describeIssue(issue, 'zh-CN')).toBe(
      '必须是以下之一：imagine、action、video、blend、describe、faceswap',
    );
    expect(describeIssue(issue, 'en-US')).toBe(
      'must be one of imagine, action, video, blend, describe, faceswap',
    );
    for (const lang of ['zh-CN', 'zh-TW'] as const)
      expect(describeIssue(issue, lang)).not.toMatch(/Invalid|Expected/);
  });
});
