import { describe, expect, it } from 'vitest';
import { describedPrompts } from './described';

describe('describe answers', () => {
  it('splits the four prompts and drops the keycap numbers', () => {
    expect(
      describedPrompts('1️⃣ a red sky --ar 1:1\n\n2️⃣ blue hills\n\n3. calm sea\n4) tall trees'),
    ).toEqual(['a red sky --ar 1:1', 'blue hills', 'calm sea', 'tall trees']);
  });
});
